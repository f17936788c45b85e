import type { UpChannel } from "@/lib/contract/device/topics";

/** A message as the ingest understands it, whatever the wire format was. */
export type Decoded = {
  time?: Date;
  /** Event or service identifier (event/post, service/reply). */
  identifier?: string;
  params: Record<string, unknown>;
  /** Correlates a reply with its command. */
  id?: string;
  code?: number;
  /** cycle/reply: the reporting cycle the device now uses, in seconds. */
  cycle?: number;
  /** ota/*: the message as sent, checked by the OTA engine against `lib/contract/ota/protocol.ts`. */
  body?: Record<string, unknown>;
};

/** A refusal by a decoder: the reason is an `ingest.*` message key. */
export class DecodeError extends Error {
  constructor(
    readonly reason: string,
    readonly detail?: string,
  ) {
    super(reason);
  }
}

/**
 * Turns a payload in a product's data format into a `Decoded` message. A product's data format
 * (json, JL, modbus) picks its decoder; JL and modbus devices are answered with "no decoder" until
 * one is registered here.
 */
export type Decoder = (channel: UpChannel, payload: Buffer) => Decoded;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function time(v: unknown): Date | undefined {
  if (v === undefined || v === null) return undefined;
  const d = typeof v === "number" ? new Date(v) : typeof v === "string" ? new Date(/^\d+$/.test(v) ? Number(v) : v) : null;
  if (!d || Number.isNaN(d.getTime())) throw new DecodeError("badTime", String(v).slice(0, 100));
  return d;
}

/** The json format of lib/contract/device/topics.ts. */
const decodeJson: Decoder = (channel, payload) => {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString("utf8"));
  } catch {
    throw new DecodeError("badJson");
  }
  if (!isObject(body)) throw new DecodeError("badJson");
  if (channel.startsWith("ota/")) return { time: undefined, params: {}, body };
  const params = body.params ?? {};
  if (!isObject(params)) throw new DecodeError("badParams");
  const out: Decoded = { time: time(body.time), params };
  if (typeof body.id === "string" || typeof body.id === "number") out.id = String(body.id);
  if (channel === "event/post" || channel === "service/reply") {
    if (typeof body.identifier !== "string" || !body.identifier) throw new DecodeError("noIdentifier");
    out.identifier = body.identifier;
  }
  if (channel === "property/post" && !Object.keys(params).length) throw new DecodeError("badParams");
  if (channel === "service/reply" && typeof body.code === "number") out.code = body.code;
  if (channel === "cycle/reply") {
    if (typeof body.cycle !== "number" || !Number.isInteger(body.cycle)) throw new DecodeError("badCycle");
    out.cycle = body.cycle;
  }
  return out;
};

export const DECODERS: Record<string, Decoder> = { json: decodeJson };
