import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { configKindOf, inclinometerConfig, MAX_UNITS, type InclinometerConfig } from "@/lib/contract/monitoring/device-config";
import { depthProfile, profileApi, type profileQuery, unitReadings, type DepthProfile } from "@/lib/contract/monitoring/depth-profile";
import type { HolePosition } from "@/lib/contract/monitoring/enums";
import { UNITS_PROPERTY } from "@/lib/contract/monitoring/monitors";
import { formatDateTime } from "@/lib/format";
import { deviceConfigsOf, projectDevice, textInitValue, textValuesAt } from "../../db/queries/monitoring";
import { pointGroups } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { badRequest, notFound } from "../../lib/http";
import { t } from "../../lib/i18n";
import { projectsOfCall } from "../../lib/project-context";
import { serve } from "../../lib/serve";
import { xlsxResponse } from "../../lib/xlsx-export";

/**
 * The deep-displacement profile of a string at chosen times (core §7 stat rionDipAngle), as the
 * chart, its curve table and the export all read it: computed with the device's configuration
 * (else its point's hole and unit length), each curve against the string's initial reading (set
 * from a curve, widgets §7) or, before one is set, against the first time's reading.
 */
async function profile(c: Ctx, q: z.output<typeof profileQuery>): Promise<DepthProfile> {
  const db = c.var.deps.db;
  const projectIds = await projectsOfCall(c);
  const device = await projectDevice(db, projectIds, q.deviceId, c.var.locale);
  if (!device) throw notFound();
  if (device.monitorKind !== "inclinometer") throw badRequest("cloud.monitoring.deviceWrongKind", { id: q.deviceId });
  const saved = (await deviceConfigsOf(db, [q.deviceId])).get(q.deviceId);
  let config: InclinometerConfig | null = null;
  let configFrom: DepthProfile["configFrom"] = "device";
  // A saved configuration is re-read through the entity: the rules of the day hold, a stale row is ignored.
  const own = saved?.configKind === configKindOf("inclinometer") ? inclinometerConfig.body.safeParse(saved.config) : null;
  if (own?.success) config = own.data;
  else if (q.groupId) {
    const [g] = await db.select().from(pointGroups).where(and(eq(pointGroups.id, q.groupId), inArray(pointGroups.projectId, projectIds.length ? projectIds : [0])));
    if (!g || !g.deviceIds.includes(q.deviceId)) throw notFound();
    if (g.holeDepth && g.unitLength) {
      config = { holePosition: (g.holePosition ?? 1) as HolePosition, holeDepth: g.holeDepth, unitLength: g.unitLength, unitCount: Math.min(MAX_UNITS, Math.floor(g.holeDepth / g.unitLength + 1e-9)) };
      configFrom = "point";
    }
  }
  if (!config) throw badRequest("cloud.monitoring.configInclinometerFirst");
  const times = [...new Set(q.times)].sort((a, b) => a - b);
  const found = await textValuesAt(db, q.deviceId, UNITS_PROPERTY, times);
  const readings = found.flatMap((f) => {
    const units = unitReadings(f.txt);
    return units ? [{ ts: f.ts, units }] : [];
  });
  // Two chosen times may find the same reading: one curve for it.
  const unique = readings.filter((r, i) => readings.findIndex((x) => x.ts === r.ts) === i);
  const init = await textInitValue(db, q.deviceId, UNITS_PROPERTY);
  const initUnits = init && unitReadings(init.txt);
  const initial = init && initUnits ? { dataTime: init.dataTime.getTime(), setByName: init.setByName, setAt: init.setAt.getTime() } : null;
  const reference = initial && initUnits ? { ts: initial.dataTime, units: initUnits } : (unique[0] ?? null);
  return {
    config,
    configFrom,
    referenceTs: reference?.ts ?? null,
    initial,
    curves: unique.map((r) => ({ ts: r.ts, points: depthProfile(r.units, reference.units, config) })),
  };
}


/**
 * Inclinometer statistics (core §7 stat rionDipAngle): the deep-displacement profile of a string
 * at chosen times, and its Excel export (one row per depth, A and B per curve).
 */
export const rionDipAngleServed = [
  serve(profileApi.view, (c, q) => profile(c, q)),
  serve(profileApi.export, async (c, q) => {
    const p = await profile(c, q);
    const locale = c.var.locale;
    const depths = [...new Set(p.curves.flatMap((cv) => cv.points.map((x) => x.depth)))].sort((a, b) => a - b);
    const at = p.curves.map((cv) => new Map(cv.points.map((x) => [x.depth, x])));
    const rows = depths.map((depth) => ({ depth, ...Object.fromEntries(at.flatMap((m, i) => [[`a${i}`, m.get(depth)?.a ?? null], [`b${i}`, m.get(depth)?.b ?? null]])) }));
    const columns = [
      { key: "depth", header: t(locale, "monitoring.profile.depth"), width: 12 },
      ...p.curves.flatMap((cv, i) => ["a", "b"].map((d) => ({ key: `${d}${i}`, header: `${formatDateTime(cv.ts)} ${t(locale, `monitoring.profile.disp${d.toUpperCase()}`)}`, width: 26 }))),
    ];
    const title = t(locale, "monitoring.kinds.inclinometer");
    return xlsxResponse(c, `${title}.xlsx`, columns, rows, title);
  }),
];
