import { access, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { asc, eq, like } from "drizzle-orm";
import { ITEM_TYPE, POINT_TYPE, PUBLISH_STATUS, REPETITION } from "@/lib/contract/robot/enums";
import { FLOOR_PLAN } from "@/lib/contract/robot/track";
import { demoRobotSn } from "@/lib/contract/robot/robot";
import type { Db } from "../db/client";
import { devices, products, projects, robotItems, robotPlans, robotPoints, robotTracks } from "../db/schema";
import { sha256 } from "../lib/crypto";
import { bilingual } from "./bilingual";
import { canvas } from "../lib/png";
import { tenantOf } from "../lib/scope";

/** The demo track map's stored name (fixed, so a start can tell it is missing and draw it again). */
const DEMO_MAP_FILE = "7ab0700000000000000000000000000a.png";
/** Metres per design unit of the map (800 units across). */
const SCALE = 0.08;
/** The rail on the map, in design units: along the north side, down the east end, back along the south side. */
const RAIL: [number, number][] = [
  [60, 110],
  [740, 110],
  [740, 340],
  [60, 340],
];
const railLength = () => RAIL.slice(1).reduce((a, p, i) => a + Math.hypot(p[0] - RAIL[i][0], p[1] - RAIL[i][1]), 0);
/** The place on the rail `d` design units from its start. */
function along(d: number): [number, number] {
  for (let i = 1; i < RAIL.length; i++) {
    const [a, b] = [RAIL[i - 1], RAIL[i]];
    const seg = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (d <= seg) return [a[0] + ((b[0] - a[0]) * d) / seg, a[1] + ((b[1] - a[1]) * d) / seg];
    d -= seg;
  }
  return RAIL[RAIL.length - 1];
}

/** A 1600×900 plan of a switch room: cabinet rows, the rail drawn over them, the charging dock at its start. */
export function demoTrackMap(): Buffer {
  const k = 2; // 800×450 design units drawn at twice the size
  const c = canvas(FLOOR_PLAN.width * k, FLOOR_PLAN.height * k, [236, 240, 244]);
  for (let x = 0; x < 1600; x += 40) c.fill(x, 0, 1, 900, [222, 228, 234]);
  for (let y = 0; y < 900; y += 40) c.fill(0, y, 1600, 1, [222, 228, 234]);
  // Walls.
  c.fill(20, 20, 1560, 8, [90, 100, 112]);
  c.fill(20, 872, 1560, 8, [90, 100, 112]);
  c.fill(20, 20, 8, 860, [90, 100, 112]);
  c.fill(1572, 20, 8, 860, [90, 100, 112]);
  // Cabinet rows north and south of the rail, and the middle row between its two runs.
  for (let i = 0; i < 11; i++) {
    c.fill(150 + i * 125, 60, 100, 80, [120, 150, 180]);
    c.fill(150 + i * 125, 760, 100, 80, [120, 150, 180]);
    c.fill(150 + i * 125, 380, 100, 140, [150, 170, 190]);
  }
  // The rail.
  for (let i = 1; i < RAIL.length; i++) {
    const [a, b] = [RAIL[i - 1], RAIL[i]];
    const x0 = Math.min(a[0], b[0]) * k, y0 = Math.min(a[1], b[1]) * k;
    c.fill(x0 - 5, y0 - 5, Math.abs(b[0] - a[0]) * k + 10, Math.abs(b[1] - a[1]) * k + 10, [230, 120, 30]);
  }
  // The charging dock.
  c.fill(RAIL[0][0] * k - 30, RAIL[0][1] * k - 40, 40, 80, [40, 160, 90]);
  return c.png();
}

const mapPath = (tenantId: number) => `${tenantId}/20260101/${DEMO_MAP_FILE}`;

/** Draws the demo track's map when its file is missing (a fresh DATA_DIR, a wiped files folder). */
export async function writeDemoTrackMaps(db: Db, filesDir: string) {
  const rows = await db.select({ trackMap: robotTracks.trackMap }).from(robotTracks).where(like(robotTracks.trackMap, `%/${DEMO_MAP_FILE}`));
  let png: Buffer | null = null;
  for (const { trackMap } of rows) {
    const abs = join(filesDir, trackMap);
    if (await access(abs).then(() => true, () => false)) continue;
    png ??= demoTrackMap();
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, png);
  }
}

