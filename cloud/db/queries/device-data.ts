import { and, asc, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { FUNC_TYPE, type ThingFunction } from "@/lib/contract/device/thing-model";
import type { Auth } from "../../lib/context";
import { pageOf, type Paging } from "../../lib/crud";
import { tenantScope } from "../../lib/scope";
import type { Db } from "../client";
import { deviceRejects, devices, deviceStatusLog, productFunctions, projects, spaces, telemetryLatest } from "../schema";
import { visibleProjects } from "./projects";
import { heardColumns } from "./device-heard";

/**
 * Reads of one device's data for its detail page: who may see the device, the newest value per
 * property (`telemetry_latest`: never history), its thing model's properties, and its logs.
 */

/**
 * The device if the caller may see it: the platform sees every tenant's (allDevices), a tenant's
 * users their tenant's devices, those in a project only when they may see that project.
 */
export async function viewableDevice(db: Db, auth: Auth, id: number) {
  const conds: (SQL | undefined)[] = [eq(devices.id, id)];
  if (!auth.isPlatform) {
    const visible = await visibleProjects(db, auth);
    conds.push(tenantScope(auth).where(devices), sql`(${devices.projectId} is null or ${devices.projectId} in (select ${projects.id} from ${projects} where ${visible}))`);
  }
  const [row] = await db.select({ ...getTableColumns(devices), ...heardColumns() }).from(devices).where(and(...conds));
  return row;
}

/** The product's properties in the thing model's order. */
export async function propertyFunctions(db: Db, productId: number): Promise<ThingFunction[]> {
  const rows = await db
    .select({ definition: productFunctions.definition })
    .from(productFunctions)
    .where(and(eq(productFunctions.productId, productId), eq(productFunctions.funcType, FUNC_TYPE.property)))
    .orderBy(asc(productFunctions.sort), asc(productFunctions.id));
  return rows.map((r) => r.definition);
}

/** The newest value of every property the device reported. */
export function latestValues(db: Db, deviceId: number) {
  return db.select({ identifier: telemetryLatest.identifier, ts: telemetryLatest.ts, num: telemetryLatest.num, txt: telemetryLatest.txt }).from(telemetryLatest).where(eq(telemetryLatest.deviceId, deviceId));
}

/** The device's refused messages, newest first. */
export async function rejectPage(db: Db, deviceId: number, q: Paging) {
  return pageOf(db, deviceRejects, eq(deviceRejects.deviceId, deviceId), [desc(deviceRejects.at), desc(deviceRejects.id)], q);
}

/** The device's online / offline changes, newest first. */
export async function statusLogPage(db: Db, deviceId: number, q: Paging) {
  return pageOf(db, deviceStatusLog, eq(deviceStatusLog.deviceId, deviceId), [desc(deviceStatusLog.at), desc(deviceStatusLog.id)], q);
}

/**
 * How many devices, and spaces, a project holds (deviceNums / spaceNums, the projects list, the
 * delete check). Written with aliases: Drizzle leaves columns unqualified in a one-table select,
 * where `id` would be the inner table's.
 */
export const projectDeviceCount = sql<number>`(select count(*)::int from ${devices} d where d.project_id = ${projects}.id)`;
export const projectSpaceCount = sql<number>`(select count(*)::int from ${spaces} s where s.project_id = ${projects}.id)`;
/** How many devices are bound to a space. */
export const spaceDeviceCount = sql<number>`(select count(*)::int from ${devices} d where d.space_id = ${spaces}.id)`;
