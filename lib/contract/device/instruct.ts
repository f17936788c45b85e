import { defineCall, typed } from "../call";
import { crudCalls } from "../entity-calls";
import { command, commandBody, SEND_PERM, type Command } from "./command";
import { OPS_SCREENS } from "./readers";

/**
 * Commands (comm instruct{product}, `instructIot` for this product). The log the handling log and
 * the device panels read: rows of devices in projects the caller sees.
 */
export const commandLogApi = crudCalls(command, { only: ["page", "info", "export"], read: { menu: OPS_SCREENS } });

/** A property-set or service call from the debugging screen, checked against the device's thing model. */
export const commandApi = {
  send: defineCall({ kind: "post", path: "comm/instructIot/add", input: commandBody, answer: typed<Command>(), access: { perm: SEND_PERM }, scope: "own" }),
};
