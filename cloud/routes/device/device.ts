import { propertyFunctions } from "../../db/queries/device-data";
import { exampleParams } from "../../simulator/series";
import { and, count, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Locale } from "@/lib/contract/locale";
import { device, deviceApi, type Device, type DeviceAdded, type DeviceCredentials } from "@/lib/contract/device/device";
import { Code } from "@/lib/contract/envelope";
import type { Db } from "../../db/client";
import { deleteDeviceData, devicesForPicker, deviceTreeByProduct, devicesWithData, gatewayBySn, snHolder } from "../../db/queries/devices";
import { ownProduct, productNameIn } from "../../db/queries/products";
import { visibleProject } from "../../db/queries/projects";
import { devices, products, projects, spaces, tenants } from "../../db/schema";
import { platformOnly } from "../../lib/auth";
import type { Ctx } from "../../lib/context";
import { columnsOf, countRows, filterConds, importColumns, orderOf, pageOf, pagedSelect, rowMapper } from "../../lib/crud";
import { crudRoutes } from "../../lib/crud-routes";
import { randomToken, sha256 } from "../../lib/crypto";
import { AppError, badRequest, notFound } from "../../lib/http";
import { projectOf, projectRow } from "../../lib/project-context";
import { importUpload } from "../../lib/xlsx-import";
import { brokerOf } from "../../lib/devices";
import { projectScope, tenantOf, tenantScope } from "../../lib/scope";
import { serve } from "../../lib/serve";
import { localized, textColumns } from "../../lib/i18n-text";
import { deviceNameIn, projectNameIn, spaceNameIn, tenantNameIn } from "../../db/queries/names";
import { heardColumns } from "../../db/queries/device-heard";

type Values = Record<string, unknown>;

/** Product, project and space names beside their ids: correlated lookups by primary key, cheap per page row. */
const names = (locale: Locale) => ({
  prodName: sql<string>`(select ${productNameIn(locale)} from ${products} where ${products.id} = ${devices.productId})`,
  prjName: sql<string>`(select ${projectNameIn(locale)} from ${projects} where ${projects.id} = ${devices.projectId})`,
  spaceName: sql<string>`(select ${spaceNameIn(locale)} from ${spaces} where ${spaces.id} = ${devices.spaceId})`,
});
/** What a device answers with: the names, and its exact last report, battery and signal (kept by the ingest apart from its row). */
const shown = (locale: Locale) => ({ ...names(locale), ...heardColumns() });
const toRow = rowMapper<typeof device.fields, Device>(device);
/** A stored device as answered to a caller: its name in the caller's language. */
const toDevice = (locale: Locale) => (row: Parameters<typeof toRow>[0]) => toRow(localized(locale, row));

/**
 * A project's device count, kept a few seconds: with tens of thousands of devices, counting them
 * costs more than reading the page. This instance's adds and deletes forget it at once; another
 * instance's show within `TOTAL_TTL_MS`. Filtered lists are always counted.
 */
const TOTAL_TTL_MS = 10_000;
const totals = new WeakMap<Db, Map<number, { n: number; at: number }>>();
async function projectTotal(db: Db, projectId: number, where: SQL) {
  const kept = totals.get(db) ?? totals.set(db, new Map()).get(db)!;
  const hit = kept.get(projectId);
  if (hit && Date.now() - hit.at < TOTAL_TTL_MS) return hit.n;
  const n = await countRows(db, devices, where);
  kept.set(projectId, { n, at: Date.now() });
  return n;
}
const recount = (db: Db, ...projectIds: (number | null | undefined)[]) => projectIds.forEach((id) => id && totals.get(db)?.delete(id));

/**
 * The ingest caches devices by SN and its broker keeps them logged in: after a change of SN, secret,
 * enable state or product both must forget them (and an external broker's own accounts follow).
 */
async function forget(c: Ctx, ...sns: (string | null | undefined)[]) {
  for (const sn of sns) if (sn) await c.var.deps.ingest?.forgetDevice(sn);
}

/** A new secret goes to a broker that keeps its own accounts before it is stored: a broker away leaves the old one in place. */
async function issueSecret(c: Ctx, tx: Db, device: { deviceSn: string; productId: number; enableStatus: number }, secret: string) {
  await c.var.deps.ingest?.issueSecret({ sn: device.deviceSn, productId: device.productId, enabled: device.enableStatus === 1 }, secret, tx).catch((err: Error) => {
    console.error("[cloud] the MQTT broker did not take a device's secret:", err.message);
    throw new AppError(Code.NETWORK, "devices.device.errors.brokerAway", { sn: device.deviceSn });
  });
}

