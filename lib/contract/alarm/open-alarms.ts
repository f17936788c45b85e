import { z } from "zod";
import { defineCall } from "../call";
import { dbId } from "../common";
import { DEVICE_READERS } from "../device/readers";

/** The alarm centre's screen: the only one that reads alarms (the to-do centre reads a to-do's own). */
export const ALARM_CENTRE = ["/alarm/alarmCenter"] as const;
/** A device's alarms are read where the device is too (its page's alarm tab, the device map). */
export const readWithDevices = { menu: [...ALARM_CENTRE, ...DEVICE_READERS] };

export const alarmCount = z.number().int().nonnegative();
/** The level an alarm was raised with: its number, name and colour. */
export const levelOf = { levelNum: z.number().int().nullable(), levelName: z.string().nullable(), levelColor: z.string().nullable() };

/** `alarm/core/openByDevice`: devices by id (comma-joined, up to 2,000: the device map's markers). */
export const openByDeviceQuery = z.object({
  deviceIds: z.preprocess((v) => (typeof v === "string" ? (v ? v.split(",") : []) : v), z.array(dbId).max(2000, "validation.maxItems")),
});
/** A device's open alarms (pending, handling, awaiting review): how many, and the most severe level among them. */
export const deviceOpenAlarms = z.object({ deviceId: z.number().int(), count: alarmCount, ...levelOf });
export type DeviceOpenAlarms = z.infer<typeof deviceOpenAlarms>;

/**
 * `alarmCoreApi.openByDevice`, declared here so the device screens (a device's badge, the device
 * map) ask for a device's open alarms without the alarm centre's contract (its record, workflow and forms).
 */
export const openByDeviceCall = defineCall({ kind: "get", path: "alarm/core/openByDevice", input: openByDeviceQuery, answer: z.array(deviceOpenAlarms), access: readWithDevices, scope: "projectOptional" });
