import type { MonitorKind } from "@/lib/contract/device/product";
import { configBatchBody, configKindOf, configUpdBody, deviceConfigApi, type DeviceConfig } from "@/lib/contract/monitoring/device-config";
import { deviceConfigsOf, projectDevicesOf, saveDeviceConfigs } from "../../db/queries/monitoring";
import type { Ctx } from "../../lib/context";
import { badRequest, notFound, ok, parse } from "../../lib/http";
import { projectsOfCall } from "../../lib/project-context";
import { serve } from "../../lib/serve";

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
export const deviceConfigServed = [
  serve(deviceConfigApi.get, async (c, { deviceId }) => {
    const [device] = await monitoringDevices(c, [deviceId]);
    const configKind = configKindOf(device.monitorKind);
    const saved = (await deviceConfigsOf(c.var.deps.db, [deviceId])).get(deviceId);
    const own = saved?.configKind === configKind ? saved : undefined;
    const out: DeviceConfig = { deviceId, monitorKind: device.monitorKind, configKind, config: own?.config ?? null, updatedByName: own?.updatedByName ?? null, updatedAt: own?.updatedAt.getTime() ?? null };
    return out;
  }),
  serve(deviceConfigApi.upd, async (c, input) => {
    const { deviceId } = input;
    const [device] = await monitoringDevices(c, [deviceId]);
    const configKind = configKindOf(device.monitorKind);
    const config: Record<string, unknown> = { ...parse(configUpdBody[configKind], input) };
    delete config.deviceId;
    await saveDeviceConfigs(c.var.deps.db, device.tenantId, [deviceId], configKind, config, by(c), c.var.deps.now());
    return ok(c, { deviceId, configKind, config }, "cloud.monitoring.configSaved");
  }),
  serve(deviceConfigApi.updBatch, async (c, input) => {
    const found = await monitoringDevices(c, [...new Set(input.deviceIds)]);
    if (new Set(found.map((d) => d.projectId)).size > 1) throw badRequest("cloud.monitoring.configOneProject");
    const kinds = new Set(found.map((d) => configKindOf(d.monitorKind)));
    if (kinds.size > 1) throw badRequest("cloud.monitoring.configOneKind");
    const [configKind] = kinds;
    const config: Record<string, unknown> = { ...parse(configBatchBody[configKind], input) };
    delete config.deviceIds;
    await saveDeviceConfigs(c.var.deps.db, found[0].tenantId, found.map((d) => d.id), configKind, config, by(c), c.var.deps.now());
    return ok(c, { count: found.length, configKind }, "cloud.monitoring.configSaved");
  }),
];
