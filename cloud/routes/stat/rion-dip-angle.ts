import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { profileApi, type profileQuery, type DepthProfile } from "@/lib/contract/monitoring/depth-profile";
import { formatDateTime } from "@/lib/format";
import { profileCurves, stringConfig } from "../../db/queries/depth-profile";
import { projectDevice } from "../../db/queries/monitoring";
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
  let group: typeof pointGroups.$inferSelect | null = null;
  if (q.groupId) {
    [group = null] = await db.select().from(pointGroups).where(and(eq(pointGroups.id, q.groupId), inArray(pointGroups.projectId, projectIds.length ? projectIds : [0])));
    if (!group || !group.deviceIds.includes(q.deviceId)) throw notFound();
  }
  const cfg = await stringConfig(db, q.deviceId, group);
  if (!cfg) throw badRequest("cloud.monitoring.configInclinometerFirst");
  return { ...cfg, ...(await profileCurves(db, q.deviceId, cfg.config, q.times)) };
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
