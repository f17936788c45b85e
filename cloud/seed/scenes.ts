import { access, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import { SCREEN_BLOCKS } from "@/lib/contract/scene/enums";
import type { ScreenPoint } from "@/lib/contract/scene/scene";
import type { Db } from "../db/client";
import { devices, productFunctions, projects, sceneDevices, scenes, screenConfigs } from "../db/schema";
import { canvas } from "../lib/png";
import { bilingual } from "./bilingual";
import { tenantOf } from "../lib/scope";

/** The demo floor plan's stored name (a fixed one, so a start can tell it is missing and draw it again). */
const DEMO_PLAN_FILE = "5ce9e000000000000000000000000001.png";
const demoPlanPath = (tenantId: number) => `${tenantId}/20260101/${DEMO_PLAN_FILE}`;
/** Marker places on the demo plan, in the floor-plan marker's 800×450 design units: inside the rooms, rows staggered so labels do not cross. */
const SPOTS = [
  [110, 90],
  [350, 130],
  [700, 70],
  [110, 225],
  [720, 225],
  [110, 330],
  [380, 300],
  [700, 370],
  [380, 400],
] as const;
const NUMERIC = ["int32", "int32u", "float", "double"];

/**
 * A 1600×900 (16:9) floor plan in blueprint colours, drawn here so the demo needs no download:
 * outer walls, rooms with door gaps, a corridor, a stair well and a faint grid.
 */
export function demoFloorPlan(): Buffer {
  const W = 1600;
  const H = 900;
  const c = canvas(W, H, [12, 26, 43]);
  for (let x = 0; x < W; x += 50) c.fill(x, 0, 1, H, [20, 40, 62]);
  for (let y = 0; y < H; y += 50) c.fill(0, y, W, 1, [20, 40, 62]);
  const wall: [number, number, number] = [126, 179, 213];
  const t = 8;
  // Outer walls, with the entrance on the south side.
  c.fill(100, 80, 1400, t, wall);
  c.fill(100, 812, 640, t, wall);
  c.fill(860, 812, 640, t, wall);
  c.fill(100, 80, t, 740, wall);
  c.fill(1492, 80, t, 740, wall);
  // The corridor between the north and south rooms (y 380–520), doors into each room.
  for (const [x0, x1] of [[100, 500], [560, 1000], [1060, 1500]]) {
    c.fill(x0, 380, x1 - x0, t, wall);
    c.fill(x0, 520, x1 - x0, t, wall);
  }
  c.fill(500, 380, 60, t, [12, 26, 43]);
  // Partitions of the north rooms and the south rooms.
  c.fill(640, 80, t, 300, wall);
  c.fill(1060, 80, t, 300, wall);
  c.fill(640, 528, t, 284, wall);
  c.fill(1160, 528, t, 284, wall);
  // The stair well: hatched.
  for (let i = 0; i < 10; i++) c.fill(1180, 560 + i * 24, 300, 3, [70, 110, 140]);
  return c.png();
}

/** Draws the demo plan of each demo scene whose file is missing (a fresh DATA_DIR, a wiped files folder). */
export async function writeDemoPlans(db: Db, filesDir: string) {
  const rows = await db.select({ sceneFile: scenes.sceneFile }).from(scenes).where(like(scenes.sceneFile, `%/${DEMO_PLAN_FILE}`));
  let png: Buffer | null = null;
  for (const { sceneFile } of rows) {
    const abs = join(filesDir, sceneFile);
    if (await access(abs).then(() => true, () => false)) continue;
    png ??= demoFloorPlan();
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, png);
  }
}

/**
 * A scene per demo project with its devices placed on the plan (each showing its first numeric
 * property), and the building screen's configuration: that scene, every block, the placed devices'
 * properties as points (the first three charted, those sharing the first one's property compared).
 */
export async function seedDemoScenes(db: Db, opts: { tenantId: number }) {
  const prjs = await db.select({ id: projects.id }).from(projects).where(tenantOf(opts.tenantId).where(projects)).orderBy(asc(projects.id));
  for (const prj of prjs) {
    const devs = await db
      .select({ id: devices.id, productId: devices.productId })
      .from(devices)
      .where(tenantOf(opts.tenantId).where(devices, eq(devices.projectId, prj.id)))
      .orderBy(asc(devices.id))
      .limit(SPOTS.length);
    if (!devs.length) continue;
    const props = await db
      .select({ productId: productFunctions.productId, identifier: productFunctions.identifier })
      .from(productFunctions)
      .where(and(inArray(productFunctions.productId, devs.map((d) => d.productId)), eq(productFunctions.funcType, 1), inArray(productFunctions.dataType, NUMERIC)))
      .orderBy(asc(productFunctions.sort), asc(productFunctions.id));
    const firstProp = (productId: number) => props.find((p) => p.productId === productId)?.identifier ?? null;
    const [scene] = await db
      .insert(scenes)
      .values({ tenantId: opts.tenantId, projectId: prj.id, ...bilingual({ sceneName: ["总平面图", "Site plan"] }), sceneType: 0, sceneFile: demoPlanPath(opts.tenantId), splitScreen: 4 })
      .returning({ id: scenes.id });
    await db.insert(sceneDevices).values(devs.map((d, i) => ({ tenantId: opts.tenantId, projectId: prj.id, sceneId: scene.id, deviceId: d.id, identifier: firstProp(d.productId), x: SPOTS[i][0], y: SPOTS[i][1] })));
    const shown = devs.flatMap((d) => {
      const identifier = firstProp(d.productId);
      return identifier ? [{ deviceId: d.id, identifier }] : [];
    });
    const points: ScreenPoint[] = shown.map((p, i) => ({ ...p, chart: i < 3, compare: p.identifier === shown[0].identifier }));
    await db.insert(screenConfigs).values({ tenantId: opts.tenantId, projectId: prj.id, sceneId: scene.id, blocks: [...SCREEN_BLOCKS], points });
  }
}
