import type { AlarmRecord } from "@/lib/contract/alarm/alarm-center";
import { ALARM_TYPE } from "@/lib/contract/alarm/enums";

/** An alarm's page: a module of its own, so a link to an alarm (robot records, operations) does not carry the alarm lists' columns and steps. */
export const alarmHref = (r: Pick<AlarmRecord, "id" | "alarmType">) => `/alarm/alarmCenterInfo?id=${r.id}&type=${r.alarmType === ALARM_TYPE.manual ? "alaManual" : "ala"}`;
