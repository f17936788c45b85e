import type { EventEmitter } from "node:events";
import { and, asc, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { ALARM_TYPE } from "@/lib/contract/alarm/enums";
import { DAILY_ALARM_MB, type SimAlarmSettings } from "@/lib/contract/sim/alarm";
import { defaultLocale, locales, type Locale } from "@/lib/contract/locale";
import type { I18nTexts } from "@/lib/contract/i18n-text";
import type { AlarmEvents } from "../alarms/evaluator";
import type { Db } from "../db/client";
import { alarmsRaised } from "../db/queries/alarm-workflow";
import { raiseAlarm, type AlarmRow } from "../db/queries/alarms";
import { alarmLevels, devices, projects, simAlarmMarks, simAlarmSettings, simCards, simPools, simUsage } from "../db/schema";
import { t } from "../lib/i18n";
import { tenantOf } from "../lib/scope";
import { platformDay } from "./simulated";

/** Where new SIM alarms are told (data push forwards the evaluator's `raised`): the alarm evaluator's events. */
export type AlarmSink = Pick<EventEmitter<AlarmEvents>, "emit">;

/** A tenant's settings as stored, or the defaults: on, no project or levels chosen, 1 GB a day. */
export async function alarmSettingsOf(db: Db, tenantId: number): Promise<SimAlarmSettings> {
  const [row] = await db.select().from(simAlarmSettings).where(eq(simAlarmSettings.tenantId, tenantId));
  return { enableStatus: row?.enableStatus ?? 1, projectId: row?.projectId ?? null, warnLevelId: row?.warnLevelId ?? null, severeLevelId: row?.severeLevelId ?? null, dailyMb: row?.dailyMb ?? DAILY_ALARM_MB };
}

const round = (n: number) => Math.round(n * 100) / 100;
/** The numbers of a text, as the reader writes them. */
const num = (locale: Locale, n: number) => new Intl.NumberFormat(locale === "en" ? "en-US" : "zh-CN", { maximumFractionDigits: 2 }).format(round(n));

/** A name and a text in every language (the alarm keeps them all: each reader reads their own). */
function texts(key: string, vars: (locale: Locale) => Record<string, string | number>) {
  const of = (locale: Locale) => ({ name: t(locale, `cloud.sim.alarm.${key}.name`, vars(locale)).slice(0, 100), content: t(locale, `cloud.sim.alarm.${key}.content`, vars(locale)) });
  const all = locales.map((l) => [l, of(l)] as const);
  const own = of(defaultLocale);
  const i18n: I18nTexts = { alarmName: Object.fromEntries(all.map(([l, x]) => [l, x.name])), content: Object.fromEntries(all.map(([l, x]) => [l, x.content])) };
  return { alarmName: own.name, content: own.content, i18n };
}

type Subject = { kind: "pool" | "card"; refId: number; line: "warn" | "full" | "daily"; period: string };
type Raise = Subject & { projectId: number | null; deviceId: number | null; levelId: number | null; value: number; text: ReturnType<typeof texts> };

/**
 * Checks a tenant's pools and cards after a sync (or when asked): a pool whose use passed its
 * line (its percent of the quota, or its amount when set) raises a warning, one that used its
 * whole quota a severe alarm — each once a month; a card whose last reported day used more than
 * the daily limit while its device's messages do not explain it (fewer than 100 values per GB
 * that day, or no device) raises a severe alarm once for that day. Alarms go through the alarm
 * workflow (the alarm centre, a pending to-do for its handlers, data push): to the chosen project,
 * a bound card's to its device's project. Answers how many of each were raised.
 */
export async function checkSimAlarms(db: Db, tenantId: number, now: Date, sink?: AlarmSink): Promise<{ pools: number; cards: number }> {
  const settings = await alarmSettingsOf(db, tenantId);
  if (settings.enableStatus !== 1) return { pools: 0, cards: 0 };
  const month = platformDay(now.getTime()).slice(0, 7);
  const project = settings.projectId ?? (await db.select({ id: projects.id }).from(projects).where(tenantOf(tenantId).where(projects)).orderBy(asc(projects.id)).limit(1))[0]?.id ?? null;
  const levels = await db.select({ id: alarmLevels.id, levelNum: alarmLevels.levelNum }).from(alarmLevels).where(tenantOf(tenantId).where(alarmLevels)).orderBy(asc(alarmLevels.levelNum));
  const has = (id: number | null) => (id !== null && levels.some((l) => l.id === id) ? id : null);
  const warnLevel = has(settings.warnLevelId) ?? levels[0]?.id ?? null;
  const severeLevel = has(settings.severeLevelId) ?? levels.at(-1)?.id ?? null;

  const raises: Raise[] = [];
  const pools = await db.select().from(simPools).where(tenantOf(tenantId).where(simPools, gt(simPools.quotaMb, 0)));
  for (const p of pools) {
    const pct = (p.usedMb / p.quotaMb) * 100;
    const vars = (l: Locale) => ({ pool: p.poolCode, carrier: t(l, `enums.simCarrier.${p.carrier}`), pct: num(l, pct), used: num(l, p.usedMb), quota: num(l, p.quotaMb), line: p.thresholdMb ? `${num(l, p.thresholdMb)} MB` : `${p.thresholdPct} %` });
    // The most severe line passed: exhaustion is told rather than a warning (a later exhaustion after a warning is told too).
    if (p.usedMb >= p.quotaMb) raises.push({ kind: "pool", refId: p.id, line: "full", period: month, projectId: project, deviceId: null, levelId: severeLevel, value: round(pct), text: texts("poolFull", vars) });
    else if (p.thresholdMb ? p.usedMb >= p.thresholdMb : pct >= p.thresholdPct) raises.push({ kind: "pool", refId: p.id, line: "warn", period: month, projectId: project, deviceId: null, levelId: warnLevel, value: round(pct), text: texts("poolWarn", vars) });
  }

  // The cards' last reported day above the limit, with their device's values that day (its hours in UTC+8).
  const heavy = await db
    .select({
      id: simCards.id,
      iccid: simCards.iccid,
      day: simUsage.day,
      usedMb: simUsage.usedMb,
      deviceId: simCards.deviceId,
      projectId: devices.projectId,
      deviceName: devices.deviceName,
      values: sql<number>`coalesce((select sum(h.n) from telemetry_hourly h where h.device_id = ${simCards.deviceId} and h.hour >= (${simUsage.day}::timestamp - interval '8 hours') and h.hour < (${simUsage.day}::timestamp + interval '16 hours')), 0)::float8`,
    })
    .from(simCards)
    .innerJoin(simUsage, and(eq(simUsage.cardId, simCards.id), eq(simUsage.day, simCards.usageAsOf)))
    .leftJoin(devices, eq(devices.id, simCards.deviceId))
    .where(tenantOf(tenantId).where(simCards, isNotNull(simCards.usageAsOf), gt(simUsage.usedMb, settings.dailyMb)))
    .orderBy(desc(simUsage.usedMb));
  for (const c of heavy) {
    const values = Number(c.values);
    // A device that sent plenty that day explains its use; one that did not, or no device at all, does not.
    if (c.deviceId && values >= (c.usedMb / 1024) * 100) continue;
    const vars = (l: Locale) => ({ iccid: c.iccid, day: c.day, used: num(l, c.usedMb), limit: num(l, settings.dailyMb), device: c.deviceName ?? t(l, "cloud.sim.alarm.noDevice"), values: num(l, values) });
    raises.push({ kind: "card", refId: c.id, line: "daily", period: c.day, projectId: c.deviceId ? c.projectId : project, deviceId: c.deviceId, levelId: severeLevel, value: round(c.usedMb), text: texts("cardDaily", vars) });
  }

  const raised = { pools: 0, cards: 0 };
  for (const r of raises) {
    const alarm = await raiseOnce(db, tenantId, r, now);
    if (!alarm) continue;
    raised[r.kind === "pool" ? "pools" : "cards"]++;
    sink?.emit("raised", alarm);
  }
  return raised;
}

/** Marks the subject's line for its period and raises its alarm in the same transaction: a second check (or instance) finds the mark and raises nothing. */
async function raiseOnce(db: Db, tenantId: number, r: Raise, now: Date): Promise<AlarmRow | null> {
  return db.transaction(async (tx) => {
    const [mark] = await tx.insert(simAlarmMarks).values({ tenantId, kind: r.kind, refId: r.refId, line: r.line, period: r.period }).onConflictDoNothing().returning({ refId: simAlarmMarks.refId });
    if (!mark) return null;
    const { alarm } = await raiseAlarm(tx, { tenantId, projectId: r.projectId, deviceId: r.deviceId, levelId: r.levelId, alarmName: r.text.alarmName, content: r.text.content, i18n: r.text.i18n, value: r.value, alarmType: ALARM_TYPE.auto, at: now });
    await tx.update(simAlarmMarks).set({ alarmId: alarm.id }).where(and(eq(simAlarmMarks.tenantId, tenantId), eq(simAlarmMarks.kind, r.kind), eq(simAlarmMarks.refId, r.refId), eq(simAlarmMarks.line, r.line), eq(simAlarmMarks.period, r.period)));
    await alarmsRaised(tx, [alarm], { userId: null, userName: t(defaultLocale, "cloud.alarmCentre.system") });
    return alarm;
  });
}

