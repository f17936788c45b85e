import { eq, inArray } from "drizzle-orm";
import { CHANNEL, NOTICE_STATUS } from "@/lib/contract/alarm/enums";
import type { Locale } from "@/lib/contract/locale";
import { formatDateTime } from "@/lib/format";
import type { Db } from "../db/client";
import { alarmNames, type AlarmNames } from "../db/queries/alarm-names";
import type { AlarmRow, NoticeRecipient } from "../db/queries/alarms";
import { alarmNotices, notificationTemplates, stationMessages } from "../db/schema";
import type { Delivery } from "../lib/delivery";
import { t } from "../lib/i18n";
import { localized } from "../lib/i18n-text";
import { tenantOf } from "../lib/scope";
import { inboxChanged } from "../live/bus";

/** The system administration's template of each channel (core §4); the built-in text when a tenant has none enabled. */
const TEMPLATE_CODES: Record<number, string> = { [CHANNEL.site]: "alarm_site", [CHANNEL.sms]: "alarm_sms", [CHANNEL.email]: "alarm_email" };
const PLACEHOLDER = /\$\{\s*([A-Za-z_][\w.]*)\s*\}/g;
const fill = (text: string, vars: Record<string, string>) => text.replace(PLACEHOLDER, (_, name: string) => vars[name] ?? "");

/** The condition's text, and the device's name as the caller read it (used when the alarm has no device of its own to name in a recipient's language). */
export type NoticeContext = { deviceName: string; conditionText: string };

/** A new alarm to tell its rule's recipients about, through the rule's channels. */
export type AlarmNotice = { alarm: AlarmRow; channels: number[]; contacts: readonly NoticeRecipient[]; ctx: NoticeContext };

/**
 * Tells each alarm's recipients (`ruleRecipients`, read once for all the alarms of a rule a batch
 * raised) through its rule's channels: an in-site message to each contact joined to a console
 * user, an SMS to each phone, an e-mail to each address, each in the recipient's language (the
 * template's texts in it, else the built-in text) (the delivery falls back to the outbox and the
 * log when no gateway is configured). Every notice is recorded with its outcome; a failure is kept
 * with its reason, never lost. WeChat is recorded as not available. The alarms' names in every
 * language are read in one statement and each tenant's templates once, however many alarms; one
 * alarm's failure does not stop the others'. Answers how many alarms could not be told.
 */
export async function notifyAlarms(db: Db, delivery: Delivery, list: readonly AlarmNotice[]): Promise<number> {
  const told = list.filter((x) => x.contacts.length);
  if (!told.length) return 0;
  let names: Awaited<ReturnType<typeof alarmNames>>;
  try {
    names = await alarmNames(db, told.map((x) => x.alarm));
  } catch (err) {
    console.error(`[alarms] notifying alarms ${told.map((x) => x.alarm.id).join(", ")} failed:`, (err as Error).message);
    return told.length;
  }
  // A query builder runs again on every await: the map keeps the promise of one run (`execute`).
  const templates = new Map<number, Promise<(typeof notificationTemplates.$inferSelect)[]>>();
  const templatesOf = (tenantId: number) =>
    templates.get(tenantId) ??
    templates
      .set(tenantId, db.select().from(notificationTemplates).where(tenantOf(tenantId).where(notificationTemplates, eq(notificationTemplates.enabled, 1), inArray(notificationTemplates.code, Object.values(TEMPLATE_CODES)))).execute())
      .get(tenantId)!;
  let failed = 0;
  for (const x of told)
    try {
      await notifyAlarm(db, delivery, x, await templatesOf(x.alarm.tenantId), names.get(x.alarm.id));
    } catch (err) {
      failed++;
      console.error(`[alarms] notifying alarm ${x.alarm.id} failed:`, (err as Error).message);
    }
  return failed;
}

async function notifyAlarm(db: Db, delivery: Delivery, { alarm, channels, contacts, ctx }: AlarmNotice, templates: (typeof notificationTemplates.$inferSelect)[], names: Record<Locale, AlarmNames> | undefined) {
  const base = {
    alarmTime: formatDateTime(alarm.triggeredAt),
    identifier: alarm.identifier ?? "",
    value: alarm.value === null ? "" : String(alarm.value),
    threshold: ctx.conditionText,
  };
  // Each recipient reads the notice in its own language: the template's, the alarm's, the device's and the project's names in it.
  const render = (channel: number, realname: string, locale: Locale) => {
    const named = names?.[locale];
    const alarmName = named?.alarmName ?? alarm.alarmName;
    const levelName = named ? named.levelName : alarm.levelName;
    const vars = { ...base, deviceName: named?.deviceName ?? ctx.deviceName, prjName: named?.prjName ?? "", alarmName, alarmLevel: levelName ?? String(alarm.levelNum ?? ""), levelName: levelName ?? "", realname };
    const found = templates.find((x) => x.code === TEMPLATE_CODES[channel]);
    const tpl = found && localized(locale, found);
    if (tpl) return { title: fill(tpl.title, vars) || alarmName, body: fill(tpl.content, vars) };
    return { title: t(locale, "cloud.alarm.noticeTitle", vars), body: t(locale, "cloud.alarm.noticeBody", vars) };
  };
  const notices: (typeof alarmNotices.$inferInsert)[] = [];
  const attempt = async (channel: number, target: string, send: () => Promise<unknown>) => {
    try {
      await send();
      notices.push({ alarmId: alarm.id, channel, target, noticeStatus: NOTICE_STATUS.sent });
    } catch (err) {
      console.error(`[alarms] notice ${channel} to ${target} for alarm ${alarm.id} failed:`, (err as Error).message);
      notices.push({ alarmId: alarm.id, channel, target, noticeStatus: NOTICE_STATUS.failed, error: (err as Error).message.slice(0, 500) });
    }
  };
  for (const channel of new Set(channels)) {
    if (channel === CHANNEL.wechat) {
      notices.push({ alarmId: alarm.id, channel, target: "-", noticeStatus: NOTICE_STATUS.unavailable });
      continue;
    }
    for (const c of contacts) {
      const msg = render(channel, c.linkName, c.locale);
      if (channel === CHANNEL.site && c.userId !== null) {
        const userId = c.userId;
        await attempt(channel, c.linkName, () =>
          db.insert(stationMessages).values({ tenantId: alarm.tenantId, userId, msgTitle: msg.title.slice(0, 200), msgContent: msg.body, msgType: "ala", bizId: alarm.id }),
        );
        inboxChanged([userId]);
      }
      if (channel === CHANNEL.sms && c.phone) await attempt(channel, c.phone, () => delivery.send({ channel: "sms", target: c.phone!, subject: msg.title, body: msg.body }));
      if (channel === CHANNEL.email && c.email) await attempt(channel, c.email, () => delivery.send({ channel: "email", target: c.email!, subject: msg.title, body: msg.body }));
    }
  }
  if (notices.length) await db.insert(alarmNotices).values(notices);
}