const credentialsOf = async (c: Ctx, row: { id: number; deviceSn: string; productId: number }, secret: string): Promise<DeviceCredentials> => ({
  id: row.id,
  deviceSn: row.deviceSn,
  productId: row.productId,
  secret,
  broker: brokerOf(c),
  example: exampleParams(await propertyFunctions(c.var.deps.db, row.productId), row.id, c.var.deps.now().getTime()),
});

/**
 * Checks what a new or changed device refers to, all within the caller's tenant: its product, its
 * project (one the caller sees; the call's project by default), a space of that project, a gateway
 * device by SN; and that no device anywhere holds its SN.
 */
async function checkRefs(db: Db, c: Ctx, input: Values, old?: typeof devices.$inferSelect): Promise<Values> {
  const auth = c.var.auth;
  const out: Values = {};
  if (input.productId !== undefined && !(await ownProduct(db, auth.tenantId, input.productId as number))) throw badRequest("devices.device.errors.productUnknown");
  // A blank project (the form's "none chosen") keeps the device where it is: the call's project for a new one.
  const chosen = typeof input.projectId === "number" ? input.projectId : undefined;
  const projectId = chosen ?? old?.projectId ?? projectOf(c).projectId;
  if (chosen !== undefined && !(await visibleProject(db, auth, chosen))) throw new AppError(Code.FORBIDDEN, "cloud.projectForbidden", { id: chosen });
  out.projectId = projectId;
  const spaceId = input.spaceId === undefined ? old?.spaceId : input.spaceId;
  if (spaceId) {
    const [space] = await db.select({ id: spaces.id }).from(spaces).where(tenantScope(auth).where(spaces, eq(spaces.id, spaceId as number), eq(spaces.projectId, projectId)));
    if (!space) throw badRequest("devices.device.errors.spaceUnknown");
  }
  if (typeof input.gatewaySn === "string" && input.gatewaySn) await checkGateway(db, c, input.gatewaySn, old?.deviceSn);
  if (typeof input.deviceSn === "string" && (await snHolder(db, input.deviceSn, old?.id))) throw badRequest("devices.device.errors.snTaken", { sn: input.deviceSn });
  return out;
}

async function checkGateway(db: Db, c: Ctx, gatewaySn: string, ownSn?: string) {
  if (gatewaySn === ownSn) throw badRequest("devices.device.errors.gatewaySelf");
  const gw = await gatewayBySn(db, c.var.auth.tenantId, gatewaySn);
  if (!gw) throw badRequest("devices.device.errors.gatewayUnknown", { sn: gatewaySn });
  if (gw.prodType !== "gateway") throw badRequest("devices.device.errors.notGateway", { sn: gatewaySn });
}

/** A new device in the caller's project, with a fresh secret: the only time it is known in clear. */
async function insertDevice(c: Ctx, input: Values): Promise<{ row: typeof devices.$inferSelect; secret: string }> {
  const secret = randomToken();
  const row = await c.var.deps.db.transaction(async (db) => {
    const refs = await checkRefs(db, c, input);
    const [row] = await db
      .insert(devices)
      .values({ ...columnsOf(device, input), ...textColumns(c.var.locale, undefined, input), ...refs, tenantId: c.var.auth.tenantId, secretHash: sha256(secret), createdBy: c.var.auth.userId } as typeof devices.$inferInsert)
      .returning();
    await issueSecret(c, db, row, secret);
    return row;
  });
  // An SN unknown a moment ago may be cached as unknown.
  await forget(c, row.deviceSn);
  recount(c.var.deps.db, row.projectId);
  return { row, secret };
}

/** One of the caller's devices in the call's project, or not found. */
const ownDevice = (c: Ctx, id: number) => projectRow(c, devices, id);

/** A device of the call's project, or of `projectId` (one the caller sees, checked before: a device just moved there). */
async function infoOf(c: Ctx, id: number, projectId?: number): Promise<Device> {
  const scope = projectId === undefined ? projectOf(c) : projectScope({ id: projectId, tenantId: c.var.auth.tenantId });
  const [row] = await c.var.deps.db
    .select({ ...getTableColumns(devices), ...shown(c.var.locale) })
    .from(devices)
    .where(scope.where(devices, eq(devices.id, id)));
  if (!row) throw notFound();
  return toDevice(c.var.locale)(row);
}

/**
 * Devices (core §3, §7 device): the call's project's devices. list / info / export / template come
 * from the contract through `crudRoutes`; page, add, upd, del, openOrClose and import are the
 * device's own (secret, SN unique across tenants, references checked, data guarding deletion).
 */
