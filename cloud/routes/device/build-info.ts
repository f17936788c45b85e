import { eq, sql } from "drizzle-orm";
import type { Locale } from "@/lib/contract/locale";
import { buildInfo, buildInfoApi, type BuildInfo } from "@/lib/contract/device/build-info";
import { projectDevices } from "../../db/queries/device-ops";
import { visibleProject } from "../../db/queries/projects";
import { buildRecords, devices, projects } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { columnsOf, rowMapper } from "../../lib/crud";
import { crudRoutes } from "../../lib/crud-routes";
import { badRequest } from "../../lib/http";
import { serve } from "../../lib/serve";
import { tenantOf, tenantScope } from "../../lib/scope";
import { deviceNameIn, projectNameIn } from "../../db/queries/names";

const names = (locale: Locale) => ({
  projectName: sql<string>`(select ${projectNameIn(locale)} from ${projects} where ${projects.id} = ${buildRecords.projectId})`,
  deviceName: sql<string | null>`(select ${deviceNameIn(locale)} from ${devices} where ${devices.id} = ${buildRecords.deviceId})`,
});

/** The device, when one is named, must be in the record's project (and so in its tenant). */
async function checkDevice(c: Ctx, tenantId: number, projectId: number, deviceId: number | null | undefined) {
  if (!deviceId) return;
  const [d] = await c.var.deps.db
    .select({ id: devices.id })
    .from(devices)
    .where(tenantOf(tenantId).where(devices, eq(devices.id, deviceId), eq(devices.projectId, projectId)));
  if (!d) throw badRequest("deviceOps.buildInfo.deviceNotInProject");
}

/**
 * buildInfo: info, del, add, addAdmin, page, upd (core §7). Construction records of the caller's
 * tenant, each in a project the caller sees, about a device of that project; `addAdmin` lets a
 * platform administrator record a visit for a tenant's project.
 */
export const buildInfoServed = [
  ...crudRoutes<typeof buildInfo.fields, BuildInfo>({
    table: buildRecords,
    entity: buildInfo,
    calls: buildInfoApi,
    extra: names,
    values: async (c, input, partial) => {
      const db = c.var.deps.db;
      let projectId = input.projectId as number | undefined;
      if (partial && projectId === undefined && input.deviceId) {
        const [row] = await db.select({ projectId: buildRecords.projectId }).from(buildRecords).where(tenantScope(c.var.auth).where(buildRecords, eq(buildRecords.id, input.id as number)));
        projectId = row?.projectId;
      }
      if (projectId !== undefined) {
        if (!(await visibleProject(db, c.var.auth, projectId))) throw badRequest("cloud.projectInvalid");
        await checkDevice(c, c.var.auth.tenantId, projectId, input.deviceId as number | null | undefined);
      }
      return partial ? {} : { createdBy: c.var.auth.userId };
    },
  }),
  serve(buildInfoApi.deviceList, async (c, { projectId }) => {
    if (!(await visibleProject(c.var.deps.db, c.var.auth, projectId))) throw badRequest("cloud.projectInvalid");
    return projectDevices(c.var.deps.db, c.var.auth, projectId, c.var.locale);
  }),
  serve(buildInfoApi.addAdmin, async (c, input) => {
    const [project] = await c.var.deps.db.select({ id: projects.id }).from(projects).where(tenantOf(input.tenantId).where(projects, eq(projects.id, input.projectId)));
    if (!project) throw badRequest("cloud.projectInvalid");
    await checkDevice(c, input.tenantId, input.projectId, input.deviceId as number | null | undefined);
    const [row] = await c.var.deps.db
      .insert(buildRecords)
      .values({ ...(columnsOf(buildInfo, input) as typeof buildRecords.$inferInsert), tenantId: input.tenantId, projectId: input.projectId, createdBy: c.var.auth.userId })
      .returning();
    return rowMapper<typeof buildInfo.fields, BuildInfo>(buildInfo)({ ...row, projectName: null, deviceName: null });
  }),
];
