import { and, asc, eq, gte, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import type { DeviceTreeNode } from "@/lib/contract/device/device";
import type { Locale } from "@/lib/contract/locale";
import type { Db } from "../client";
import { devices, products, telemetry, telemetryLatest } from "../schema";
import { deviceNameIn } from "./names";
import { productNameIn } from "./products";
import { registerProductUse } from "./product-usage";
import { rebuildHourly } from "./telemetry-hourly";
import { rawValues } from "./telemetry-raw";
import { pgArray } from "../../ingest/pg-array";
import { rowsOf } from "../../ingest/writer";
import { tenantOf } from "../../lib/scope";

/** The device holding an SN, anywhere: SNs are MQTT usernames, so they are unique across tenants. */
export async function snHolder(db: Db, sn: string, exceptId?: number) {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.deviceSn, sn), exceptId ? ne(devices.id, exceptId) : undefined))
    .limit(1);
  return row;
}

/** Names of the devices among `ids` that have stored values (their latest values say so without scanning history). */
export async function devicesWithData(db: Db, ids: number[], locale: Locale): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectDistinct({ name: deviceNameIn(locale) })
    .from(devices)
    .innerJoin(telemetryLatest, eq(telemetryLatest.deviceId, devices.id))
    .where(inArray(devices.id, ids));
  return rows.map((r) => r.name);
}

/**
 * Deletes the devices' values between `from` and `to` (open ends: all of them), then rebuilds
 * their latest values and the touched hours of the roll-up from what is left and deletes the daily
 * roll-up's days of the range, so lists, "has data" checks and long-range charts stay true.
 */
export async function deleteDeviceData(db: Db, ids: number[], from?: Date, to?: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const range = (ts: typeof telemetry.ts) => [from ? gte(ts, from) : undefined, to ? lte(ts, to) : undefined];
    const gone = await tx
      .delete(telemetry)
      .where(and(inArray(telemetry.deviceId, ids), ...range(telemetry.ts)))
      .returning({ id: telemetry.deviceId });
    // Packed hours touching the range go whole; their values outside it are stored again as raw rows.
    const inRange = (ts: SQL) => sql`${from ? sql`${ts} >= ${from.toISOString()}::timestamptz` : sql`true`} and ${to ? sql`${ts} <= ${to.toISOString()}::timestamptz` : sql`true`}`;
    const [packed] = rowsOf(
      await tx.execute(sql`with gone as (
          delete from telemetry_packed p where p.device_id = any(${pgArray(ids)}::int[])${from ? sql` and p.hour > ${from.toISOString()}::timestamptz - interval '1 hour'` : sql``}${to ? sql` and p.hour <= ${to.toISOString()}::timestamptz` : sql``}
          returning p.device_id, p.prop_id, p.hour, p.ms, p.nums
        ), vals as (
          select g.device_id, g.prop_id, g.hour + v.ms * interval '1 millisecond' as ts, v.num from gone g cross join lateral unnest(g.ms, g.nums) v(ms, num)
        ), kept as (
          insert into telemetry (ts, num, device_id, prop_id) select ts, num, device_id, prop_id from vals where not (${inRange(sql`ts`)}) returning 1
        )
        select ((select count(*) from vals) - (select count(*) from kept))::int as n`),
    );
    await tx.delete(telemetryLatest).where(inArray(telemetryLatest.deviceId, ids));
    await tx.execute(sql`
      insert into ${telemetryLatest} (device_id, identifier, ts, num, txt)
      select distinct on (t.device_id, t.prop_id) t.device_id, p.identifier, t.ts, t.num, t.txt
      from (${rawValues({ device: ids })}) t join telemetry_props p on p.id = t.prop_id
      order by t.device_id, t.prop_id, t.ts desc`);
    await rebuildHourly(tx, ids, from, to);
    // Days folded out of the hourly tier (older than its keep) have no raw values left to rebuild from: deleted with the range.
    await tx.execute(sql`delete from telemetry_daily where device_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})${from ? sql` and day >= date_trunc('day', ${from.toISOString()}::timestamptz, 'UTC')` : sql``}${to ? sql` and day <= ${to.toISOString()}::timestamptz` : sql``}`);
    return gone.length + Number(packed?.n ?? 0);
  });
}

/** A project's devices for pickers (all devices, linkage editor), by name; `where` is the project scope. */
export async function devicesForPicker(db: Db, where: SQL, locale: Locale) {
  return db
    .select({ id: devices.id, deviceName: deviceNameIn(locale), deviceSn: devices.deviceSn, productId: devices.productId, status: devices.status })
    .from(devices)
    .where(where)
    .orderBy(deviceNameIn(locale), devices.id);
}

/** A tenant's gateway device by its SN (binding sub-devices to it). */
export async function gatewayBySn(db: Db, tenantId: number, sn: string) {
  const [row] = await db
    .select({ id: devices.id, prodType: products.prodType, projectId: devices.projectId })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(tenantOf(tenantId).where(devices, eq(devices.deviceSn, sn)));
  return row;
}

/** Products with their devices under `where` as `subItem` (the "device tree by product" picker, widgets §2). */
export async function deviceTreeByProduct(db: Db, where: SQL, locale: Locale): Promise<DeviceTreeNode[]> {
  const rows = await db
    .select({ id: devices.id, name: deviceNameIn(locale), sn: devices.deviceSn, productId: devices.productId, prodName: productNameIn(locale) })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(where)
    .orderBy(asc(productNameIn(locale)), asc(deviceNameIn(locale)), asc(devices.id));
  const byProduct = new Map<number, DeviceTreeNode & { subItem: DeviceTreeNode[] }>();
  for (const r of rows) {
    // A product node is keyed by its product id; its devices by theirs.
    const node = byProduct.get(r.productId) ?? { id: r.productId, name: r.prodName, productId: r.productId, subItem: [] };
    node.subItem.push({ id: r.id, name: r.name, sn: r.sn, productId: r.productId });
    byProduct.set(r.productId, node);
  }
  return [...byProduct.values()];
}

// A product with devices is neither deleted nor retyped (the product service asks every registered check).
registerProductUse(async (db, productIds) => {
  const rows = await db.select({ name: devices.deviceName }).from(devices).where(inArray(devices.productId, productIds)).limit(6);
  return { kind: "product.usage.device", names: rows.map((r) => r.name) };
});
