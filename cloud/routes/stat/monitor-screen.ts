import { asc } from "drizzle-orm";
import { healthScore, monitorScreenApi, type DataAnalysis, type HealthAssess, type LevelRef, type MonitorIndex, type ProjectIndex } from "@/lib/contract/screen/monitor-screen";
import { visibleProjects } from "../../db/queries/projects";
import {
  addTotals,
  alarmsByDay,
  deviceTotalsByProject,
  devicesByProduct,
  emptyTotals,
  freshDevices,
  latestAlarms,
  openAlarmsByLevel,
  pointsInAlarm,
  tenantLevels,
  trendDays,
  type ScreenProject,
} from "../../db/queries/screens";
import { projects } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { serve } from "../../lib/serve";
import { projectNameIn } from "../../db/queries/names";
import { joinedText } from "../../lib/i18n-text";

/**
 * What every figure starts from: the projects the caller may see, in id order (the screens' map
 * and lists), and their ids in the caller's tenant for the statements.
 */
async function screenProjects(c: Ctx) {
  const db = c.var.deps.db;
  const list: ScreenProject[] = await db
    .select({ id: projects.id, prjName: projectNameIn(c.var.locale), prjAddress: joinedText(c.var.locale, projects.prjAddress, projects.i18n, "prjAddress"), lng: projects.prjLongitude, lat: projects.prjLatitude })
    .from(projects)
    .where(await visibleProjects(db, c.var.auth))
    .orderBy(asc(projects.id));
  return { db, tenantId: c.var.auth.tenantId, list, ids: list.map((p) => p.id) };
}

/** A project's share of counted rows (open alarms, alarms raised). */
const countOf = (rows: { projectId: number; count: number }[], projectId: number) => rows.reduce((n, r) => (r.projectId === projectId ? n + r.count : n), 0);

const levelKey = (n: number | null) => (n === null ? "none" : String(n));

/** The tenant's levels plus, when some alarm has no level or one since deleted, those too (last). */
function levelsWith(levels: LevelRef[], seen: Iterable<number | null>): LevelRef[] {
  const known = new Set(levels.map((l) => levelKey(l.levelNum)));
  const extra = [...new Set(seen)].filter((n) => !known.has(levelKey(n))).sort((a, b) => (a ?? 99) - (b ?? 99));
  return [...levels, ...extra.map((levelNum) => ({ levelNum, levelName: null, color: null }))];
}

/**
 * stat/monitorScreen (core §7) for the tenant's data screens: monitorIndex (per project, points in
 * alarm out of all and devices online), healthAssess (a score per project, see `healthScore`) and
 * dataAnalysis (alarms by level and their 30-day trend, devices by state and product, the project
 * ranking and the newest alarms). Over every project the caller may see.
 */
export const monitorScreenServed = [
  serve(monitorScreenApi.monitorIndex, async (c) => {
    const { db, tenantId, list, ids } = await screenProjects(c);
    const [devices, points, alarms] = await Promise.all([deviceTotalsByProject(db, tenantId, ids), pointsInAlarm(db, tenantId, ids), openAlarmsByLevel(db, tenantId, ids)]);
    const rows: ProjectIndex[] = list.map((p) => {
      const pt = points.get(p.id) ?? { total: 0, alarm: 0 };
      return {
        ...p,
        pointTotal: pt.total,
        pointAlarm: pt.alarm,
        devices: devices.get(p.id) ?? emptyTotals(),
        alarmOpen: countOf(alarms, p.id),
        index: pt.total ? Math.round((100 * (pt.total - pt.alarm)) / pt.total) : null,
      };
    });
    const pointTotal = rows.reduce((n, r) => n + r.pointTotal, 0);
    const pointAlarm = rows.reduce((n, r) => n + r.pointAlarm, 0);
    const answer: MonitorIndex = {
      projects: rows,
      totals: {
        pointTotal,
        pointAlarm,
        devices: rows.reduce((t, r) => addTotals(t, r.devices), emptyTotals()),
        alarmOpen: rows.reduce((n, r) => n + r.alarmOpen, 0),
        index: pointTotal ? Math.round((100 * (pointTotal - pointAlarm)) / pointTotal) : null,
      },
    };
    return answer;
  }),
  serve(monitorScreenApi.healthAssess, async (c) => {
    const { db, tenantId, list, ids } = await screenProjects(c);
    const [alarms, fresh, levels] = await Promise.all([openAlarmsByLevel(db, tenantId, ids), freshDevices(db, tenantId, ids, c.var.deps.now()), tenantLevels(db, tenantId, c.var.locale)]);
    const byNum = new Map(levels.map((l) => [levelKey(l.levelNum), l]));
    const answer: HealthAssess = {
      projects: list.map((p) => {
        const mine = alarms.filter((a) => a.projectId === p.id).sort((a, b) => (b.levelNum ?? 0) - (a.levelNum ?? 0));
        const f = fresh.get(p.id) ?? { expected: 0, fresh: 0 };
        return {
          id: p.id,
          prjName: p.prjName,
          ...healthScore({ openByLevel: mine, fresh: f.fresh, expected: f.expected }),
          openByLevel: mine.map((a) => ({ ...(byNum.get(levelKey(a.levelNum)) ?? { levelNum: a.levelNum, levelName: null, color: null }), count: a.count })),
        };
      }),
    };
    return answer;
  }),
  serve(monitorScreenApi.dataAnalysis, async (c) => {
    const { db, tenantId, list, ids } = await screenProjects(c);
    const { days, from } = trendDays(c.var.deps.now());
    const [levels, openAlarms, raised, devices, types, latest] = await Promise.all([
      tenantLevels(db, tenantId, c.var.locale),
      openAlarmsByLevel(db, tenantId, ids),
      alarmsByDay(db, tenantId, ids, from),
      deviceTotalsByProject(db, tenantId, ids),
      devicesByProduct(db, tenantId, ids, c.var.locale),
      latestAlarms(db, tenantId, ids, c.var.locale),
    ]);
    const all = levelsWith(levels, [...openAlarms, ...raised].map((a) => a.levelNum));
    const dayIndex = new Map(days.map((d, i) => [d, i]));
    const answer: DataAnalysis = {
      levels: all.map((l) => ({ ...l, open: openAlarms.filter((a) => a.levelNum === l.levelNum).reduce((n, a) => n + a.count, 0) })),
      trend: {
        days,
        series: all.map((l) => {
          const counts = days.map(() => 0);
          for (const r of raised) if (r.levelNum === l.levelNum && dayIndex.has(r.day)) counts[dayIndex.get(r.day)!] += r.count;
          return { ...l, counts };
        }),
      },
      devices: [...devices.values()].reduce(addTotals, emptyTotals()),
      deviceTypes: types,
      ranking: list
        .map((p) => ({
          id: p.id,
          prjName: p.prjName,
          alarms: countOf(raised, p.id),
          alarmOpen: countOf(openAlarms, p.id),
          devices: devices.get(p.id) ?? emptyTotals(),
        }))
        .sort((a, b) => b.alarms - a.alarms || b.alarmOpen - a.alarmOpen || a.id - b.id),
      latestAlarms: latest,
    };
    return answer;
  }),
];
