import { eq } from "drizzle-orm";
import { project, projectApi } from "@/lib/contract/project";
import { projectDeviceCount, projectSpaceCount } from "../../db/queries/device-data";
import { visibleProjects } from "../../db/queries/projects";
import { buildRecords, devices, pointGroups, projectMembers, projects, spaces } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { crudRoutes } from "../../lib/crud-routes";
import { notFound } from "../../lib/http";
import { serve } from "../../lib/serve";

/** One count of a project the caller may see (deviceNums / spaceNums). */
async function countOf(c: Ctx, id: number, what: typeof projectDeviceCount) {
  const db = c.var.deps.db;
  const [row] = await db.select({ n: what }).from(projects).where(await visibleProjects(db, c.var.auth, eq(projects.id, id)));
  if (!row) throw notFound();
  return row.n;
}

/**
 * Projects (core §3): the tenant's, seen whole by project managers and by members otherwise; the
 * creator is the first member. Rows count their devices and spaces; a project with either (or with
 * measurement points or construction records, which belong to it) cannot be deleted (core §5).
 */
export const projectServed = [
  ...crudRoutes({
    table: projects,
    entity: project,
    calls: projectApi,
    visible: (c, ...conds) => visibleProjects(c.var.deps.db, c.var.auth, ...conds),
    values: (c, _, partial) => (partial ? {} : { createdBy: c.var.auth.userId }),
    extra: { deviceNums: projectDeviceCount, spaceNums: projectSpaceCount },
    inUse: [
      { table: devices, column: devices.projectId, what: "projects.project.devices", error: "projects.project.hasDevices" },
      { table: spaces, column: spaces.projectId, what: "projects.project.spaces", error: "projects.project.hasSpaces" },
      { table: pointGroups, column: pointGroups.projectId, what: "projects.project.points", error: "projects.project.hasPoints" },
      { table: buildRecords, column: buildRecords.projectId, what: "projects.project.buildRecords", error: "projects.project.hasBuildRecords" },
    ],
    // The creator is the new project's first member.
    afterSave: async (db, c, row, _input, before) => {
      if (!before) await db.insert(projectMembers).values({ projectId: row.id as number, userId: c.var.auth.userId });
    },
  }),
  serve(projectApi.deviceNums, (c, { id }) => countOf(c, id, projectDeviceCount)),
  serve(projectApi.spaceNums, (c, { id }) => countOf(c, id, projectSpaceCount)),
];
