import type { ThingFunction } from "@/lib/contract/device/thing-model";
import { afterAll, beforeAll } from "vitest";
import type { MqttClient } from "mqtt";
import type { Db, DbHandle } from "../db/client";
import { devices, productFunctions, products, tenants } from "../db/schema";
import { sha256 } from "../lib/crypto";
import { openTestDb, SETUP_MS } from "../testing";
import { startDeviceChannel, type DeviceChannel } from ".";

/** A small environmental sensor's thing model: the ingest tests and the benchmark report these. */
const SENSOR_FUNCTIONS: ThingFunction[] = [
  { funcName: "Temperature", identifier: "temperature", funcType: 1, accessMode: "r", dataType: { type: "float", min: -40, max: 80, unit: "°C" } },
  { funcName: "Humidity", identifier: "humidity", funcType: 1, accessMode: "r", dataType: { type: "float", min: 0, max: 100, unit: "%" } },
  { funcName: "Battery", identifier: "battery", funcType: 1, accessMode: "r", dataType: { type: "int32", min: 0, max: 100, unit: "%" } },
  { funcName: "Mode", identifier: "mode", funcType: 1, accessMode: "rw", dataType: { type: "enum", items: [{ value: 0, text: "normal" }, { value: 1, text: "eco" }] } },
  { funcName: "Overload", identifier: "overload", funcType: 2, eventType: "alarm", outputParams: [{ identifier: "value", name: "Value", dataType: { type: "float", min: 0, max: 1000 } }] },
  { funcName: "Reboot", identifier: "reboot", funcType: 3, callMode: "async", inputParams: [], outputParams: [] },
];

/** A product of `tenantId` with the sensor's functions. */
export async function addSensorProduct(db: Db, tenantId: number, opts: { activeCycle?: number; verifyType?: string; dataFormat?: string } = {}) {
  const [p] = await db
    .insert(products)
    .values({ tenantId, prodName: "Env sensor", prodCategory: "sensor", prodType: "device", netType: "mqtt", dataFormat: opts.dataFormat ?? "json", verifyType: opts.verifyType ?? "secret", activeCycle: opts.activeCycle ?? 5 })
    .returning({ id: products.id });
  await db.insert(productFunctions).values(
    SENSOR_FUNCTIONS.map((f, i) => ({ tenantId, productId: p.id, funcName: f.funcName, identifier: f.identifier, funcType: f.funcType, dataType: f.dataType?.type ?? null, accessMode: f.accessMode ?? null, definition: f, sort: i })),
  );
  return p.id;
}

/** `count` devices of a product, SN `${prefix}0001`…, secret `secret-${sn}`. */
export async function addDevices(db: Db, opts: { tenantId: number; productId: number; count: number; prefix?: string }) {
  const rows = Array.from({ length: opts.count }, (_, i) => {
    const sn = `${opts.prefix ?? "DEV"}${String(i + 1).padStart(4, "0")}`;
    return { tenantId: opts.tenantId, productId: opts.productId, deviceName: sn, deviceSn: sn, secretHash: sha256(`secret-${sn}`) };
  });
  const out: { id: number; sn: string; secret: string }[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const ids = await db.insert(devices).values(rows.slice(i, i + 1000)).returning({ id: devices.id, sn: devices.deviceSn });
    out.push(...ids.map((d) => ({ ...d, secret: `secret-${d.sn}` })));
  }
  return out;
}

const WIDE = 1000;
/** What a noisy device sends, over and over (the noisy-device test, `BENCH_NOISY`), and how many refusals each message makes. */
export const NOISY_PAYLOADS: [payload: Buffer, refusals: number][] = [
  // A NUL byte in the middle: not JSON, and the refusal quotes it.
  [Buffer.from('{"params": {"temperature": 1\u0000}}'), 1],
  // Well-formed JSON naming an identifier with a NUL in it.
  [Buffer.from(JSON.stringify({ params: { "te\u0000mp": 1 } })), 1],
  // A lone surrogate as a value, and a NUL inside a number's text.
  [Buffer.from(JSON.stringify({ params: { label: "\ud800", temperature: "2\u00001" } })), 2],
  // Not UTF-8 at all.
  [Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x7d]), 1],
  // Oversized (≈ 130 KB, still under the packet limit): a thousand unknown identifiers, each value with a NUL.
  [Buffer.from(JSON.stringify({ params: Object.fromEntries(Array.from({ length: WIDE }, (_, i) => [`junk${i}`, `x\u0000${"y".repeat(100)}`])) })), WIDE],
];

export type IngestBench = { db: Db; channel: DeviceChannel; productId: number; devs: { id: number; sn: string; secret: string }[] };

/**
 * The start of an ingest test file: its own database with a tenant, the sensor product and `count`
 * devices, and the device channel on a free port, handed to `take`; the MQTT clients the file
 * pushes into the returned list are ended with the channel and the database after it.
 */
export function ingestBench(o: { code: string; count: number; prefix: string }, take: (b: IngestBench) => void): MqttClient[] {
  const clients: MqttClient[] = [];
  let handle: DbHandle | undefined;
  let channel: DeviceChannel | undefined;
  beforeAll(async () => {
    handle = await openTestDb();
    const db = handle.db;
    const [t] = await db.insert(tenants).values({ name: `${o.code} test`, code: o.code }).returning();
    const productId = await addSensorProduct(db, t.id);
    const devs = await addDevices(db, { tenantId: t.id, productId, count: o.count, prefix: o.prefix });
    channel = await startDeviceChannel(db, { mqttPort: 0 });
    take({ db, channel, productId, devs });
  }, SETUP_MS);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await channel?.close();
    await handle?.close();
  });
  return clients;
}
