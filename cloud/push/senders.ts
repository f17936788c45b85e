import { PUSH_STATUS, type PushMethod } from "@/lib/contract/push/enums";
import type { PushItem } from "../db/schema";
import type { PushConfigRecord } from "../db/queries/push";
import { t } from "../lib/i18n";
import { checkTarget, OutboundError, safeFetch, type OutboundOptions } from "../lib/outbound";
import { renderBatch } from "./payload";

/** One attempt as the log keeps it. */
export type Attempt = { status: 1 | 2 | 3; httpStatus: number | null; durationMs: number; error: string | null; response: string | null };
export type SendOptions = { now: Date; timeoutMs: number; outbound?: Pick<OutboundOptions, "allowPrivate" | "allowAddresses" | "resolve"> };

const KEEP = 500;
const clip = (s: string | null | undefined, n = KEEP) => (s ? s.slice(0, n) : null);

/** An error as the log says it (in Chinese, the platform's language; refusals are localised messages). */
function failure(e: unknown, started: number): Attempt {
  const durationMs = Math.round(performance.now() - started);
  if (e instanceof OutboundError) {
    const values = Object.fromEntries(Object.entries(e.values).map(([k, v]) => [k, typeof v === "string" && v.startsWith("@") ? t("zh-cn", v.slice(1)) : v]));
    return { status: e.noResponse ? PUSH_STATUS.noResponse : PUSH_STATUS.failed, httpStatus: null, durationMs, error: clip(t("zh-cn", e.key, values)), response: null };
  }
  return { status: PUSH_STATUS.failed, httpStatus: null, durationMs, error: clip((e as Error).message ?? String(e)), response: null };
}

async function sendHttp(config: PushConfigRecord, items: PushItem[], o: SendOptions): Promise<Attempt> {
  const batch = renderBatch(config, items, o.now);
  const url = new URL(config.address ?? "");
  for (const p of config.params) url.searchParams.append(p.name, p.value);
  const get = config.method === "GET";
  // A GET carries the batch in the `data` parameter.
  if (get) url.searchParams.set("data", batch.body);
  const started = performance.now();
  try {
    const r = await safeFetch(url.href, {
      method: get ? "GET" : "POST",
      headers: { ...(get ? {} : { "content-type": batch.contentType }), ...batch.headers },
      body: get ? undefined : batch.body,
      encoding: config.encoding === "GBK" ? "GBK" : "UTF-8",
      timeoutMs: o.timeoutMs,
      maxBytes: 64 * 1024,
      ...o.outbound,
    });
    const ok = r.status >= 200 && r.status < 300;
    return { status: ok ? PUSH_STATUS.success : PUSH_STATUS.failed, httpStatus: r.status, durationMs: r.durationMs, error: ok ? null : `HTTP ${r.status}`, response: clip(r.body, 2000) };
  } catch (e) {
    return failure(e, started);
  }
}

/** MQTT bridge: the batch published at QoS 1 to the topic of an external broker (checked like any outbound address). */
async function sendMqtt(config: PushConfigRecord, items: PushItem[], o: SendOptions): Promise<Attempt> {
  const started = performance.now();
  try {
    const url = new URL(config.address ?? "");
    const address = await checkTarget(url, o.outbound);
    const { connectAsync } = await import("mqtt");
    const client = await Promise.race([
      connectAsync({
        protocol: url.protocol === "mqtts:" ? "mqtts" : "mqtt",
        host: address,
        servername: url.hostname,
        port: Number(url.port) || (url.protocol === "mqtts:" ? 8883 : 1883),
        username: decodeURIComponent(url.username) || undefined,
        password: decodeURIComponent(url.password) || undefined,
        connectTimeout: o.timeoutMs,
        reconnectPeriod: 0,
      }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new OutboundError("timeout", { ms: o.timeoutMs })), o.timeoutMs).unref()),
    ]);
    try {
      await client.publishAsync(config.topic ?? "", renderBatch(config, items, o.now).body, { qos: 1 });
    } finally {
      await client.endAsync().catch(() => undefined);
    }
    return { status: PUSH_STATUS.success, httpStatus: null, durationMs: Math.round(performance.now() - started), error: null, response: null };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (!(e instanceof OutboundError) && (err.code === "ECONNREFUSED" || err.code === "ETIMEDOUT")) return failure(new OutboundError("network", { host: config.address ?? "" }), started);
    return failure(e, started);
  }
}

/** The Kafka brokers of a configuration: its own, or `KAFKA_BROKERS` of the cloud. */
export const kafkaBrokers = (config: Pick<PushConfigRecord, "address">, env: NodeJS.ProcessEnv = process.env) =>
  (config.address?.trim() || env.KAFKA_BROKERS?.trim() || "")
    .split(",")
    .map((b) => b.trim())
    .filter(Boolean);

/** Kafka: one message per item, keyed by device SN so a device's values stay in one partition, in order. */
async function sendKafka(config: PushConfigRecord, items: PushItem[], o: SendOptions): Promise<Attempt> {
  const started = performance.now();
  try {
    const brokers = kafkaBrokers(config);
    if (!brokers.length) throw new Error(t("zh-cn", "cloud.push.kafkaUnavailable"));
    // Every broker, also those the cluster names later, is checked at connection time.
    const pinned: string[] = [];
    for (const b of brokers) {
      const url = new URL(`kafka://${b}`);
      pinned.push(`${await checkTarget(url, o.outbound)}:${url.port}`);
    }
    const { Kafka, logLevel } = await import("kafkajs");
    const kafka = new Kafka({ clientId: "iot-console-push", brokers: pinned, connectionTimeout: o.timeoutMs, requestTimeout: o.timeoutMs, retry: { retries: 0 }, logLevel: logLevel.NOTHING });
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    await producer.connect();
    try {
      await producer.send({ topic: config.topic ?? "", acks: -1, messages: items.map((item) => ({ key: String(item.deviceSn ?? item.deviceId ?? ""), value: JSON.stringify(item) })) });
    } finally {
      await producer.disconnect().catch(() => undefined);
    }
    return { status: PUSH_STATUS.success, httpStatus: null, durationMs: Math.round(performance.now() - started), error: null, response: null };
  } catch (e) {
    const name = (e as Error).name ?? "";
    if (name === "KafkaJSConnectionError" || name === "KafkaJSNumberOfRetriesExceeded" || name === "KafkaJSRequestTimeoutError") return { ...failure(e, started), status: PUSH_STATUS.noResponse };
    return failure(e, started);
  }
}

const SENDERS: Record<PushMethod, (config: PushConfigRecord, items: PushItem[], o: SendOptions) => Promise<Attempt>> = {
  POST: sendHttp,
  GET: sendHttp,
  MQTT: sendMqtt,
  KAFKA: sendKafka,
};

/** Sends one batch by the configuration's method; never throws: every outcome is an attempt to log. */
export async function sendBatch(config: PushConfigRecord, items: PushItem[], o: SendOptions): Promise<Attempt> {
  const started = performance.now();
  try {
    return await (SENDERS[config.method as PushMethod] ?? sendHttp)(config, items, o);
  } catch (e) {
    // What a sender did not foresee (an address stored before today's rule that no URL parser
    // reads): a failed try, logged and counted toward the dead letter, not a queue stuck for ever.
    return failure(e, started);
  }
}
