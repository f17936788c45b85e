import { eq, inArray } from "drizzle-orm";
import { CHANNEL, NOTICE_STATUS } from "@/lib/contract/alarm/enums";
import type { Locale } from "@/lib/contract/locale";
import { formatDateTime } from "@/lib/format";
import type { Db } from "../db/client";
import { alarmTexts } from "../db/queries/alarm-names";
import type { AlarmRow, NoticeRecipient } from "../db/queries/alarms";
import { alarmNotices, devices, notificationTemplates, projects, stationMessages } from "../db/schema";
import { deviceNameIn, projectNameIn } from "../db/queries/names";
import type { Delivery } from "../lib/delivery";
import { t } from "../lib/i18n";
import { localized } from "../lib/i18n-text";
import { tenantOf } from "../lib/scope";
import { inboxChanged } from "../live/bus";

/** The system administration's template of each channel (core §4); the built-in text when a tenant has none enabled. */
const TEMPLATE_CODES: Record<number, string> = { [CHANNEL.site]: "alarm_site", [CHANNEL.sms]: "alarm_sms", [CHANNEL.email]: "alarm_email" };
const PLACEHOLDER = /\$\{\s*([A-Za-z_][\w.]*)\s*\}/g;
const fill = (text: string, vars: Record<string, string>) => text.replace(PLACEHOLDER, (_, name: string) => vars[name] ?? "");

/** `prjName` and `deviceName` as the caller read them: used when the alarm has no device or project of its own to name in a recipient's language. */
export type NoticeContext = { prjName: string; deviceName: string; conditionText: string };

/** The names a notice carries, in `locale`. */
async function namesIn(db: Db, alarm: AlarmRow, locale: Locale, ctx: NoticeContext) {
  const [named, [device], [project]] = await Promise.all([
    alarmTexts(db, alarm, locale),
    alarm.deviceId === null ? [] : db.select({ name: deviceNameIn(locale) }).from(devices).where(eq(devices.id, alarm.deviceId)),
    alarm.projectId === null ? [] : db.select({ name: projectNameIn(locale) }).from(projects).where(eq(projects.id, alarm.projectId)),
  ]);
  return { ...named, deviceName: device?.name ?? ctx.deviceName, prjName: project?.name ?? ctx.prjName };
}

/**
 * Tells a rule's recipients (`ruleRecipients`, read once for all the alarms of a rule a batch
 * raised) about a new alarm through the rule's channels: an in-site message to each contact joined
 * to a console user, an SMS to each phone, an e-mail to each address, each in the recipient's
 * language (the template's texts in it, else the built-in text) (the delivery falls back to the
 * outbox and the log when no gateway is configured). Every notice is recorded with its outcome; a
 * failure is kept with its reason, never lost. WeChat is recorded as not available.
 */
export async function notifyAlarm(db: Db, delivery: Delivery, alarm: AlarmRow, channels: number[], contacts: readonly NoticeRecipient[], ctx: NoticeContext): Promise<void> {
  if (!contacts.length) return;
  const templates = await db
    .select()
    .from(notificationTemplates)
    .where(tenantOf(alarm.tenantId).where(notificationTemplates, eq(notificationTemplates.enabled, 1), inArray(notificationTemplates.code, Object.values(TEMPLATE_CODES))));
  const base = {
    alarmTime: formatDateTime(alarm.triggeredAt),
    identifier: alarm.identifier ?? "",
    value: alarm.value === null ? "" : String(alarm.value),
    threshold: ctx.conditionText,
  };
  // Each recipient reads the notice in its own language: the template's, the alarm's, the device's and the project's names in it.
  const texts = new Map<Locale, Promise<{ alarmName: string; levelName: string | null; deviceName: string; prjName: string }>>();
  const textsIn = (locale: Locale) => texts.get(locale) ?? texts.set(locale, namesIn(db, alarm, locale, ctx)).get(locale)!;
  const render = async (channel: number, realname: string, locale: Locale) => {
    const { alarmName, levelName, deviceName, prjName } = await textsIn(locale);
    const vars = { ...base, deviceName, prjName, alarmName, alarmLevel: levelName ?? String(alarm.levelNum ?? ""), levelName: levelName ?? "", realname };
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
      const msg = await render(channel, c.linkName, c.locale);
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
