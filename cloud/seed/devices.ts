import { asc, isNotNull, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { devices, products, projects } from "../db/schema";
import { sha256 } from "../lib/crypto";
import { tenantOf } from "../lib/scope";
import { bilingual } from "./bilingual";

/** Demo devices per monitoring product, spread over the tenant's projects. */
const DEMO_DEVICES_PER_PRODUCT = 3;
/** Seconds between two reports of a demo device: short, so the console shows values moving at once. */
const DEMO_REPORT_CYCLE = 30;

/**
 * A few devices of every monitoring product of the demo tenant, placed around their project's
 * position, each with a secret derived by `secretOf` (the simulator logs in with the same).
 */
export async function seedDemoDevices(db: Db, opts: { tenantId: number; secretOf: (sn: string) => string }) {
  const prods = await db
    .select({ id: products.id, name: products.prodName, i18n: products.i18n, model: products.prodModel, monitorType: products.monitorType })
    .from(products)
    .where(tenantOf(opts.tenantId).where(products, isNotNull(products.monitorType), ne(products.prodType, "gateway")))
    .orderBy(asc(products.id));
  const prjs = await db.select().from(projects).where(tenantOf(opts.tenantId).where(projects)).orderBy(asc(projects.id));
  if (!prods.length || !prjs.length) return 0;
  const rows = prods.flatMap((p, pi) =>
    Array.from({ length: DEMO_DEVICES_PER_PRODUCT }, (_, i) => {
      const prj = prjs[i % prjs.length];
      const sn = `SIM${String(pi + 1).padStart(2, "0")}${String(i + 1).padStart(3, "0")}`;
      const angle = ((pi * DEMO_DEVICES_PER_PRODUCT + i) * 137.5 * Math.PI) / 180;
      return {
        tenantId: opts.tenantId,
        // Named after its product, in each language the product is named in.
        ...bilingual({ deviceName: [`${p.name}-${String(i + 1).padStart(2, "0")}`, `${p.i18n?.prodName?.en ?? p.name}-${String(i + 1).padStart(2, "0")}`] }),
        deviceSn: sn,
        deviceModel: p.model,
        productId: p.id,
        projectId: prj.id,
        channelNo: i + 1,
        longitude: prj.prjLongitude === null ? null : Math.round((prj.prjLongitude + 0.002 * Math.cos(angle)) * 1e6) / 1e6,
        latitude: prj.prjLatitude === null ? null : Math.round((prj.prjLatitude + 0.0015 * Math.sin(angle)) * 1e6) / 1e6,
        altitude: 12 + i,
        drawingNo: `${(p.monitorType ?? "").toUpperCase()}-${String(i + 1).padStart(2, "0")}`,
        firmwareVersion: "1.2.0",
        secretHash: sha256(opts.secretOf(sn)),
        reportCycle: DEMO_REPORT_CYCLE,
        powerSupply: i === 0 ? "mains" : "battery",
      };
    }),
  );
  await db.insert(devices).values(rows);
  return rows.length;
}
