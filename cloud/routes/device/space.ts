import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL } from "drizzle-orm";
import { space, spaceApi, type SpaceDevice } from "@/lib/contract/device/space";
import type { Db } from "../../db/client";
import { spaceDeviceCount } from "../../db/queries/device-data";
import { devices, products, spaces } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { containsPattern, countRows, pagedSelect } from "../../lib/crud";
import { crudRoutes } from "../../lib/crud-routes";
import { notFound } from "../../lib/http";
import { projectOf, projectRow } from "../../lib/project-context";
import type { Locale } from "@/lib/contract/locale";
import { productNameIn } from "../../db/queries/products";
import { serve } from "../../lib/serve";
import { deviceNameIn, spaceNameIn } from "../../db/queries/names";

/** A space of the call's project, or not found. */
const ownSpace = (c: Ctx, id: number) => projectRow(c, spaces, id);

/** Devices of the call's project as the space dialogs list them: name, SN, product, status. */
async function devicePage(db: Db, where: SQL, q: { current: number; size: number; keyword?: string }, locale: Locale) {
  const all = and(where, q.keyword ? or(ilike(devices.deviceName, containsPattern(q.keyword)), ilike(devices.deviceSn, containsPattern(q.keyword))) : undefined);
  const select = db
    .select({ id: devices.id, deviceName: deviceNameIn(locale), deviceSn: devices.deviceSn, productId: devices.productId, prodName: productNameIn(locale), status: devices.status, spaceId: devices.spaceId, spaceName: spaceNameIn(locale) })
    .from(devices)
    .leftJoin(products, eq(products.id, devices.productId))
    .leftJoin(spaces, eq(spaces.id, devices.spaceId))
    .where(all)
    .orderBy(asc(devices.deviceName), desc(devices.id))
    .$dynamic();
  const { records, total } = await pagedSelect(select, countRows(db, devices, all), q);
  return { records: records as SpaceDevice[], total };
}

/**
 * Spaces (core §3, §7 space): the call's project's places, with their bound devices counted; bind
 * and unBind move the project's devices into or out of one; a space with devices cannot be
 * deleted (core §5).
 */
export const spaceServed = [
  ...crudRoutes({
    table: spaces,
    entity: space,
    calls: spaceApi,
    extra: { deviceNums: spaceDeviceCount },
    inUse: [{ table: devices, column: devices.spaceId, what: "devices.device.entity", error: "devices.space.hasDevices" }],
  }),
  serve(spaceApi.bindDevicePage, async (c, q) => {
    await ownSpace(c, q.spaceId);
    return devicePage(c.var.deps.db, projectOf(c).where(devices, eq(devices.spaceId, q.spaceId)), q, c.var.locale);
  }),
  serve(spaceApi.unBindDevicePage, async (c, q) => {
    await ownSpace(c, q.spaceId);
    // Devices of the project not in this space: free ones, or in another space (binding moves them).
    return devicePage(c.var.deps.db, projectOf(c).where(devices, or(isNull(devices.spaceId), ne(devices.spaceId, q.spaceId))), q, c.var.locale);
  }),
  serve(spaceApi.bind, async (c, b) => {
    await ownSpace(c, b.spaceId);
    // Only the project's own devices move; another project's or tenant's ids are not touched.
    const moved = await c.var.deps.db
      .update(devices)
      .set({ spaceId: b.spaceId, updatedAt: c.var.deps.now() })
      .where(projectOf(c).where(devices, inArray(devices.id, b.deviceIds)))
      .returning({ id: devices.id });
    if (!moved.length) throw notFound();
    return { bound: moved.length };
  }),
  serve(spaceApi.unBind, async (c, b) => {
    await ownSpace(c, b.spaceId);
    const freed = await c.var.deps.db
      .update(devices)
      .set({ spaceId: null, updatedAt: c.var.deps.now() })
      .where(projectOf(c).where(devices, eq(devices.spaceId, b.spaceId), inArray(devices.id, b.deviceIds)))
      .returning({ id: devices.id });
    if (!freed.length) throw notFound();
    return { unbound: freed.length };
  }),
];
