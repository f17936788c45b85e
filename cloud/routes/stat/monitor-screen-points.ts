import { Hono } from "hono";
import { screenSeriesQuery } from "@/lib/contract/scene/scene";
import { pointData, pointSeries, projectDevices, screenConfigOf } from "../../db/queries/scenes";
import { requireAuth, requireMenu } from "../../lib/auth";
import type { CloudEnv, Ctx } from "../../lib/context";
import { badRequest, ok, query } from "../../lib/http";
import { projectOf, requireScreenProject } from "../../lib/project-context";

const readScreen = requireMenu("/houseDataScreen", "/dataScreenSet");

/** Charts show raw values up to a day, hourly means beyond. */
const bucketFor = (hours: number) => (hours <= 24 ? "raw" : "hour");

/** The points a chart call names (each must be a device of the call's project), else the configured ones it draws. */
async function chosenPoints(c: Ctx, use: "chart" | "compare") {
  const db = c.var.deps.db;
  const { projectId } = projectOf(c);
  const q = query(c, screenSeriesQuery);
  if (!q.points) return { hours: q.hours, points: (await screenConfigOf(db, projectId)).points.filter((p) => p[use]) };
  const found = new Set((await projectDevices(db, projectId, q.points.map((p) => p.deviceId))).map((d) => d.id));
  const foreign = q.points.find((p) => !found.has(p.deviceId));
  if (foreign) throw badRequest("scene.errors.deviceNotInProject", { id: foreign.deviceId });
  return { hours: q.hours, points: q.points };
}

/**
 * stat/monitorScreen (core §7) for the building data screen of the call's project:
 * devicePointData (the configured points with their newest value and alarm state),
 * dataAnalysisView (the chosen points' series) and dataComparisonView (several points on one time axis).
 */
export const monitorScreenPointRoutes = new Hono<CloudEnv>()
  // Per path: the global screens' calls under the same prefix need no project.
  .use("/devicePointData", requireAuth, requireScreenProject, readScreen)
  .use("/dataAnalysisView", requireAuth, requireScreenProject, readScreen)
  .use("/dataComparisonView", requireAuth, requireScreenProject, readScreen)
  .get("/devicePointData", async (c) => {
    const db = c.var.deps.db;
    const { projectId } = projectOf(c);
    return ok(c, await pointData(db, projectId, (await screenConfigOf(db, projectId)).points, c.var.locale));
  })
  .get("/dataAnalysisView", async (c) => {
    const { hours, points } = await chosenPoints(c, "chart");
    return ok(c, await pointSeries(c.var.deps.db, projectOf(c).projectId, points, { hours, bucket: bucketFor(hours), now: c.var.deps.now() }));
  })
  .get("/dataComparisonView", async (c) => {
    const { hours, points } = await chosenPoints(c, "compare");
    return ok(c, await pointSeries(c.var.deps.db, projectOf(c).projectId, points, { hours, bucket: bucketFor(hours), now: c.var.deps.now() }));
  });
