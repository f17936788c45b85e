import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { MONITOR_KINDS } from "@/lib/contract/device/enums";
import { initTargets } from "@/lib/contract/monitoring/monitors";
import { pointGroup, pointGroupUpdate, pointSortBody } from "@/lib/contract/monitoring/point-group";
import { pointInitBody, SET_INIT_PERM } from "@/lib/contract/monitoring/analysis";
import { kindDevices, setInitValues } from "../../db/queries/monitoring";
import { alarmRules, devices, pointGroups, products } from "../../db/schema";
import { requireAuth, requirePerm } from "../../lib/auth";
import type { CloudEnv, Ctx } from "../../lib/context";
import { legacyCrudRoutes } from "../../lib/legacy-crud-routes";
import { badRequest, body, notFound, ok, query } from "../../lib/http";
import { optionalProject, projectOf, projectsOfCall } from "../../lib/project-context";
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

const deviceNames = sql<string>`(select string_agg(d.device_name, ', ' order by array_position(${pointGroups.deviceIds}, d.id)) from ${devices} d where d.id = any(${pointGroups.deviceIds}))`;

/**
 * Measurement points (core §7 pointGroup: add / del / info / upd / export / query); `query` is
 * the paged list, of the chosen project or of every project the caller sees; a new point goes
 * into the chosen project. Also the devices a point may hold, the saved drag order and setting a
 * whole point's initial values at one time (tilt group, widgets §7).
 */
const points = legacyCrudRoutes({
  table: pointGroups,
  entity: pointGroup,
  update: pointGroupUpdate,
  only: ["page", "info", "add", "upd", "del", "export"],
  paths: { page: "/query" },
  extra: { deviceNames },
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
})
  .get("/devices", async (c) => {
    const { monitorKind } = query(c, z.object({ monitorKind: z.enum(MONITOR_KINDS, { error: "validation.invalidOption" }).optional() }));
    return ok(c, await kindDevices(c.var.deps.db, await projectsOfCall(c), monitorKind));
  })
  .post("/sort", requirePerm("dev:pointGroup:upd"), async (c) => {
    const { ids } = await body(c, pointSortBody);
    const db = c.var.deps.db;
    const where = await visiblePoints(c);
    await db.transaction(async (tx) => {
      for (const [i, id] of ids.entries()) await tx.update(pointGroups).set({ sort: i + 1 }).where(and(where, eq(pointGroups.id, id)));
    });
    return ok(c, null);
  })
  .post("/setPointDevInitValue", requirePerm(SET_INIT_PERM), async (c) => {
    const { groupId, dateTime } = await body(c, pointInitBody);
    const { db, now } = c.var.deps;
    const [g] = await db.select().from(pointGroups).where(await visiblePoints(c, eq(pointGroups.id, groupId)));
    if (!g) throw notFound();
    const targets = initTargets(g.monitorKind as (typeof MONITOR_KINDS)[number]);
    const auth = c.var.auth;
    const set = await setInitValues(db, g.deviceIds.map((deviceId) => ({ deviceId, ...targets })), new Date(dateTime), { userId: auth.userId, name: auth.realname || auth.username }, now());
    if (!set) throw badRequest("cloud.monitoring.noValuesAt");
    return ok(c, { set }, "cloud.monitoring.initSet");
  });

export const pointGroupRoutes = new Hono<CloudEnv>().use(requireAuth).use(optionalProject).route("/", points);
