import type { CommandType } from "@/lib/contract/device/command";
import { deviceOpsApi } from "@/lib/contract/device/device-ops";
import type { CallArgs } from "@/lib/contract/call";
import { lastCommand } from "../../db/queries/device-ops";
import type { Ctx } from "../../lib/context";
import { deviceFor, sendCommand, toCommand } from "../../lib/devices";
import { serve } from "../../lib/serve";

const maintenance =
  (cmdType: CommandType) =>
  async (c: Ctx, { id, timeoutS }: CallArgs<typeof deviceOpsApi.reboot>) =>
    sendCommand(c, { device: await deviceFor(c, id), cmdType, timeoutS: timeoutS || null });

/**
 * device: deviceRest (restart), deviceInit (re-initialise), deviceLaserOn (laser on), and the
 * reporting cycle: getCycleData (stored cycle and the newest cycle command), setCycleData (sent
 * to the device; the stored cycle changes when the device confirms it on cycle/reply).
 */
export const deviceOpsServed = [
  serve(deviceOpsApi.reboot, maintenance("reboot")),
  serve(deviceOpsApi.init, maintenance("init")),
  serve(deviceOpsApi.laserOn, maintenance("laserOn")),
  serve(deviceOpsApi.cycle, async (c, { id }) => {
    const d = await deviceFor(c, id);
    const last = await lastCommand(c.var.deps.db, d.id, "cycle");
    return { deviceId: d.id, reportCycle: d.reportCycle, status: d.status, last: last ? toCommand(last) : null };
  }),
  serve(deviceOpsApi.setCycle, async (c, { id, reportCycle, timeoutS }) =>
    sendCommand(c, { device: await deviceFor(c, id), cmdType: "cycle", params: { cycle: reportCycle }, timeoutS: timeoutS || null }),
  ),
];