/** Items a point checks: a temperature everywhere, gas every third point, a pressure gauge every fourth, a photo at the rest. */
function itemsOf(i: number) {
  const out: { itemName: readonly [string, string]; itemType: number; unit: string | null; minValue: number | null; maxValue: number | null }[] = [{ itemName: ["柜体温度", "Cabinet temperature"], itemType: ITEM_TYPE.temperature, unit: "°C", minValue: 0, maxValue: 45 }];
  if (i % 3 === 0) out.push({ itemName: ["SF6 浓度", "SF6 concentration"], itemType: ITEM_TYPE.gas, unit: "ppm", minValue: 0, maxValue: 1000 });
  if (i % 4 === 1) out.push({ itemName: ["压力表读数", "Pressure gauge reading"], itemType: ITEM_TYPE.meter, unit: "MPa", minValue: 0.4, maxValue: 0.7 });
  if (i % 3 === 2) out.push({ itemName: ["外观检查", "Visual check"], itemType: ITEM_TYPE.visual, unit: null, minValue: null, maxValue: null });
  return out;
}

/**
 * The demo robot (demoRobotSn(0), the simulator's secret) in the first demo project, its track with
 * a drawn map, eleven inspection points and the charging station, their items, and a plan published
 * at once: every 20 minutes from two minutes after the first start, an hour each.
 */
export async function seedDemoRobots(db: Db, opts: { tenantId: number; secretOf: (sn: string) => string; now: Date }) {
  const [product] = await db.select({ id: products.id, model: products.prodModel }).from(products).where(tenantOf(opts.tenantId).where(products, eq(products.prodCategory, "robot")));
  const [project] = await db.select({ id: projects.id }).from(projects).where(tenantOf(opts.tenantId).where(projects)).orderBy(asc(projects.id)).limit(1);
  if (!product || !project) return;
  const owner = { tenantId: opts.tenantId, projectId: project.id };
  const sn = demoRobotSn(0);
  const [robot] = await db
    .insert(devices)
    .values({ ...owner, ...bilingual({ deviceName: ["巡检机器人-01", "Inspection robot-01"] }), deviceSn: sn, deviceModel: product.model, productId: product.id, firmwareVersion: "2.1.0", secretHash: sha256(opts.secretOf(sn)), reportCycle: 5, powerSupply: "battery" })
    .returning({ id: devices.id });
  const length = railLength();
  const [track] = await db
    .insert(robotTracks)
    .values({ ...owner, ...bilingual({ trackName: ["1号配电室轨道", "Switch room 1 rail"] }), trackMap: mapPath(opts.tenantId), trackLength: Math.round(length * SCALE * 10) / 10, mapScale: SCALE })
    .returning({ id: robotTracks.id });
  const mark = (d: number) => {
    const [x, y] = along(d);
    return JSON.stringify({ x: Math.round(x), y: Math.round(y) });
  };
  const spots = Array.from({ length: 11 }, (_, i) => 60 + ((length - 80) * i) / 10);
  const points = await db
    .insert(robotPoints)
    .values([
      { ...owner, trackId: track.id, ...bilingual({ pointName: ["充电桩", "Charging station"] }), pointType: POINT_TYPE.charging, markPosition: mark(0), position: 0, sort: 0, dwellSec: 0 },
      ...spots.map((d, i) => ({ ...owner, trackId: track.id, ...bilingual({ pointName: [`${String(i + 1).padStart(2, "0")}号开关柜`, `Switchgear ${String(i + 1).padStart(2, "0")}`] }), pointType: POINT_TYPE.inspection, markPosition: mark(d), position: Math.round(d * SCALE * 10) / 10, sort: i + 1, dwellSec: 8, cameraPreset: i + 1 })),
    ])
    .returning({ id: robotPoints.id, pointType: robotPoints.pointType });
  const inspection = points.filter((p) => p.pointType === POINT_TYPE.inspection);
  await db.insert(robotItems).values(inspection.flatMap((p, i) => itemsOf(i).map(({ itemName, ...it }) => ({ ...owner, pointId: p.id, ...it, ...bilingual({ itemName }) }))));
  const start = new Date(Math.ceil((opts.now.getTime() + 2 * 60_000) / 60_000) * 60_000);
  const wall = new Date(start.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
  await db.insert(robotPlans).values({
    ...owner,
    ...bilingual({ schemeName: ["配电室例行巡检", "Switch room routine patrol"], remark: ["1 号配电室例行巡检", "Routine patrol of switch room 1"] }),
    schemeNo: "XJ-001",
    trackId: track.id,
    deviceId: robot.id,
    repetition: REPETITION.repeat,
    startTime: wall,
    startAt: start,
    duration: 1,
    cycle: "0 0/20 * * * ? *",
    publishStatus: PUBLISH_STATUS.published,
    slotFrom: new Date(start.getTime() - 1000),
  });
}
