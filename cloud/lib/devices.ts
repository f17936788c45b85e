import { Code } from "@/lib/contract/envelope";
import { command, type Command } from "@/lib/contract/device/command";
import type { DeviceCredentials } from "@/lib/contract/device/device";
import { opsDevice, type OpsDevice } from "../db/queries/device-ops";
import { CommandRefused, commandsOf, type CommandRow, type SendCommand } from "../ingest/commands";
import type { Ctx } from "./context";
import { rowMapper } from "./crud";
import { AppError, notFound, ok } from "./http";

/** What the routes of several services need of a device: its commands (device/device, comm/instruct, comm/debug, linkage) and where devices connect. */

export const toCommand = rowMapper<typeof command.fields, Command>(command);

/** The caller's device, or not found (another tenant's id is not found either). */
export async function deviceFor(c: Ctx, id: number): Promise<OpsDevice> {
  const d = await opsDevice(c.var.deps.db, c.var.auth, id);
  if (!d) throw notFound();
  return d;
}

/** Sends a command and gives its stored row (waiting); a refusal is a localised 400. */
export async function dispatchCommand(c: Ctx, cmd: Omit<SendCommand, "by">): Promise<CommandRow> {
  const ingest = c.var.deps.ingest;
  if (!ingest) throw new AppError(Code.BAD_REQUEST, "deviceOps.refused.noChannel");
  try {
    return await commandsOf(ingest, { now: c.var.deps.now }).send({ ...cmd, by: { userId: c.var.auth.userId, name: c.var.auth.realname || c.var.auth.username } });
  } catch (err) {
    if (err instanceof CommandRefused) throw new AppError(Code.BAD_REQUEST, `deviceOps.refused.${err.reason}`, { name: cmd.device.name });
    throw err;
  }
}

/** Sends a command and answers its stored row (waiting). */
export async function sendCommand(c: Ctx, cmd: Omit<SendCommand, "by">) {
  return ok(c, toCommand(await dispatchCommand(c, cmd)), "deviceOps.sent");
}

/** The embedded broker's address as devices reach it (an external broker's, without its credentials). */
export function brokerOf(c: Ctx): DeviceCredentials["broker"] {
  const url = c.var.deps.mqttUrl;
  if (!url) return null;
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) || 1883 };
}
