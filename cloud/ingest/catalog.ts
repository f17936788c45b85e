import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { devices } from "../db/schema";
import { loadProductInfo } from "./products";

/**
 * What the engines beside the ingest (alarm rules, data push) need of a device, handed to them with
 * each batch of its values (issue 33): read by the ingest, which forgets it the moment a change is
 * signalled by any instance, so no engine keeps a device cache of its own that another instance's
 * change would leave stale.
 */
export type DeviceContext = { id: number; tenantId: number; sn: string; productId: number; projectId: number | null; deviceName: string };
export type DeviceInfo = DeviceContext & { secretHash: string; enabled: boolean };

/** A checked value: a number (`num`) or anything else as text (`txt`); or why it was refused. */
export type Checked = { num: number | null; txt: string | null } | { reason: string; detail?: string };
export type IngestFunction = { identifier: string; /** 1 property, 2 event, 3 service */ type: number; check: (value: unknown) => Checked };
export type ProductInfo = {
  id: number;
  dataFormat: string;
  /** Devices prove themselves with their secret key (the product's verify setting). */
  verifySecret: boolean;
  /** Minutes of silence after which a device counts as offline. */
  activeCycleMin: number;
  functions: Map<string, IngestFunction>;
};

export type Catalog = {
  device(sn: string): Promise<DeviceInfo | null>;
  product(id: number): Promise<ProductInfo | null>;
  /** Drops what is cached about a device or product after it changed. */
  forgetDevice(sn: string): void;
  forgetProduct(id: number): void;
  /** Drops everything cached (changes may have been missed: the cluster's signals reconnected). */
  forgetAll(): void;
};

/** How long a lookup is trusted without a change announced through `forget*`. */
const TTL_MS = 30_000;

function cached<K, V>(load: (k: K) => Promise<V>) {
  const m = new Map<K, { at: number; v: Promise<V> }>();
  return {
    get(k: K): Promise<V> {
      const hit = m.get(k);
      if (hit && Date.now() - hit.at < TTL_MS) return hit.v;
      const v = load(k);
      m.set(k, { at: Date.now(), v });
      v.catch(() => m.delete(k));
      return v;
    },
    forget: (k: K) => void m.delete(k),
    clear: () => m.clear(),
  };
}

/** A device's context as a select list (`loadDeviceContexts`, the catalog). */
const deviceContextColumns = { id: devices.id, tenantId: devices.tenantId, sn: devices.deviceSn, productId: devices.productId, projectId: devices.projectId, deviceName: devices.deviceName };

/**
 * Devices' contexts read now, in one query: for work that does not come with an ingest batch (a
 * status change, a sweep, an alarm event) or a batch handed over without them (a replay, a test).
 */
export async function loadDeviceContexts(db: Db, ids: Iterable<number>): Promise<Map<number, DeviceContext>> {
  const list = [...new Set(ids)];
  if (!list.length) return new Map();
  const rows = await db.select(deviceContextColumns).from(devices).where(inArray(devices.id, list));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Devices and products as the ingest needs them, cached: a message costs no query. */
export function createCatalog(db: Db, loadProduct: (db: Db, id: number) => Promise<ProductInfo | null> = loadProductInfo): Catalog {
  const deviceCache = cached(async (sn: string): Promise<DeviceInfo | null> => {
    const [d] = await db
      .select({ ...deviceContextColumns, secretHash: devices.secretHash, enableStatus: devices.enableStatus })
      .from(devices)
      .where(eq(devices.deviceSn, sn));
    return d ? { id: d.id, tenantId: d.tenantId, sn: d.sn, productId: d.productId, projectId: d.projectId, deviceName: d.deviceName, secretHash: d.secretHash, enabled: d.enableStatus === 1 } : null;
  });
  const productCache = cached((id: number) => loadProduct(db, id));
  return {
    device: deviceCache.get,
    product: productCache.get,
    forgetDevice: deviceCache.forget,
    forgetProduct: productCache.forget,
    forgetAll: () => {
      deviceCache.clear();
      productCache.clear();
    },
  };
}
