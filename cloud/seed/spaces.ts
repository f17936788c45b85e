import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { devices, projects, spaces } from "../db/schema";
import { tenantOf } from "../lib/scope";
import { bilingual } from "./bilingual";

/** Demo spaces per project type: the places a foundation pit or a tunnel is watched in. */
const DEMO_SPACES: Record<string, { spaceName: readonly [string, string]; spaceCode: string; spaceType: string }[]> = {
  foundationPit: [
    { spaceName: ["基坑北侧围护", "North retaining wall of the pit"], spaceCode: "PIT_N", spaceType: "section" },
    { spaceName: ["基坑南侧围护", "South retaining wall of the pit"], spaceCode: "PIT_S", spaceType: "section" },
    { spaceName: ["1 号楼", "Building 1"], spaceCode: "B1", spaceType: "building" },
  ],
  tunnel: [
    { spaceName: ["K12+300 断面", "Section K12+300"], spaceCode: "K12_300", spaceType: "section" },
    { spaceName: ["5 号线 3 号风井", "Line 5 ventilation shaft 3"], spaceCode: "SHAFT_3", spaceType: "area" },
  ],
};

/**
 * A few spaces in each demo project, with the project's devices spread over all but the last
 * (left empty, so it can be deleted), so /spaces/space shows bound devices at once.
 */
export async function seedDemoSpaces(db: Db, opts: { tenantId: number }) {
  const prjs = await db.select({ id: projects.id, prjType: projects.prjType }).from(projects).where(tenantOf(opts.tenantId).where(projects)).orderBy(asc(projects.id));
  for (const prj of prjs) {
    const wanted = DEMO_SPACES[prj.prjType ?? ""] ?? [];
    if (!wanted.length) continue;
    const made = await db
      .insert(spaces)
      .values(wanted.map(({ spaceName, ...s }) => ({ ...s, ...bilingual({ spaceName }), tenantId: opts.tenantId, projectId: prj.id })))
      .returning({ id: spaces.id });
    const holders = made.slice(0, Math.max(1, made.length - 1));
    const devs = await db.select({ id: devices.id }).from(devices).where(tenantOf(opts.tenantId).where(devices, eq(devices.projectId, prj.id))).orderBy(asc(devices.id));
    for (const [i, space] of holders.entries()) {
      const ids = devs.filter((_, j) => j % holders.length === i).map((d) => d.id);
      if (ids.length) await db.update(devices).set({ spaceId: space.id }).where(inArray(devices.id, ids));
    }
  }
}
