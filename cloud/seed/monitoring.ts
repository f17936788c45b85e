import { asc, eq, isNotNull } from "drizzle-orm";
import type { MonitorKind } from "@/lib/contract/device/product";
import { monitorOf } from "@/lib/contract/monitoring/monitors";
import type { Db } from "../db/client";
import { deviceInitValues, devices, pointGroups, productFunctions, products } from "../db/schema";
import { seriesFor } from "../simulator/series";
import { tenantOf } from "../lib/scope";

const DAY = 86_400_000;
const STEP = 3 * 3600_000;

/** Parameters a demo point of a kind needs by the rules of core §5. */
const PARAMS: Partial<Record<MonitorKind, Partial<typeof pointGroups.$inferInsert>>> = {
  // A short laser over the year's drift keeps the light spot near the radar's warning circle.
  tilt: { laserDistance: 0.25 },
  inclinometer: { holePosition: 1, holeDepth: 32, unitLength: 0.5 },
  settlement: { alarmMin: -30, alarmMax: 30 },
  dis: { alarmMin: -20, alarmMax: 20 },
  anchor: { alarmMin: 600, alarmMax: 1800 },
  axialforce: { alarmMin: -2500, alarmMax: 2500 },
  waterHeight: { alarmMax: 18 },
};

/**
 * Demo measurement points: one per monitoring kind and project, holding the project's devices of
 * that kind; and, for the devices the simulator back-fills with a year of history, initial values
 * taken a year back (the simulator's own series at the first back-filled time), so cumulative
 * curves start at 0 and show the year's drift.
 */
export async function seedMonitoring(db: Db, opts: { tenantId: number; admin: number; now: number }) {
  const devs = await db
    .select({ id: devices.id, projectId: devices.projectId, productId: devices.productId, kind: products.monitorType })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(tenantOf(opts.tenantId).where(devices, isNotNull(products.monitorType), isNotNull(devices.projectId)))
    .orderBy(asc(devices.id));
  const groups = new Map<string, { projectId: number; kind: MonitorKind; ids: number[] }>();
  for (const d of devs) {
    const key = `${d.projectId}:${d.kind}`;
    if (!groups.has(key)) groups.set(key, { projectId: d.projectId!, kind: d.kind as MonitorKind, ids: [] });
    groups.get(key)!.ids.push(d.id);
  }
  const fns = await db.select({ productId: productFunctions.productId, definition: productFunctions.definition }).from(productFunctions);
  const at = Math.ceil((opts.now - 365 * DAY) / STEP) * STEP;
  /** A device's simulated value of a property at `at` (what the simulator reports then). */
  const valueAt = (d: (typeof devs)[number], identifier: string) => {
    const fn = fns.find((f) => f.productId === d.productId && f.definition.identifier === identifier)?.definition;
    const series = fn && seriesFor(fn, d.id * 101);
    return series ? series(at) : null;
  };
  const byId = new Map(devs.map((d) => [d.id, d]));
  // Tilt points: the reference angles are the first device's angles a year back.
  const refs = (g: { kind: MonitorKind; ids: number[] }) => (g.kind === "tilt" ? { refAngleX: valueAt(byId.get(g.ids[0])!, "angleX") ?? 0, refAngleY: valueAt(byId.get(g.ids[0])!, "angleY") ?? 0 } : {});
  const rows = [...groups.values()].map((g, i) => ({
    tenantId: opts.tenantId,
    projectId: g.projectId,
    groupName: `${g.kind.toUpperCase()}-${String(i + 1).padStart(2, "0")}`,
    monitorKind: g.kind,
    zeroType: 1,
    deviceIds: g.ids,
    sort: i + 1,
    ...PARAMS[g.kind],
    ...refs(g),
  }));
  if (rows.length) await db.insert(pointGroups).values(rows);

  // The simulator back-fills the first device of each product from its first 3-hour step a year back.
  const first = devs.filter((d, i) => devs.findIndex((x) => x.productId === d.productId) === i);
  const inits = first.flatMap((d) =>
    monitorOf(d.kind as MonitorKind)
      .measures.filter((m) => m.change)
      .flatMap((m) => {
        const value = valueAt(d, m.identifier);
        return value === null ? [] : [{ deviceId: d.id, identifier: m.identifier, value, dataTime: new Date(at), setBy: opts.admin, setByName: "演示管理员", setAt: new Date(opts.now) }];
      }),
  );
  if (inits.length) await db.insert(deviceInitValues).values(inits);
  return rows.length;
}
