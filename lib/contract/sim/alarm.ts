import { z } from "zod";
import { defineCall } from "../call";
import { enableState } from "../common";
import { decimalIn, optional } from "../validation";
import { optionalSimId, simId } from "./common";
import { QUOTA_MAX_MB } from "./product";

/** A card using more than this in one day (MB) is anomalous by default: a device stuck reconnecting burnt 11 GB a day. */
export const DAILY_ALARM_MB = 1024;

/**
 * SIM alarms (issue 37): a pool passing its threshold (percent or amount) or running out, and a
 * card's anomalous day, raised once per period through the alarm workflow. The project whose
 * alarm centre takes pool alarms and alarms of cards bound to no device (a bound card's go to its
 * device's project), and the level of each kind (blank: the tenant's mildest and most severe).
 */
export const simAlarmSettings = z.object({
  enableStatus: enableState.default(1),
  projectId: optionalSimId,
  warnLevelId: optionalSimId,
  severeLevelId: optionalSimId,
  dailyMb: decimalIn(1, QUOTA_MAX_MB).default(DAILY_ALARM_MB),
});
export type SimAlarmSettings = z.infer<typeof simAlarmSettings>;

/** A pool's alarm line: a percent of its quota, or an amount (MB) instead when given. */
export const poolThresholdBody = z.object({
  id: simId,
  thresholdPct: z.coerce.number({ error: "validation.number" }).int("validation.integer").min(1, "validation.min").max(100, "validation.max"),
  thresholdMb: optional(decimalIn(1, QUOTA_MAX_MB)),
});

const count = z.number().int().nonnegative();
/** What one check raised: pool lines crossed, anomalous card days. */
export const simAlarmCheck = z.object({ pools: count, cards: count });

const SETTINGS = { menu: ["/sim/simSet"] } as const;
export const simAlarmApi = {
  info: defineCall({ kind: "get", path: "device/simAlarm/info", answer: simAlarmSettings, access: SETTINGS }),
  save: defineCall({ kind: "post", path: "device/simAlarm/save", input: simAlarmSettings, answer: simAlarmSettings, access: { perm: "dev:simAlarm:upd" } }),
  pool: defineCall({ kind: "post", path: "device/simAlarm/pool", input: poolThresholdBody, answer: z.object({ id: z.number().int(), thresholdPct: z.number().int(), thresholdMb: z.number().nullable() }), access: { perm: "dev:simAlarm:upd" } }),
  /** Checks the pools and cards at once (the sync does after every run). */
  check: defineCall({ kind: "post", path: "device/simAlarm/check", answer: simAlarmCheck, access: { perm: "dev:simAlarm:upd" } }),
};
