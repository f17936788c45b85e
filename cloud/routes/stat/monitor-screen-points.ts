import type { z } from "zod";
import { monitorScreenApi } from "@/lib/contract/screen/monitor-screen";
import type { screenSeriesQuery } from "@/lib/contract/scene/scene";
import { pointData, pointSeries, projectDevices, screenConfigOf } from "../../db/queries/scenes";
import type { Ctx } from "../../lib/context";
import { badRequest } from "../../lib/http";
import { projectOf } from "../../lib/project-context";
import { serve } from "../../lib/serve";

/** Charts show raw values up to a day, hourly means beyond. */
const bucketFor = (hours: number) => (hours <= 24 ? "raw" : "hour");

/** The points a chart call names (each must be a device of the call's project), else the configured ones it draws. */
async function chosenPoints(c: Ctx, q: z.output<typeof screenSeriesQuery>, use: "chart" | "compare") {
  const db = c.var.deps.db;
  const { projectId } = projectOf(c);
  if (!q.points) return { hours: q.hours, points: (await screenConfigOf(db, projectId)).points.filter((p) => p[use]) };
  const found = new Set((await projectDevices(db, projectId, q.points.map((p) => p.deviceId))).map((d) => d.id));
  const foreign = q.points.find((p) => !found.has(p.deviceId));
  if (foreign) throw badRequest("scene.errors.deviceNotInProject", { id: foreign.deviceId });
  return { hours: q.hours, points: q.points };
}

/** One chosen set of points' series over the chosen hours. */
async function seriesOf(c: Ctx, q: z.output<typeof screenSeriesQuery>, use: "chart" | "compare") {
  const { hours, points } = await chosenPoints(c, q, use);
  return pointSeries(c.var.deps.db, projectOf(c).projectId, points, { hours, bucket: bucketFor(hours), now: c.var.deps.now(), locale: c.var.locale });
}

/**
 * stat/monitorScreen (core §7) for the building data screen of the call's project:
 * devicePointData (the configured points with their newest value and alarm state),
 * dataAnalysisView (the chosen points' series) and dataComparisonView (several points on one time axis).
 */
export const monitorScreenPointServed = [
  serve(monitorScreenApi.devicePointData, async (c) => {
    const db = c.var.deps.db;
    const { projectId } = projectOf(c);
    return pointData(db, projectId, (await screenConfigOf(db, projectId)).points, c.var.locale);
  }),
  serve(monitorScreenApi.dataAnalysisView, (c, q) => seriesOf(c, q, "chart")),
  serve(monitorScreenApi.dataComparisonView, (c, q) => seriesOf(c, q, "compare")),
];
