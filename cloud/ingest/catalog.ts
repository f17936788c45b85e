import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { devices } from "../db/schema";
import { loadProductInfo } from "./products";

export type DeviceInfo = { id: number; tenantId: number; sn: string; productId: number; secretHash: string; enabled: boolean };

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

/** Devices and products as the ingest needs them, cached: a message costs no query. */
export function createCatalog(db: Db, loadProduct: (db: Db, id: number) => Promise<ProductInfo | null> = loadProductInfo): Catalog {
  const deviceCache = cached(async (sn: string): Promise<DeviceInfo | null> => {
    const [d] = await db
      .select({ id: devices.id, tenantId: devices.tenantId, sn: devices.deviceSn, productId: devices.productId, secretHash: devices.secretHash, enableStatus: devices.enableStatus })
      .from(devices)
      .where(eq(devices.deviceSn, sn));
    return d ? { id: d.id, tenantId: d.tenantId, sn: d.sn, productId: d.productId, secretHash: d.secretHash, enabled: d.enableStatus === 1 } : null;
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
