import { z } from "zod";
import { defineCall, stream } from "../call";
import { dbId } from "../common";
import { DOWN_CHANNELS, UP_CHANNELS } from "./topics";
import type { ThingFunction } from "./thing-model";

/**
 * Online debugging (core §2 /debug, comm debug): the devices the caller may operate, a device's
 * writable properties and services, and its live traffic as server-sent events.
 */
const SCREEN = { menu: ["/debug"] } as const;

/** A device the caller may operate, as the debugging screen's picker lists it. */
export const debugDevice = z.object({
  id: z.number().int(),
  projectId: z.number().int().nullable(),
  productId: z.number().int(),
  sn: z.string(),
  name: z.string(),
  enableStatus: z.number().int(),
  status: z.number().int(),
  reportCycle: z.number().int(),
  prodName: z.string().nullable(),
});
export type DebugDevice = z.infer<typeof debugDevice>;

const topic = <T extends readonly [string, ...string[]]>(channels: T) => z.array(z.object({ channel: z.enum(channels), topic: z.string() }));
/** A function of the product's thing model as stored (its rules are `thingFunction`'s, checked when it was saved). */
const storedFunction = z.custom<ThingFunction>((v) => typeof v === "object" && v !== null && "identifier" in v && "funcType" in v);

/** `model`: the device, its topics, and what the console may send it. */
export const debugModel = z.object({
  device: debugDevice,
  topics: z.object({ up: topic(UP_CHANNELS), down: topic(DOWN_CHANNELS) }),
  properties: z.array(storedFunction),
  services: z.array(storedFunction),
});
export type DebugModel = z.infer<typeof debugModel>;

/** One message of `stream`'s `traffic` events (the `ready` event names the device and its topic prefix). */
export type DebugTraffic = { dir: "up" | "down"; topic: string; payload: string; at: string; refused: string[] };

const deviceQuery = z.object({ deviceId: dbId });

/** Rows are the devices of the projects the caller sees (`own`). */
export const debugApi = {
  devices: defineCall({ kind: "get", path: "comm/debug/devices", input: z.object({ keyword: z.string().trim().max(64).optional() }), answer: z.array(debugDevice), access: SCREEN, scope: "own" }),
  model: defineCall({ kind: "get", path: "comm/debug/model", input: deviceQuery, answer: debugModel, access: SCREEN, scope: "own" }),
  /** An `EventSource` (GET): the browser's reader cannot POST. */
  stream: defineCall({ kind: "get", path: "comm/debug/stream", input: deviceQuery, answer: stream, access: SCREEN, scope: "own" }),
};
