import { and, eq, inArray, sql } from "drizzle-orm";
import { MONITOR_KINDS } from "@/lib/contract/device/product";
import { monitorOf } from "@/lib/contract/monitoring/monitors";
import { pointGroup, pointGroupUpdate, pointSortBody } from "@/lib/contract/monitoring/point-group";
import { pointInitBody } from "@/lib/contract/monitoring/analysis";
import { z } from "zod";
import { kindDevices, setInitValues } from "../../db/queries/monitoring";
import { devices, pointGroups, products } from "../../db/schema";
import { requirePerm } from "../../lib/auth";
import type { Ctx } from "../../lib/context";
import { crudRoutes } from "../../lib/crud-routes";
import { badRequest, body, notFound, ok, query } from "../../lib/http";
import { projectOf } from "../../lib/project-context";

/** The permission of the set-initial-value buttons (core §6). */
export const SET_INIT_PERM = "dev:deviceConfig:updConfig";

/** The point's devices must be the call's project's, of the point's monitoring kind. */
async function checkDevices(c: Ctx, input: Record<string, unknown>) {
  const ids = input.deviceIds as number[] | undefined;
  if (!ids) return {};
  if (new Set(ids).size !== ids.length) throw badRequest("cloud.monitoring.duplicateDevice");
  const found = await c.var.deps.db
    .select({ id: devices.id, kind: products.monitorType })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(and(inArray(devices.id, ids), eq(devices.projectId, projectOf(c).projectId)));
  const missing = ids.find((id) => !found.some((f) => f.id === id));
  if (missing !== undefined) throw badRequest("cloud.monitoring.deviceNotInProject", { id: missing });
  const wrong = found.find((f) => f.kind !== input.monitorKind);
  if (wrong) throw badRequest("cloud.monitoring.deviceWrongKind", { id: wrong.id });
  return {};
}

const deviceNames = sql<string>`(select string_agg(d.device_name, ', ' order by array_position(${pointGroups.deviceIds}, d.id)) from ${devices} d where d.id = any(${pointGroups.deviceIds}))`;

/**
 * Measurement points (core §7 pointGroup: add / del / info / upd / export / query), in the call's
 * project; `query` is the paged list. Also the devices a point may hold, the saved drag order and
 * setting a whole point's initial values at one time (tilt group, widgets §7).
 */
export const pointGroupRoutes = crudRoutes({
  table: pointGroups,
  entity: pointGroup,
  perm: "dev:pointGroup",
  scope: "project",
  update: pointGroupUpdate,
  only: ["page", "info", "add", "upd", "del", "export"],
  paths: { page: "/query" },
  extra: { deviceNames },
  values: (c, input) => checkDevices(c, input),
})
  .get("/devices", async (c) => {
    const { monitorKind } = query(c, z.object({ monitorKind: z.enum(MONITOR_KINDS, { error: "validation.invalidOption" }).optional() }));
    return ok(c, await kindDevices(c.var.deps.db, projectOf(c).projectId, monitorKind));
  })
  .post("/sort", requirePerm("dev:pointGroup:upd"), async (c) => {
    const { ids } = await body(c, pointSortBody);
    const db = c.var.deps.db;
    const scope = projectOf(c);
    await db.transaction(async (tx) => {
      for (const [i, id] of ids.entries()) await tx.update(pointGroups).set({ sort: i + 1 }).where(scope.where(pointGroups, eq(pointGroups.id, id)));
    });
    return ok(c, null);
  })
  .post("/setPointDevInitValue", requirePerm(SET_INIT_PERM), async (c) => {
    const { groupId, dateTime } = await body(c, pointInitBody);
    const { db, now } = c.var.deps;
    const [g] = await db.select().from(pointGroups).where(projectOf(c).where(pointGroups, eq(pointGroups.id, groupId)));
    if (!g) throw notFound();
    const kind = g.monitorKind as (typeof MONITOR_KINDS)[number];
    const identifiers = monitorOf(kind).measures.filter((m) => m.change).map((m) => m.identifier);
    const auth = c.var.auth;
    const set = await setInitValues(db, g.deviceIds.map((deviceId) => ({ deviceId, identifiers })), new Date(dateTime), { userId: auth.userId, name: auth.realname || auth.username }, now());
    if (!set) throw badRequest("cloud.monitoring.noValuesAt");
    return ok(c, { set }, "cloud.monitoring.initSet");
  });
