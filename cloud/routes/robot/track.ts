import { asc, eq, sql } from "drizzle-orm";
import { point, pointApi, type InspectionPoint } from "@/lib/contract/robot/point";
import { track, trackApi, trackMarksApi, type Track } from "@/lib/contract/robot/track";
import { robotItems, robotPlans, robotPoints, robotTracks } from "../../db/schema";
import { qualified, qualifiedIn, trackMarksOf } from "../../db/queries/robots";
import { crudRoutes } from "../../lib/crud-routes";
import type { Ctx } from "../../lib/context";
import { badRequest } from "../../lib/http";
import { projectOf, projectRow } from "../../lib/project-context";
import { serve } from "../../lib/serve";

/** A track of the call's project, or the refusal naming it. */
export async function trackOf(c: Ctx, id: unknown) {
  const [row] = await c.var.deps.db.select().from(robotTracks).where(projectOf(c).where(robotTracks, eq(robotTracks.id, Number(id))));
  if (!row) throw badRequest("cloud.robot.trackUnknown");
  return row;
}

/** trackInfo: the project's tracks; a track a plan runs on stays. */
export const trackServed = [
  ...crudRoutes<typeof track.fields, Track>({
    table: robotTracks,
    entity: track,
    calls: trackApi,
    extra: { pointCount: sql<number>`(select count(*)::int from ${robotPoints} where ${qualified(robotPoints.trackId)} = ${qualified(robotTracks.id)})` },
    unique: [{ field: "trackName", error: "cloud.robot.trackTaken" }],
    inUse: [{ table: robotPlans, column: robotPlans.trackId, what: "robot.plan.entity" }],
  }),
];

/** inspectionPoint: a point on a track of the project; the track marks for the floor-plan marker. */
export const pointServed = [
  ...crudRoutes<typeof point.fields, InspectionPoint>({
    table: robotPoints,
    entity: point,
    calls: pointApi,
    extra: (locale) => ({
      trackName: sql<string>`(select ${qualifiedIn(locale, robotTracks.trackName, robotTracks.i18n, "trackName")} from ${robotTracks} where ${qualified(robotTracks.id)} = ${qualified(robotPoints.trackId)})`,
      itemCount: sql<number>`(select count(*)::int from ${robotItems} where ${qualified(robotItems.pointId)} = ${qualified(robotPoints.id)})`,
    }),
    defaultOrder: [asc(robotPoints.trackId), asc(robotPoints.sort), asc(robotPoints.id)],
    values: async (c, input) => {
      if (input.trackId !== undefined) await trackOf(c, input.trackId);
      return {};
    },
  }),
  serve(trackMarksApi.marks, async (c, { trackId }) => trackMarksOf(c.var.deps.db, await projectRow(c, robotTracks, trackId), c.var.locale)),
];
