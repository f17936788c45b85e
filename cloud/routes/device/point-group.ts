import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Locale } from "@/lib/contract/locale";
import { MONITOR_KINDS } from "@/lib/contract/device/enums";
import { initTargets } from "@/lib/contract/monitoring/monitors";
import { pointGroup, pointGroupApi, type PointGroup } from "@/lib/contract/monitoring/point-group";
import { kindDevices, setInitValues } from "../../db/queries/monitoring";
import { deviceNameIn } from "../../db/queries/names";
import { alarmRules, devices, pointGroups, products } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { crudRoutes } from "../../lib/crud-routes";
import { badRequest, notFound, ok } from "../../lib/http";
import { projectOf, projectsOfCall } from "../../lib/project-context";
import { serve } from "../../lib/serve";
import { tenantScope } from "../../lib/scope";

/** Points of the call's projects (and the caller's tenant). */
async function visiblePoints(c: Ctx, ...conds: (SQL | undefined)[]): Promise<SQL> {
  const ids = await projectsOfCall(c);
  return tenantScope(c.var.auth).where(pointGroups, inArray(pointGroups.projectId, ids.length ? ids : [0]), ...conds);
}

/**
 * The point's devices must be its project's (the chosen project for a new point), of the point's
 * monitoring kind, each once.
 */
async function projectAndDevices(c: Ctx, input: Record<string, unknown>, partial: boolean) {
  const db = c.var.deps.db;
  let projectId: number;
  if (partial) {
    const [row] = await db.select({ projectId: pointGroups.projectId }).from(pointGroups).where(await visiblePoints(c, eq(pointGroups.id, input.id as number)));
    if (!row) throw notFound();
    projectId = row.projectId;
  } else projectId = projectOf(c).projectId;
  const ids = input.deviceIds as number[];
  if (new Set(ids).size !== ids.length) throw badRequest("cloud.monitoring.duplicateDevice");
  const found = await db
    .select({ id: devices.id, kind: products.monitorType })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(and(inArray(devices.id, ids), eq(devices.projectId, projectId)));
  const missing = ids.find((id) => !found.some((f) => f.id === id));
  if (missing !== undefined) throw badRequest("cloud.monitoring.deviceNotInProject", { id: missing });
  const wrong = found.find((f) => f.kind !== input.monitorKind);
  if (wrong) throw badRequest("cloud.monitoring.deviceWrongKind", { id: wrong.id });
  return partial ? {} : { projectId };
}

/** The point's devices by name in the reader's language, in the point's order. */
const deviceNames = (locale: Locale) =>
  sql<string>`(select string_agg(${deviceNameIn(locale)}, ', ' order by array_position(${pointGroups.deviceIds}, ${devices.id})) from ${devices} where ${devices.id} = any(${pointGroups.deviceIds}))`;

/**
 * Measurement points (core §7 pointGroup: add / del / info / upd / export / query); `query` is
 * the paged list, of the chosen project or of every project the caller sees; a new point goes
 * into the chosen project. Also the devices a point may hold, the saved drag order and setting a
 * whole point's initial values at one time (tilt group, widgets §7).
 */
export const pointGroupServed = [
  ...crudRoutes<typeof pointGroup.fields, PointGroup>({
    table: pointGroups,
    entity: pointGroup,
    calls: pointGroupApi,
    extra: (locale) => ({ deviceNames: deviceNames(locale) }),
    // The saved drag order (core §5).
    defaultOrder: [asc(pointGroups.sort), asc(pointGroups.id)],
    visible: visiblePoints,
    values: (c, input, partial) => {
      // The alarm rules on the point watch its devices: the evaluator reads them again.
      c.var.deps.alarms?.invalidate();
      return projectAndDevices(c, input, partial);
    },
    // A point's alarm rules go first (deleted or moved), never silently with it.
    inUse: [{ table: alarmRules, column: alarmRules.pointId, what: "alarm.rule.entity" }],
  }),
  serve(pointGroupApi.devices, async (c, { monitorKind }) => kindDevices(c.var.deps.db, await projectsOfCall(c), c.var.locale, monitorKind)),
  serve(pointGroupApi.sort, async (c, { ids }) => {
    const db = c.var.deps.db;
    const where = await visiblePoints(c);
    await db.transaction(async (tx) => {
      for (const [i, id] of ids.entries()) await tx.update(pointGroups).set({ sort: i + 1 }).where(and(where, eq(pointGroups.id, id)));
    });
    return null;
  }),
  serve(pointGroupApi.setInit, async (c, { groupId, dateTime }) => {
    const { db, now } = c.var.deps;
    const [g] = await db.select().from(pointGroups).where(await visiblePoints(c, eq(pointGroups.id, groupId)));
    if (!g) throw notFound();
    const targets = initTargets(g.monitorKind as (typeof MONITOR_KINDS)[number]);
    const auth = c.var.auth;
    const set = await setInitValues(db, g.deviceIds.map((deviceId) => ({ deviceId, ...targets })), new Date(dateTime), { userId: auth.userId, name: auth.realname || auth.username }, now());
    if (!set) throw badRequest("cloud.monitoring.noValuesAt");
    return ok(c, { set }, "cloud.monitoring.initSet");
  }),
];
