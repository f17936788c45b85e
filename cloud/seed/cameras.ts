import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { devices, products, projects } from "../db/schema";
import { sha256 } from "../lib/crypto";
import { tenantOf } from "../lib/scope";
import { bilingual } from "./bilingual";

/** Simulated cameras per demo project (issue 34: a video wall of four). */
export const DEMO_CAMERAS_PER_PROJECT = 4;

/**
 * Four pan-tilt cameras in each of the demo tenant's projects, channels 01…04 (shown 01号…), each
 * with the simulator's secret: the simulator turns them as the pad says and the cloud serves
 * their pictures (`cloud/media`).
 */
export async function seedDemoCameras(db: Db, opts: { tenantId: number; secretOf: (sn: string) => string }) {
  const [camera] = await db.select({ id: products.id, model: products.prodModel }).from(products).where(tenantOf(opts.tenantId).where(products, and(eq(products.prodCategory, "camera"))));
  if (!camera) return 0;
  const prjs = await db.select({ id: projects.id, lng: projects.prjLongitude, lat: projects.prjLatitude }).from(projects).where(tenantOf(opts.tenantId).where(projects)).orderBy(asc(projects.id));
  const rows = prjs.flatMap((p, pi) =>
    Array.from({ length: DEMO_CAMERAS_PER_PROJECT }, (_, i) => {
      const sn = `CAM${String(pi + 1).padStart(2, "0")}${String(i + 1).padStart(3, "0")}`;
      return {
        tenantId: opts.tenantId,
        ...bilingual({ deviceName: [`云台摄像机-${String(i + 1).padStart(2, "0")}`, `PTZ camera-${String(i + 1).padStart(2, "0")}`] }),
        deviceSn: sn,
        deviceModel: camera.model,
        productId: camera.id,
        projectId: p.id,
        channelNo: i + 1,
        longitude: p.lng === null ? null : Math.round((p.lng + 0.001 * (i - 1.5)) * 1e6) / 1e6,
        latitude: p.lat === null ? null : Math.round((p.lat - 0.001) * 1e6) / 1e6,
        firmwareVersion: "5.7.3",
        secretHash: sha256(opts.secretOf(sn)),
        reportCycle: 30,
        powerSupply: "mains",
      };
    }),
  );
  if (rows.length) await db.insert(devices).values(rows);
  return rows.length;
}
