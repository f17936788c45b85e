import { eq, sql } from "drizzle-orm";
import { item, itemApi, type InspectionItem } from "@/lib/contract/robot/item";
import { robotItems, robotPoints, robotTracks } from "../../db/schema";
import { qualified, qualifiedIn } from "../../db/queries/robots";
import { crudRoutes } from "../../lib/crud-routes";
import { badRequest } from "../../lib/http";
import { projectOf } from "../../lib/project-context";

/** inspectionItem: what the robot checks at a point of the project. */
export const itemServed = crudRoutes<typeof item.fields, InspectionItem>({
  table: robotItems,
  entity: item,
  calls: itemApi,
  extra: (locale) => ({
    pointName: sql<string>`(select ${qualifiedIn(locale, robotPoints.pointName, robotPoints.i18n, "pointName")} from ${robotPoints} where ${qualified(robotPoints.id)} = ${qualified(robotItems.pointId)})`,
    trackName: sql<string>`(select ${qualifiedIn(locale, robotTracks.trackName, robotTracks.i18n, "trackName")} from ${robotTracks} join ${robotPoints} on ${qualified(robotPoints.trackId)} = ${qualified(robotTracks.id)} where ${qualified(robotPoints.id)} = ${qualified(robotItems.pointId)})`,
  }),
  values: async (c, input, partial, before) => {
    if (input.pointId !== undefined) {
      const [p] = await c.var.deps.db.select({ id: robotPoints.id }).from(robotPoints).where(projectOf(c).where(robotPoints, eq(robotPoints.id, Number(input.pointId))));
      if (!p) throw badRequest("cloud.robot.pointUnknown");
    }
    // The range is checked whole: an update giving one bound is held against the stored other.
    const lo = input.minValue !== undefined ? input.minValue : before?.minValue;
    const hi = input.maxValue !== undefined ? input.maxValue : before?.maxValue;
    if (partial && typeof lo === "number" && typeof hi === "number" && hi < lo) throw badRequest("validation.maxBelowMin");
    return {};
  },
});