export const deviceRowsServed = [
  ...crudRoutes<typeof device.fields, Device>({
    table: devices,
    entity: device,
    calls: { list: deviceApi.list, info: deviceApi.info, export: deviceApi.export, template: deviceApi.template },
    extra: shown,
  }),
  serve(deviceApi.page, async (c, q) => {
    const db = c.var.deps.db;
    const filters = filterConds(device, devices, q, c.var.locale);
    const where = projectOf(c).where(devices, ...filters);
    const select = db
      .select({ ...getTableColumns(devices), ...shown(c.var.locale) })
      .from(devices)
      .where(where)
      .orderBy(...orderOf(device, devices, q))
      .$dynamic();
    const { records, total } = await pagedSelect(select, filters.length ? countRows(db, devices, where) : projectTotal(db, projectOf(c).projectId, where), q);
    return { records: records.map(toDevice(c.var.locale)), total };
  }),
  serve(deviceApi.add, async (c, input) => {
    const { row, secret } = await insertDevice(c, input as Values);
    const added: DeviceAdded = { ...(await infoOf(c, row.id)), credentials: await credentialsOf(c, row, secret) };
    return added;
  }),
  serve(deviceApi.upd, async (c, input) => {
    const db = c.var.deps.db;
    const old = await ownDevice(c, input.id);
    const refs = await checkRefs(db, c, input as Values, old);
    await db
      .update(devices)
      .set({ ...columnsOf(device, input as Values), ...textColumns(c.var.locale, old.i18n, input as Values), ...refs, updatedAt: c.var.deps.now() })
      .where(projectOf(c).where(devices, eq(devices.id, old.id)));
    await forget(c, old.deviceSn, input.deviceSn as string | undefined);
    recount(db, old.projectId, refs.projectId as number);
    // Moved to another project (of the caller's, see checkRefs): answered as it is there.
    return infoOf(c, old.id, refs.projectId as number);
  }),
  serve(deviceApi.updSn, async (c, { id, deviceSn }) => {
    const old = await ownDevice(c, id);
    if (await snHolder(c.var.deps.db, deviceSn, id)) throw badRequest("devices.device.errors.snTaken", { sn: deviceSn });
    // Sub-devices name their gateway by SN: they follow it.
    await c.var.deps.db.transaction(async (db) => {
      await db.update(devices).set({ deviceSn, updatedAt: c.var.deps.now() }).where(eq(devices.id, id));
      await db.update(devices).set({ gatewaySn: deviceSn }).where(tenantOf(old.tenantId).where(devices, eq(devices.gatewaySn, old.deviceSn)));
    });
    await forget(c, old.deviceSn, deviceSn);
    return infoOf(c, id);
  }),
  serve(deviceApi.resetSecret, async (c, { id }) => {
    const old = await ownDevice(c, id);
    const secret = randomToken();
    await c.var.deps.db.transaction(async (db) => {
      await db.update(devices).set({ secretHash: sha256(secret), updatedAt: c.var.deps.now() }).where(eq(devices.id, id));
      await issueSecret(c, db, old, secret);
    });
    await forget(c, old.deviceSn);
    return credentialsOf(c, old, secret);
  }),
  serve(deviceApi.openOrClose, async (c, input) => setEnabled(c, input.id, input.status as number)),
  serve(deviceApi.open, async (c, { id }) => setEnabled(c, id, 1)),
  serve(deviceApi.close, async (c, { id }) => setEnabled(c, id, 2)),
  serve(deviceApi.bind, async (c, { ids, gatewaySn, channelNo }) => {
    const db = c.var.deps.db;
    const mine = await db.select({ id: devices.id, sn: devices.deviceSn }).from(devices).where(projectOf(c).where(devices, inArray(devices.id, ids)));
    if (!mine.length) throw notFound();
    for (const d of mine) await checkGateway(db, c, gatewaySn, d.sn);
    await db
      .update(devices)
      .set({ gatewaySn, ...(channelNo ? { channelNo } : {}), updatedAt: c.var.deps.now() })
      .where(inArray(devices.id, mine.map((d) => d.id)));
    return { bound: mine.length };
  }),
  serve(deviceApi.unBind, async (c, { ids }) => {
    const done = await c.var.deps.db
      .update(devices)
      .set({ gatewaySn: null, updatedAt: c.var.deps.now() })
      .where(projectOf(c).where(devices, inArray(devices.id, ids)))
      .returning({ id: devices.id });
    if (!done.length) throw notFound();
    return { unbound: done.length };
  }),
  serve(deviceApi.del, async (c, { ids }) => {
    const db = c.var.deps.db;
    const mine = await db.select({ id: devices.id, sn: devices.deviceSn }).from(devices).where(projectOf(c).where(devices, inArray(devices.id, ids)));
    if (!mine.length) throw notFound();
    const withData = await devicesWithData(
      db,
      mine.map((d) => d.id),
      c.var.locale,
    );
    if (withData.length) throw new AppError(Code.CONFLICT, "devices.device.errors.hasData", { names: withData.slice(0, 5).join(", ") });
    const subs = await db
      .select({ n: count() })
      .from(devices)
      .where(tenantScope(c.var.auth).where(devices, inArray(devices.gatewaySn, mine.map((d) => d.sn))));
    if (subs[0].n) throw new AppError(Code.CONFLICT, "devices.device.errors.hasSubDevices", { count: subs[0].n });
    await db.delete(devices).where(inArray(devices.id, mine.map((d) => d.id)));
    await forget(c, ...mine.map((d) => d.sn));
    recount(db, projectOf(c).projectId);
    return { deleted: mine.length };
  }),
  serve(deviceApi.delData, async (c, { ids, startTime, endTime }) => {
    const mine = await c.var.deps.db.select({ id: devices.id }).from(devices).where(projectOf(c).where(devices, inArray(devices.id, ids)));
    if (!mine.length) throw notFound();
    return { deleted: await deleteDeviceData(c.var.deps.db, mine.map((d) => d.id), startTime || undefined, endTime || undefined) };
  }),
  serve(deviceApi.import, async (c) => {
    // The product column takes a product's name (as people write it, in either language) or its id.
    const prods = await c.var.deps.db.select({ id: products.id, name: products.prodName, i18n: products.i18n }).from(products).where(tenantScope(c.var.auth).where(products));
    const byName = new Map(prods.flatMap((p) => [p.name, ...Object.values(p.i18n?.prodName ?? {})].map((name) => [name, p.id] as const)));
    const productOf = (v: unknown) => (typeof v === "string" ? (byName.get(v.trim()) ?? (/^\d+$/.test(v.trim()) ? Number(v) : v)) : v);
    const schema = device.body.extend({ productId: z.preprocess(productOf, z.number({ error: (i) => (i.input === undefined ? "validation.required" : "validation.invalidOption") }).int().positive()) });
    return importUpload(c, {
      columns: importColumns(device, c.var.locale),
      schema,
      // Imported devices get a secret no one knows: they are given one with resetSecret when they go live.
      save: async (row) => void (await insertDevice(c, row as Values)),
    });
  }),
  serve(deviceApi.subDevices, async (c, { id }) => {
    const gw = await ownDevice(c, id);
    const rows = await c.var.deps.db
      .select({ ...getTableColumns(devices), ...shown(c.var.locale) })
      .from(devices)
      .where(tenantOf(gw.tenantId).where(devices, eq(devices.gatewaySn, gw.deviceSn)))
      .orderBy(devices.channelNo, devices.id);
    return rows.map(toDevice(c.var.locale));
  }),
  serve(deviceApi.picker, (c) => devicesForPicker(c.var.deps.db, projectOf(c).where(devices), c.var.locale)),
  serve(deviceApi.bySn, async (c, { sn }) => {
    const [row] = await c.var.deps.db
      .select({ id: devices.id, deviceSn: devices.deviceSn, deviceName: deviceNameIn(c.var.locale), productId: devices.productId })
      .from(devices)
      .where(projectOf(c).where(devices, eq(devices.deviceSn, sn)));
    if (!row) throw notFound();
    return row;
  }),
  serve(deviceApi.tree, async (c, { productId }) => deviceTreeByProduct(c.var.deps.db, projectOf(c).where(devices, productId ? eq(devices.productId, productId) : undefined), c.var.locale)),
  // Every tenant's devices, for platform administrators (the allDevices screen): no project.
  serve(
    deviceApi.pageAdmin,
    async (c, q) => {
      const conds: (SQL | undefined)[] = filterConds(device, devices, q, c.var.locale);
      if (q.tenantId) conds.push(tenantOf(q.tenantId).where(devices));
      const tenantName = sql<string>`(select ${tenantNameIn(c.var.locale)} from ${tenants} where ${tenants.id} = ${devices.tenantId})`;
      const page = await pageOf(c.var.deps.db, devices, and(...conds), orderOf(device, devices, q), q, { ...getTableColumns(devices), ...shown(c.var.locale), tenantName });
      return { records: page.records.map((r) => ({ ...toDevice(c.var.locale)(r), tenantName: ((r as Values).tenantName as string | null) ?? null })), total: page.total };
    },
    platformOnly,
  ),
];

async function setEnabled(c: Ctx, id: number, status: number) {
  const old = await ownDevice(c, id);
  await c.var.deps.db.update(devices).set({ enableStatus: status, updatedAt: c.var.deps.now() }).where(eq(devices.id, id));
  await forget(c, old.deviceSn);
  return null;
}
