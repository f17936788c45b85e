import { eq, inArray } from "drizzle-orm";
import { CHANNEL, NOTICE_STATUS } from "@/lib/contract/alarm/enums";
import { formatDateTime } from "@/lib/format";
import type { Db } from "../db/client";
import { ruleRecipients, type AlarmRow } from "../db/queries/alarms";
import { alarmNotices, notificationTemplates, stationMessages } from "../db/schema";
import type { Delivery } from "../lib/delivery";
import { t } from "../lib/i18n";
import { tenantOf } from "../lib/scope";

/** The system administration's template of each channel (core §4); the built-in text when a tenant has none enabled. */
const TEMPLATE_CODES: Record<number, string> = { [CHANNEL.site]: "alarm_site", [CHANNEL.sms]: "alarm_sms", [CHANNEL.email]: "alarm_email" };
const PLACEHOLDER = /\$\{\s*([A-Za-z_][\w.]*)\s*\}/g;
const fill = (text: string, vars: Record<string, string>) => text.replace(PLACEHOLDER, (_, name: string) => vars[name] ?? "");

export type NoticeContext = { prjName: string; deviceName: string; conditionText: string };

/**
 * Tells a rule's recipients about a new alarm through the rule's channels: an in-site message to
 * each contact joined to a console user, an SMS to each phone, an e-mail to each address (the
 * delivery falls back to the outbox and the log when no gateway is configured). Every notice is
 * recorded with its outcome; a failure is kept with its reason, never lost. WeChat is recorded as
 * not available.
 */
export async function notifyAlarm(db: Db, delivery: Delivery, alarm: AlarmRow, channels: number[], ctx: NoticeContext, only?: { leaders: true }): Promise<void> {
  if (!alarm.ruleId) return;
  const contacts = await ruleRecipients(db, alarm.ruleId, only?.leaders);
  if (!contacts.length) return;
  const templates = await db
    .select()
    .from(notificationTemplates)
    .where(tenantOf(alarm.tenantId).where(notificationTemplates, eq(notificationTemplates.enabled, 1), inArray(notificationTemplates.code, Object.values(TEMPLATE_CODES))));
  const base = {
    prjName: ctx.prjName,
    deviceName: ctx.deviceName,
    alarmTime: formatDateTime(alarm.triggeredAt),
    alarmLevel: alarm.levelName ?? String(alarm.levelNum ?? ""),
    levelName: alarm.levelName ?? "",
    alarmName: alarm.alarmName,
    identifier: alarm.identifier ?? "",
    value: alarm.value === null ? "" : String(alarm.value),
    threshold: ctx.conditionText,
  };
  const render = (channel: number, realname: string) => {
    const vars = { ...base, realname };
    const tpl = templates.find((x) => x.code === TEMPLATE_CODES[channel]);
    if (tpl) return { title: fill(tpl.title, vars) || alarm.alarmName, body: fill(tpl.content, vars) };
    return { title: t("zh-cn", "cloud.alarm.noticeTitle", vars), body: t("zh-cn", "cloud.alarm.noticeBody", vars) };
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
      const msg = render(channel, c.linkName);
      if (channel === CHANNEL.site && c.userId !== null) {
        const userId = c.userId;
        await attempt(channel, c.linkName, () =>
          db.insert(stationMessages).values({ tenantId: alarm.tenantId, userId, msgTitle: msg.title.slice(0, 200), msgContent: msg.body, msgType: "ala", bizId: alarm.id }),
        );
      }
      if (channel === CHANNEL.sms && c.phone) await attempt(channel, c.phone, () => delivery.send({ channel: "sms", target: c.phone!, subject: msg.title, body: msg.body }));
      if (channel === CHANNEL.email && c.email) await attempt(channel, c.email, () => delivery.send({ channel: "email", target: c.email!, subject: msg.title, body: msg.body }));
    }
  }
  if (notices.length) await db.insert(alarmNotices).values(notices);
}
