import { Hono } from "hono";
import { idQuery } from "@/lib/contract/common";
import { maintenanceBody, OPS_SCREENS, SEND_PERM, setCycleBody, type CommandType } from "@/lib/contract/device/command";
import { lastCommand } from "../../db/queries/device-ops";
import { requireAuth, requireMenu, requirePerm } from "../../lib/auth";
import type { CloudEnv, Ctx } from "../../lib/context";
import { body, ok, query } from "../../lib/http";
import { deviceFor, sendCommand, toCommand } from "../../lib/devices";

const maintenance = (cmdType: CommandType) => async (c: Ctx) => {
  const { id, timeoutS } = await body(c, maintenanceBody);
  return sendCommand(c, { device: await deviceFor(c, id), cmdType, timeoutS: timeoutS || null });
};

/**
 * device: deviceRest (restart), deviceInit (re-initialise), deviceLaserOn (laser on), and the
 * reporting cycle: getCycleData (stored cycle and the newest cycle command), setCycleData (sent
 * to the device; the stored cycle changes when the device confirms it on cycle/reply).
 */
export const deviceOpsRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .post("/deviceRest", requirePerm(SEND_PERM), maintenance("reboot"))
  .post("/deviceInit", requirePerm(SEND_PERM), maintenance("init"))
  .post("/deviceLaserOn", requirePerm(SEND_PERM), maintenance("laserOn"))
  .get("/getCycleData", requireMenu(...OPS_SCREENS), async (c) => {
    const { id } = query(c, idQuery);
    const d = await deviceFor(c, id);
    const last = await lastCommand(c.var.deps.db, d.id, "cycle");
    return ok(c, { deviceId: d.id, reportCycle: d.reportCycle, status: d.status, last: last ? toCommand(last) : null });
  })
  .post("/setCycleData", requirePerm(SEND_PERM), async (c) => {
    const { id, reportCycle, timeoutS } = await body(c, setCycleBody);
    return sendCommand(c, { device: await deviceFor(c, id), cmdType: "cycle", params: { cycle: reportCycle }, timeoutS: timeoutS || null });
  });
