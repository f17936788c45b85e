import { Hono } from "hono";
import { z } from "zod";
import { dbId } from "@/lib/contract/common";
import type { MonitorKind } from "@/lib/contract/device/product";
import { configBatchBody, configKindOf, configUpdBody, type DeviceConfig } from "@/lib/contract/monitoring/device-config";
import { deviceConfigsOf, projectDevicesOf, saveDeviceConfigs } from "../../db/queries/monitoring";
import { requireAuth, requirePerm } from "../../lib/auth";
import type { CloudEnv, Ctx } from "../../lib/context";
import { badRequest, body, notFound, ok, parse, query } from "../../lib/http";
import { SET_INIT_PERM } from "@/lib/contract/monitoring/analysis";
import { optionalProject, projectsOfCall } from "../../lib/project-context";

/** Monitoring devices of the call's projects, each found (else 404) and with a monitoring kind (else 400). */
async function monitoringDevices(c: Ctx, ids: number[]) {
  const found = await projectDevicesOf(c.var.deps.db, await projectsOfCall(c), ids);
  if (found.length !== new Set(ids).size) throw notFound();
  const plain = found.find((d) => !d.monitorKind);
  if (plain) throw badRequest("cloud.monitoring.notMonitoringDevice", { id: plain.id });
  return found.map((d) => ({ ...d, monitorKind: d.monitorKind as MonitorKind }));
}

const by = (c: Ctx) => ({ userId: c.var.auth.userId, name: c.var.auth.realname || c.var.auth.username });

/**
 * Device configuration (core §7 deviceConfig: get and upd per device type, updBatchConfig; core
 * §6 `dev:deviceConfig:updConfig`): a device's kind decides which entity its body is checked
 * with; a batch takes devices of one project and one kind only.
 */
export const deviceConfigRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .use(optionalProject)
  .get("/get", async (c) => {
    const { deviceId } = query(c, z.object({ deviceId: dbId }));
    const [device] = await monitoringDevices(c, [deviceId]);
    const configKind = configKindOf(device.monitorKind);
    const saved = (await deviceConfigsOf(c.var.deps.db, [deviceId])).get(deviceId);
    const own = saved?.configKind === configKind ? saved : undefined;
    const out: DeviceConfig = { deviceId, monitorKind: device.monitorKind, configKind, config: own?.config ?? null, updatedByName: own?.updatedByName ?? null, updatedAt: own?.updatedAt.getTime() ?? null };
    return ok(c, out);
  })
  .post("/upd", requirePerm(SET_INIT_PERM), async (c) => {
    const { deviceId } = await body(c, z.looseObject({ deviceId: dbId }));
    const [device] = await monitoringDevices(c, [deviceId]);
    const configKind = configKindOf(device.monitorKind);
    const config: Record<string, unknown> = { ...parse(configUpdBody[configKind], await c.req.json()) };
    delete config.deviceId;
    await saveDeviceConfigs(c.var.deps.db, device.tenantId, [deviceId], configKind, config, by(c), c.var.deps.now());
    return ok(c, { deviceId, configKind, config }, "cloud.monitoring.configSaved");
  })
  .post("/updBatchConfig", requirePerm(SET_INIT_PERM), async (c) => {
    const { deviceIds } = await body(c, z.looseObject({ deviceIds: z.array(dbId).min(1, "validation.minItems").max(500, "validation.maxItems") }));
    const found = await monitoringDevices(c, [...new Set(deviceIds)]);
    if (new Set(found.map((d) => d.projectId)).size > 1) throw badRequest("cloud.monitoring.configOneProject");
    const kinds = new Set(found.map((d) => configKindOf(d.monitorKind)));
    if (kinds.size > 1) throw badRequest("cloud.monitoring.configOneKind");
    const [configKind] = kinds;
    const config: Record<string, unknown> = { ...parse(configBatchBody[configKind], await c.req.json()) };
    delete config.deviceIds;
    await saveDeviceConfigs(c.var.deps.db, found[0].tenantId, found.map((d) => d.id), configKind, config, by(c), c.var.deps.now());
    return ok(c, { count: found.length, configKind }, "cloud.monitoring.configSaved");
  });
