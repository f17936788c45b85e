import { z } from "zod";
import { typed } from "../call";
import { defineEntity, type RowOf } from "../entity";
import { optional } from "../validation";
import { cycleBody } from "./device";
import { COMMAND_TYPES } from "./enums";

/** Command status (core §4): 0 waiting, 1 timeout, 2 success, 3 failed. */
export const COMMAND_STATUS = { waiting: 0, timeout: 1, success: 2, failed: 3 } as const;
export type CommandStatus = (typeof COMMAND_STATUS)[keyof typeof COMMAND_STATUS];

/**
 * What a command does: set properties, call a service of the thing model, change the reporting
 * cycle, or one of the maintenance calls every device answers (restart `deviceRest`,
 * re-initialise `deviceInit`, laser on `deviceLaserOn`), sent as services of these identifiers.
 */
export type CommandType = (typeof COMMAND_TYPES)[number];
export const MAINTENANCE_SERVICES = { reboot: "reboot", init: "init", laserOn: "laserOn" } as const;

/** Sending a command changes what a device does: the device editors' right. */
export const SEND_PERM = "dev:device:upd";
/** How long a device has to answer, in seconds, when the caller names no time-out. */
export const COMMAND_TIMEOUT = { default: 15, min: 1, max: 300 } as const;

const dbId = z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647);
const identifier = z.string().trim().min(1, "validation.required").max(64, "validation.maxLength");
const timeoutS = optional(z.coerce.number({ error: "validation.number" }).int("validation.integer").min(COMMAND_TIMEOUT.min, "validation.min").max(COMMAND_TIMEOUT.max, "validation.max"));

/** Carried by every row for the screens' own use, never a column. */
const hidden = { kind: "id", readOnly: true, list: false, detail: false, export: false } as const;

/**
 * A command as the handling log lists it (`comm/instruct{product}/page`). Device SN and name are
 * copied at sending: the log says what the device was called then, and lists without a join.
 */
export const command = defineEntity({
  ns: "deviceOps.command",
  api: "comm/instructIot", perm: "dev:device",
  fields: {
    id: hidden,
    deviceName: { kind: "text", readOnly: true, search: "contains" },
    deviceSn: { kind: "text", readOnly: true, search: "contains", sort: true },
    cmdType: { kind: "select", dict: "commandType", readOnly: true, search: "eq", schema: z.enum(COMMAND_TYPES) },
    identifier: { kind: "text", readOnly: true },
    params: { kind: "text", readOnly: true, width: 220 },
    status: { kind: "status", dict: "commandStatus", readOnly: true, search: "eq", schema: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])) },
    sentByName: { kind: "text", readOnly: true },
    sentAt: { kind: "datetime", readOnly: true, sort: true, search: "range", range: ["startTime", "endTime"] },
    repeats: { kind: "number", readOnly: true },
    answeredAt: { kind: "datetime", readOnly: true },
    reply: { kind: "text", readOnly: true, width: 220 },
    /** The device's own log (the cycle panel, the debugging screen): `?deviceId=`. */
    deviceId: { ...hidden, search: "eq" },
    replyCode: { ...hidden, kind: "number" },
    timeoutS: { ...hidden, kind: "number" },
  },
});
export type Command = RowOf<typeof command.fields>;

const paramsRecord = z.record(z.string().max(64), z.unknown(), { error: "validation.format" });

/**
 * A command from the console (`comm/instruct{product}/add`, the debugging screen): set writable
 * properties, or call a service with its input parameters. The cloud checks the values against
 * the device's thing model, as the form did.
 */
export const commandBody = z
  .object({
    deviceId: dbId,
    cmdType: z.enum(["property", "service"], { error: "validation.invalidOption" }),
    identifier: optional(identifier),
    params: paramsRecord.default({}),
    timeoutS,
  })
  .superRefine((v, ctx) => {
    if (v.cmdType === "service" && !v.identifier) ctx.addIssue({ code: "custom", path: ["identifier"], message: "validation.required" });
    if (v.cmdType === "property" && !Object.keys(v.params).length) ctx.addIssue({ code: "custom", path: ["params"], message: "validation.required" });
  });
export type CommandBody = z.input<typeof commandBody>;

/** `deviceRest` / `deviceInit` / `deviceLaserOn`: the device, and optionally its time-out. */
export const maintenanceBody = z.object({ id: dbId, timeoutS });

/** `setCycleData`: the new reporting cycle (0–31536000 s, 0 meaning "no effect"). */
export const setCycleBody = cycleBody.extend({ timeoutS });

/** `getCycleData`: the stored cycle and the newest cycle command. */
export const cycleData = z.object({ deviceId: z.number().int(), reportCycle: z.number().int(), status: z.number().int(), last: typed<Command>().nullable() });
export type CycleData = z.infer<typeof cycleData>;
