import { createServer, type AddressInfo, type Server } from "node:net";
import { Aedes } from "aedes";
import { connectAsync, type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUSH_STATUS } from "@/lib/contract/push/enums";
import type { PushConfigRecord } from "../db/queries/push";
import { kafkaBrokers, sendBatch } from "./senders";

const config = (over: Partial<PushConfigRecord>): PushConfigRecord => ({
  id: 1,
  tenantId: 2,
  projectId: 1,
  pushName: "bridge",
  i18n: null,
  method: "POST",
  address: null,
  topic: null,
  dataTypes: [1],
  deviceScope: 1,
  deviceIds: [],
  headers: [],
  params: [],
  template: null,
  encoding: "UTF-8",
  enableStatus: 1,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});
const items = (from: number, n: number) => Array.from({ length: n }, (_, k) => ({ kind: "telemetry", deviceId: 7, deviceSn: "SN7", identifier: "angleX", ts: new Date(Date.UTC(2026, 0, 1, 0, 0, from + k)).toISOString(), value: from + k }));
const options = { now: new Date(), timeoutMs: 2000, outbound: { allowAddresses: ["127.0.0.1"] } };

describe("MQTT bridge against a broker on loopback", () => {
  let broker: Aedes;
  let server: Server;
  let port: number;
  let subscriber: MqttClient;
  const got: { topic: string; values: number[] }[] = [];

  beforeAll(async () => {
    broker = await Aedes.createBroker();
    server = createServer(broker.handle);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    port = (server.address() as AddressInfo).port;
    subscriber = await connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: "receiver", reconnectPeriod: 0 });
    await subscriber.subscribeAsync("site/+/data", { qos: 1 });
    subscriber.on("message", (topic, payload) => got.push({ topic, values: JSON.parse(payload.toString()).items.map((i: { value: number }) => i.value) }));
  });
  afterAll(async () => {
    await subscriber.endAsync();
    await new Promise<void>((r) => broker.close(() => r()));
    await new Promise((r) => server.close(r));
  });

  it("publishes each batch at QoS 1 to the topic, in the order sent", async () => {
    const bridge = config({ method: "MQTT", address: `mqtt://127.0.0.1:${port}`, topic: "site/a/data" });
    for (const from of [1, 4, 7]) expect(await sendBatch(bridge, items(from, 3), options)).toMatchObject({ status: PUSH_STATUS.success, error: null });
    const end = Date.now() + 5000;
    while (got.length < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual([
      { topic: "site/a/data", values: [1, 2, 3] },
      { topic: "site/a/data", values: [4, 5, 6] },
      { topic: "site/a/data", values: [7, 8, 9] },
    ]);
  });

  it("logs a broker that does not answer as no response, and refuses a loopback broker unless allowed", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", () => r()));
    const gone = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const down = await sendBatch(config({ method: "MQTT", address: `mqtt://127.0.0.1:${gone}`, topic: "site/a/data" }), items(1, 1), options);
    expect(down).toMatchObject({ status: PUSH_STATUS.noResponse, httpStatus: null });
    expect(down.error).toContain("127.0.0.1");
    const refused = await sendBatch(config({ method: "MQTT", address: `mqtt://127.0.0.1:${port}`, topic: "site/a/data" }), items(1, 1), { ...options, outbound: {} });
    expect(refused.status).toBe(PUSH_STATUS.failed);
    expect(refused.error).toMatch(/内网|地址/);
  });
});

describe("an address no URL parser reads", () => {
  it("is a failed try with its reason, not an error thrown at the engine", async () => {
    const r = await sendBatch(config({ method: "POST", address: "http://[::1:18991/x" }), items(1, 1), options);
    expect(r).toMatchObject({ status: PUSH_STATUS.failed, httpStatus: null });
    expect(r.error).toMatch(/URL/i);
  });
});

describe("Kafka without brokers", () => {
  it("fails each try with the localised reason when neither the form nor KAFKA_BROKERS names a broker", async () => {
    expect(kafkaBrokers({ address: "" }, {} as NodeJS.ProcessEnv)).toEqual([]);
    expect(kafkaBrokers({ address: null }, { KAFKA_BROKERS: " k1:9092, k2:9092 " } as unknown as NodeJS.ProcessEnv)).toEqual(["k1:9092", "k2:9092"]);
    const saved = process.env.KAFKA_BROKERS;
    delete process.env.KAFKA_BROKERS;
    try {
      const r = await sendBatch(config({ method: "KAFKA", address: "", topic: "values" }), items(1, 1), options);
      expect(r).toMatchObject({ status: PUSH_STATUS.failed, error: "Kafka 需要 Broker 地址：请填写，或在服务器上设置 KAFKA_BROKERS" });
    } finally {
      if (saved !== undefined) process.env.KAFKA_BROKERS = saved;
    }
  });
});
