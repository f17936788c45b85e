import { defineCall, typed } from "../call";
import { idQuery } from "../common";
import { cycleData, maintenanceBody, SEND_PERM, setCycleBody, type Command } from "./command";
import { OPS_SCREENS } from "./readers";

/**
 * The device's maintenance calls and its reporting cycle (device/device, core §7): sending answers
 * the command's stored row (waiting); the device is one of the caller's tenant, found by the handler.
 */
export const deviceOpsApi = {
  reboot: defineCall({ kind: "post", path: "device/device/deviceRest", input: maintenanceBody, answer: typed<Command>(), access: { perm: SEND_PERM }, scope: "own" }),
  init: defineCall({ kind: "post", path: "device/device/deviceInit", input: maintenanceBody, answer: typed<Command>(), access: { perm: SEND_PERM }, scope: "own" }),
  laserOn: defineCall({ kind: "post", path: "device/device/deviceLaserOn", input: maintenanceBody, answer: typed<Command>(), access: { perm: SEND_PERM }, scope: "own" }),
  cycle: defineCall({ kind: "get", path: "device/device/getCycleData", input: idQuery, answer: cycleData, access: { menu: OPS_SCREENS }, scope: "own" }),
  setCycle: defineCall({ kind: "post", path: "device/device/setCycleData", input: setCycleBody, answer: typed<Command>(), access: { perm: SEND_PERM }, scope: "own" }),
};
