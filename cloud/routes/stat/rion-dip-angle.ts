import { and, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { configKindOf, inclinometerConfig, MAX_UNITS, type InclinometerConfig } from "@/lib/contract/monitoring/device-config";
import { depthProfile, profileQuery, unitReadings, type DepthProfile } from "@/lib/contract/monitoring/depth-profile";
import type { HolePosition } from "@/lib/contract/monitoring/enums";
import { deviceConfigsOf, projectDevice, textValuesAt } from "../../db/queries/monitoring";
import { pointGroups } from "../../db/schema";
import { requireAuth } from "../../lib/auth";
import type { CloudEnv } from "../../lib/context";
import { badRequest, body, notFound, ok } from "../../lib/http";
import { optionalProject } from "../../lib/project-context";
import { projectsOfCall } from "../device/point-group";

/** The per-unit property of an inclinometer string (the catalogue's CX-64): one struct per unit. */
export const UNITS_PROPERTY = "points";

/**
 * Inclinometer statistics (core §7 stat rionDipAngle): the deep-displacement profile of a string
 * at chosen times, computed with the device's configuration (else its point's hole and unit
 * length), each curve against the first time's reading.
 */
export const rionDipAngleRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .use(optionalProject)
  .post("/view", async (c) => {
    const q = await body(c, profileQuery);
    const db = c.var.deps.db;
    const projectIds = await projectsOfCall(c);
    const device = await projectDevice(db, projectIds, q.deviceId);
    if (!device) throw notFound();
    if (device.monitorKind !== "inclinometer") throw badRequest("cloud.monitoring.deviceWrongKind", { id: q.deviceId });
    const saved = (await deviceConfigsOf(db, [q.deviceId])).get(q.deviceId);
    let config: InclinometerConfig | null = null;
    let configFrom: DepthProfile["configFrom"] = "device";
    // A saved configuration is re-read through the entity: the rules of the day hold, a stale row is ignored.
    const own = saved?.configKind === configKindOf("inclinometer") ? inclinometerConfig.body.safeParse(saved.config) : null;
    if (own?.success) config = own.data;
    else if (q.groupId) {
      const [g] = await db.select().from(pointGroups).where(and(eq(pointGroups.id, q.groupId), inArray(pointGroups.projectId, projectIds.length ? projectIds : [0])));
      if (!g || !g.deviceIds.includes(q.deviceId)) throw notFound();
      if (g.holeDepth && g.unitLength) {
        config = { holePosition: (g.holePosition ?? 1) as HolePosition, holeDepth: g.holeDepth, unitLength: g.unitLength, unitCount: Math.min(MAX_UNITS, Math.floor(g.holeDepth / g.unitLength + 1e-9)) };
        configFrom = "point";
      }
    }
    if (!config) throw badRequest("cloud.monitoring.configInclinometerFirst");
    const times = [...new Set(q.times)].sort((a, b) => a - b);
    const found = await textValuesAt(db, q.deviceId, UNITS_PROPERTY, times);
    const readings = found.flatMap((f) => {
      const units = unitReadings(f.txt);
      return units ? [{ ts: f.ts, units }] : [];
    });
    // Two chosen times may find the same reading: one curve for it.
    const unique = readings.filter((r, i) => readings.findIndex((x) => x.ts === r.ts) === i);
    const reference = unique[0] ?? null;
    const out: DepthProfile = {
      config,
      configFrom,
      referenceTs: reference?.ts ?? null,
      curves: unique.map((r) => ({ ts: r.ts, points: depthProfile(r.units, reference.units, config) })),
    };
    return ok(c, out);
  });
