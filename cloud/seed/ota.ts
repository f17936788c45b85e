import { createHash } from "node:crypto";
import { access, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { asc, count, desc, eq, like } from "drizzle-orm";
import type { Db } from "../db/client";
import { devices, otaEvents, otaPackages, otaTaskDevices, otaTasks, products } from "../db/schema";
import { versionOrder } from "@/lib/contract/ota/version";
import { bilingual } from "./bilingual";

/** The demo firmware's stored name: written again beside the database when missing (`writeDemoFirmware`). */
const DEMO_FIRMWARE = "0d0e0a0f1a2b3c4d5e6f708192a3b4c5.bin";
const DEMO_PATH = (tenantId: number) => `${tenantId}/20260101/${DEMO_FIRMWARE}`;

/** A 256 KiB image, the same every time, so its hashes can be stored before its bytes are written. */
export function demoFirmware(): Buffer {
  const out = Buffer.alloc(256 * 1024);
  let x = 0x2545f491;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/**
 * A demo package (the firmware the demo devices run, V1.2.0, of the tilt meters: the sensor product
 * with the most demo devices) and a finished task that brought them to it from 1.1.0, so the OTA screens mean
 * something at first start. The platform's: OTA is a platform screen.
 */
export async function seedDemoOta(db: Db, opts: { platformTenantId: number }) {
  const [top] = await db
    .select({ productId: devices.productId, n: count() })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(eq(products.monitorType, "tilt"))
    .groupBy(devices.productId)
    .orderBy(desc(count()), asc(devices.productId))
    .limit(1);
  if (!top) return;
  const image = demoFirmware();
  const [pkg] = await db
    .insert(otaPackages)
    .values({
      tenantId: opts.platformTenantId,
      ...bilingual({ packageName: ["演示固件", "Demo firmware"], description: ["演示设备当前运行的固件", "The firmware the demo devices run"] }),
      productId: top.productId,
      version: "1.2.0",
      versionOrder: versionOrder("1.2.0"),
      filePath: DEMO_PATH(opts.platformTenantId),
      fileName: "demo-firmware-1.2.0.bin",
      fileSize: image.length,
      sha256: createHash("sha256").update(image).digest("hex"),
      md5: createHash("md5").update(image).digest("hex"),
    })
    .returning();
  const devs = await db.select({ id: devices.id }).from(devices).where(eq(devices.productId, top.productId)).orderBy(asc(devices.id));
  const done = new Date(Date.now() - 7 * 86_400_000);
  const [task] = await db
    .insert(otaTasks)
    .values({ tenantId: opts.platformTenantId, ...bilingual({ taskName: ["演示升级 1.2.0", "Demo rollout 1.2.0"] }), packageId: pkg.id, status: 4, stage: 2, target: 1, total: devs.length, successCount: devs.length, startedAt: done, finishedAt: new Date(done.getTime() + 5 * 60_000) })
    .returning();
  const rows = await db
    .insert(otaTaskDevices)
    .values(devs.map((d) => ({ taskId: task.id, deviceId: d.id, status: 4, phase: "done", progress: 100, attempt: 1, fromVersion: "1.1.0", bytesServed: image.length, queuedAt: done, notifiedAt: done, firstProgressAt: done, lastProgressAt: done, doneAt: done })))
    .returning({ id: otaTaskDevices.id });
  await db.insert(otaEvents).values(rows.flatMap((r) => [
    { taskDeviceId: r.id, at: done, source: "timer", status: 2, phase: "notified", progress: 0, text: "notified" },
    { taskDeviceId: r.id, at: done, source: "device", status: 4, phase: "done", progress: 100, text: "informed:1.2.0" },
  ]));
}

/** Writes the demo firmware's bytes where its package says, when they are missing (a fresh files folder). */
export async function writeDemoFirmware(db: Db, filesDir: string) {
  const rows = await db.select({ filePath: otaPackages.filePath }).from(otaPackages).where(like(otaPackages.filePath, `%/${DEMO_FIRMWARE}`));
  for (const { filePath } of rows) {
    const abs = join(filesDir, filePath);
    if (await access(abs).then(() => true, () => false)) continue;
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, demoFirmware());
  }
}
