import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { OTA_DEVICE_STATUS as DS, OTA_HOLD, OTA_TARGET, OTA_TASK_STATUS as TS, OTA_TASK_TYPE, FIRMWARE_EXTS, FIRMWARE_MAX_MB, OTA_LIMITS } from "@/lib/contract/ota/enums";
import { otaApi } from "@/lib/contract/ota/api";
import { otaTaskApi, type OtaTaskDevice } from "@/lib/contract/ota/task-api";
import { otaPackage, type OtaPackage } from "@/lib/contract/ota/package";
import { nextScheduleAt, otaTask, type OtaTask } from "@/lib/contract/ota/task";
import { compareVersions, isOldDevice, versionOrder } from "@/lib/contract/ota/version";
import { claimFiles, dropOwnUpload, recordFile } from "../../db/queries/stored-files";
import { viewableDevice } from "../../db/queries/device-data";
import { tenantZone } from "../../db/queries/company";
import { devices, otaDeviceVersions, otaEvents, otaPackages, otaTaskDevices, otaTasks, products, tenants } from "../../db/schema";
import type { Db } from "../../db/client";
import type { Ctx } from "../../lib/context";
import { signatureMatches } from "../../lib/crypto";
import { requestingDevice } from "../../lib/device-auth";
import { rowMapper } from "../../lib/crud";
import { localized } from "../../lib/i18n-text";
import { deviceNameIn, otaTaskNameIn, packageNameIn, tenantNameIn } from "../../db/queries/names";
import { productNameIn } from "../../db/queries/products";
import type { Locale } from "@/lib/contract/locale";
import { crudRoutes } from "../../lib/crud-routes";
import { MULTIPART_SLACK, parseStoredPath, receiveUpload } from "../../lib/files";
import { AppError, badRequest, fail, notFound } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { serve, type Served } from "../../lib/serve";
import { assertStorageRoom } from "../../lib/storage";
import { otaChanged } from "../../live/bus";
import { DOWNLOAD_PATH, DOWNLOAD_PURPOSE, masterVersionOf, OtaEngine, RETRY_AFTER_S, RETRY_SPREAD_S } from "../../ota/engine";
import { downloadTime, projectedPace } from "../../ota/pace";
import { images } from "../../ota/images";

type Values = Record<string, unknown>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The engine of the call's cloud (its routes change tasks the engine runs); one on the side in tests without a device channel. */
function engineOf(c: Ctx): OtaEngine {
  return c.var.deps.ota ?? new OtaEngine(c.var.deps.db, { now: c.var.deps.now });
}
const kick = (c: Ctx) => c.var.deps.ota?.kick();

/** A product the caller may ship firmware for: any tenant's for the platform (its devices are every tenant's), else its own. */
async function productFor(c: Ctx, id: number) {
  const { db } = c.var.deps;
  const [p] = await db
    .select({ id: products.id, tenantId: products.tenantId })
    .from(products)
    .where(and(eq(products.id, id), c.var.auth.isPlatform ? undefined : eq(products.tenantId, c.var.auth.tenantId)));
  if (!p) throw badRequest("cloud.ota.productUnknown");
  return p;
}

/** SHA-256 and MD5 of a stored file, read once. */
async function hashes(abs: string) {
  const sha = createHash("sha256");
  const md5 = createHash("md5");
  for await (const chunk of createReadStream(abs)) {
    sha.update(chunk as Buffer);
    md5.update(chunk as Buffer);
  }
  return { sha256: sha.digest("hex"), md5: md5.digest("hex") };
}

/** The firmware file a form names: a stored file of the caller's tenant of a firmware type, with its size and hashes. */
async function firmwareFile(c: Ctx, path: string) {
  const f = parseStoredPath(c.var.deps.config.filesDir, path);
  if (!f || f.isPublic || f.tenantId !== c.var.auth.tenantId || !(FIRMWARE_EXTS as readonly string[]).includes(f.ext)) throw badRequest("cloud.ota.fileUnknown");
  const info = await stat(f.abs).catch(() => null);
  if (!info?.isFile()) throw badRequest("cloud.ota.fileUnknown");
  return { abs: f.abs, size: info.size, ...(await hashes(f.abs)) };
}

/** Package columns computed on add and update: the file's facts, the version's order, checked product and tenants, one package per product, module and version. */
async function packageValues(c: Ctx, input: Values, partial: boolean, before?: Values): Promise<Values> {
  const { db } = c.var.deps;
  const out: Values = {};
  const productId = (input.productId ?? before?.productId) as number;
  if (input.productId !== undefined) await productFor(c, productId);
  if (input.filePath !== undefined && input.filePath !== before?.filePath) {
    const f = await firmwareFile(c, input.filePath as string);
    Object.assign(out, { fileSize: f.size, sha256: f.sha256, md5: f.md5, fileName: (input.fileName as string | undefined) ?? (input.filePath as string).split("/").pop() });
  }
  if (input.version !== undefined && (input.versionOrder === undefined || input.versionOrder === null)) out.versionOrder = versionOrder(input.version as string);
  const ids = input.tenantIds as number[] | undefined;
  if (ids?.length) {
    const found = await db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, ids));
    if (found.length !== new Set(ids).size) throw badRequest("cloud.ota.tenantUnknown");
  }
  const version = (input.version ?? before?.version) as string;
  const mod = (input.module ?? before?.module ?? "default") as string;
  const [taken] = await db
    .select({ id: otaPackages.id })
    .from(otaPackages)
    .where(tenantScope(c.var.auth).where(otaPackages, eq(otaPackages.productId, productId), eq(otaPackages.module, mod), eq(otaPackages.version, version), before ? ne(otaPackages.id, before.id as number) : undefined));
  if (taken) throw badRequest("cloud.ota.versionTaken", { version, module: mod });
  if (!partial && !out.sha256) throw badRequest("cloud.ota.fileUnknown");
  return out;
}

/** Devices of the package's product on its version (its module's): the list's "devices on this version". */
const onVersion = sql<number>`(select count(*)::int from ${devices} d left join ${otaDeviceVersions} v on v.device_id = d.id and v.module = ${otaPackages.module}
  where d.product_id = ${otaPackages.productId} and coalesce(v.version, case when ${otaPackages.module} = 'default' then d.firmware_version end) = ${otaPackages.version})`;
const productName = (locale: Locale) => sql<string>`(select ${productNameIn(locale)} from ${products} where ${products.id} = ${otaPackages.productId})`;

const packageRoutes = crudRoutes<typeof otaPackage.fields, OtaPackage>({
  table: otaPackages,
  entity: otaPackage,
  calls: otaApi,
  extra: (locale) => ({ productName: productName(locale), deviceCount: onVersion }),
  defaultOrder: [desc(otaPackages.versionOrder), desc(otaPackages.id)],
  values: packageValues,
  afterSave: async (tx, c, row) => claimFiles(tx, c.var.auth.tenantId, [row.filePath as string], c.var.deps.now()),
  inUse: [{ table: otaTasks, column: otaTasks.packageId, what: "ota.task.entity", error: "cloud.ota.packageInUse" }],
});

/** A device a task may target, with what it runs of the package's module. */
type Candidate = { id: number; deviceName: string; deviceSn: string; tenantId: number; status: number; version: string | null; master: string | null; busy: boolean };

/** The devices a target names (core: all of a product, below the target version, a project's, a list), among the tenants the package is offered to. */
async function candidates(db: Db, c: Ctx, pkg: typeof otaPackages.$inferSelect, t: { target: number; projectId?: number | null; deviceIds?: number[] }): Promise<Candidate[]> {
  const conds: (SQL | undefined)[] = [eq(devices.productId, pkg.productId), eq(devices.enableStatus, 1)];
  if (pkg.tenantIds.length) conds.push(inArray(devices.tenantId, pkg.tenantIds));
  if (!c.var.auth.isPlatform) conds.push(eq(devices.tenantId, c.var.auth.tenantId));
  if (t.target === OTA_TARGET.project) conds.push(eq(devices.projectId, t.projectId ?? -1));
  if (t.target === OTA_TARGET.list) conds.push(inArray(devices.id, t.deviceIds?.length ? t.deviceIds : [-1]));
  const rows = await db
    .select({
      id: devices.id,
      deviceName: deviceNameIn(c.var.locale),
      deviceSn: devices.deviceSn,
      tenantId: devices.tenantId,
      status: devices.status,
      master: masterVersionOf(devices.id),
      version: sql<string | null>`coalesce(${otaDeviceVersions.version}, case when ${pkg.module} = 'default' then ${devices.firmwareVersion} end)`,
      busy: sql<boolean>`exists (select 1 from ${otaTaskDevices} o where o.device_id = ${devices.id} and o.status in (1, 2))`,
    })
    .from(devices)
    .leftJoin(otaDeviceVersions, and(eq(otaDeviceVersions.deviceId, devices.id), eq(otaDeviceVersions.module, pkg.module)))
    .where(and(...conds))
    .orderBy(asc(devices.id));
  const minMaster = pkg.minMasterVersion;
  return rows.filter(
    (d) => (t.target !== OTA_TARGET.below || !d.version || compareVersions(d.version, pkg.version) < 0) && (!minMaster || !d.master || compareVersions(d.master, minMaster) >= 0),
  );
}

async function ownPackage(c: Ctx, id: number, db: Db = c.var.deps.db) {
  const [pkg] = await db.select().from(otaPackages).where(tenantScope(c.var.auth).where(otaPackages, eq(otaPackages.id, id)));
  if (!pkg) throw badRequest("cloud.ota.packageUnknown");
  return pkg;
}

const TASK_DEFAULTS = { rate: OTA_LIMITS.rate.default, maxDownloads: OTA_LIMITS.maxDownloads.default, timeoutMin: OTA_LIMITS.timeoutMin.default, retries: OTA_LIMITS.retries.default, retryIntervalMin: OTA_LIMITS.retryIntervalMin.default };

/** Task columns computed on add and update: only a task not yet started changes; the schedule read; defaults kept. */
async function taskValues(c: Ctx, input: Values, partial: boolean, before?: Values): Promise<Values> {
  if (before && before.status !== TS.toUpgrade) throw badRequest("cloud.ota.taskStarted");
  if (input.packageId !== undefined) await ownPackage(c, input.packageId as number);
  const out: Values = {};
  const type = (input.taskType ?? before?.taskType) as number;
  if (input.scheduleTime !== undefined || input.taskType !== undefined) {
    const when = (input.scheduleTime ?? before?.scheduleTime) as string | null;
    const now = c.var.deps.now();
    // On the tenant's clock; a cron names the start as its next run.
    out.scheduleAt = type === OTA_TASK_TYPE.scheduled && when ? nextScheduleAt(when, await tenantZone(c.var.deps.db, c.var.auth.tenantId), now) : null;
    if (type === OTA_TASK_TYPE.scheduled && when && (!out.scheduleAt || (out.scheduleAt as Date).getTime() < now.getTime() - 60_000)) throw badRequest("cloud.ota.scheduleInPast");
  }
  // A blank rate, timeout or retry setting is the default, never a missing value.
  for (const [k, v] of Object.entries(TASK_DEFAULTS)) if (input[k] === null || input[k] === "" || (!partial && input[k] === undefined)) out[k] = v;
  return out;
}

/** The task's devices, written with it: the first batch marked, devices busy in another task left out (the database refuses a second active task). */
async function writeTaskDevices(tx: Db, c: Ctx, row: Values) {
  const pkg = await ownPackage(c, row.packageId as number, tx);
  const found = (await candidates(tx, c, pkg, row as { target: number; projectId: number | null; deviceIds: number[] })).filter((d) => !d.busy);
  if (!found.length) throw badRequest("cloud.ota.noDevices");
  const first = row.batchPercent ? Math.max(1, Math.ceil((found.length * (row.batchPercent as number)) / 100)) : ((row.batchCount as number | null) ?? 0);
  const staged = first > 0 && first < found.length;
  const now = c.var.deps.now();
  await tx.delete(otaTaskDevices).where(eq(otaTaskDevices.taskId, row.id as number));
  const written = await tx
    .insert(otaTaskDevices)
    .values(found.map((d, i) => ({ taskId: row.id as number, deviceId: d.id, batch: staged && i < first ? 1 : 2, queuedAt: now })))
    .onConflictDoNothing()
    .returning({ id: otaTaskDevices.id });
  const counted = { total: written.length, stage: staged ? 1 : 2 };
  await tx.update(otaTasks).set(counted).where(eq(otaTasks.id, row.id as number));
  // The add's and update's answer is this row: with its devices counted, not the none it was written with.
  Object.assign(row, counted);
}

const packageNameOf = (locale: Locale) => sql<string>`(select ${packageNameIn(locale)} from ${otaPackages} where ${otaPackages.id} = ${otaTasks.packageId})`;
const versionOf = sql<string>`(select ${otaPackages.version} from ${otaPackages} where ${otaPackages.id} = ${otaTasks.packageId})`;

const taskRoutes = crudRoutes<typeof otaTask.fields, OtaTask>({
  table: otaTasks,
  entity: otaTask,
  calls: otaTaskApi,
  extra: (locale) => ({ packageName: packageNameOf(locale), version: versionOf }),
  values: taskValues,
  afterSave: async (tx, c, row, input, before) => {
    if (!before || ["packageId", "target", "projectId", "deviceIds", "batchPercent", "batchCount"].some((k) => k in input)) await writeTaskDevices(tx, c, row);
  },
  afterWrite: (c) => kick(c),
  beforeDelete: async (c, ids) => {
    const [running] = await c.var.deps.db.select({ id: otaTasks.id }).from(otaTasks).where(and(inArray(otaTasks.id, ids), eq(otaTasks.status, TS.upgrading)));
    if (running) throw badRequest("cloud.ota.taskRunning");
  },
});

async function ownTask(c: Ctx, id: number) {
  const [t] = await c.var.deps.db.select().from(otaTasks).where(tenantScope(c.var.auth).where(otaTasks, eq(otaTasks.id, id)));
  if (!t) throw notFound();
  return t;
}

/** A task device of the caller's tasks. */
async function ownTaskDevice(c: Ctx, id: number) {
  const [row] = await c.var.deps.db
    .select({ td: otaTaskDevices, task: otaTasks })
    .from(otaTaskDevices)
    .innerJoin(otaTasks, eq(otaTasks.id, otaTaskDevices.taskId))
    .where(tenantScope(c.var.auth).where(otaTasks, eq(otaTaskDevices.id, id)));
  if (!row) throw notFound();
  return row;
}

const toTask = rowMapper<typeof otaTask.fields, OtaTask>(otaTask);
/** Answers the task as stored after an operation. */
async function taskAnswer(c: Ctx, id: number): Promise<OtaTask> {
  const [row] = await c.var.deps.db
    .select({ ...getTableColumns(otaTasks), packageName: packageNameOf(c.var.locale), version: versionOf })
    .from(otaTasks)
    .where(eq(otaTasks.id, id));
  return toTask(localized(c.var.locale, row));
}

/** Parses `Range: bytes=a-b` against a size: the span, null for the whole, "bad" when it cannot be met. */
export function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null | "bad" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return "bad";
  let start: number;
  let end: number;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? "bad" : { start, end };
}

export const otaServed: Served[] = [
  ...packageRoutes,
  ...taskRoutes,
  serve(otaApi.versionList, async (c, { productId, module }) => {
    await productFor(c, productId);
    const m = module || "default";
    const rows = await c.var.deps.db
      .select({ version: sql<string>`coalesce(${otaDeviceVersions.version}, case when ${m} = 'default' then ${devices.firmwareVersion} end)`, devices: count() })
      .from(devices)
      .leftJoin(otaDeviceVersions, and(eq(otaDeviceVersions.deviceId, devices.id), eq(otaDeviceVersions.module, m)))
      .where(and(eq(devices.productId, productId), c.var.auth.isPlatform ? undefined : eq(devices.tenantId, c.var.auth.tenantId)))
      .groupBy(sql`1`);
    return rows.filter((r) => r.version).sort((a, b) => compareVersions(b.version, a.version));
  }),
  serve(otaApi.productList, async (c) => {
    const rows = await c.var.deps.db
      .select({ id: products.id, prodName: productNameIn(c.var.locale) })
      .from(products)
      .where(c.var.auth.isPlatform ? undefined : eq(products.tenantId, c.var.auth.tenantId))
      .orderBy(asc(products.id));
    return rows;
  }),
  serve(otaApi.tenantList, async (c) => {
    const { db } = c.var.deps;
    const rows = await db.select({ id: tenants.id, tenantName: tenantNameIn(c.var.locale) }).from(tenants).where(c.var.auth.isPlatform ? undefined : eq(tenants.id, c.var.auth.tenantId)).orderBy(asc(tenants.id));
    return rows;
  }),
  serve(otaApi.uploadFile, async (c, { productId }) => {
    const { deps, auth } = c.var;
    await productFor(c, productId);
    const declared = Number(c.req.header("content-length") ?? NaN);
    await assertStorageRoom(deps.db, auth.tenantId, deps.config.storageQuotaMb, Number.isFinite(declared) ? Math.max(0, declared - MULTIPART_SLACK) : 0);
    const stored = await receiveUpload(c.req.raw, { root: deps.config.filesDir, tenantId: auth.tenantId, now: deps.now(), maxBytes: FIRMWARE_MAX_MB * 1024 * 1024, accept: FIRMWARE_EXTS });
    const abs = join(deps.config.filesDir, stored.path);
    try {
      // `.xz` is only taken as a `.tar.xz` image (core §9).
      if (stored.path.endsWith(".xz") && !stored.name.toLowerCase().endsWith(".tar.xz")) throw badRequest("cloud.ota.fileType");
      await assertStorageRoom(deps.db, auth.tenantId, deps.config.storageQuotaMb, stored.size);
    } catch (e) {
      await rm(abs, { force: true });
      throw e;
    }
    await recordFile(deps.db, { path: stored.path, tenantId: auth.tenantId, ownerId: auth.userId, size: stored.size, now: deps.now() });
    return { path: stored.path, name: stored.name, size: stored.size, ...(await hashes(abs)) };
  }),
  serve(otaApi.delFile, async (c, { path }) => {
    const { deps, auth } = c.var;
    const f = parseStoredPath(deps.config.filesDir, path);
    if (!f || f.tenantId !== auth.tenantId) throw notFound();
    const outcome = await dropOwnUpload(deps.db, { path, tenantId: auth.tenantId, ownerId: auth.userId });
    if (outcome === "claimed") throw badRequest("cloud.ota.fileInUse");
    if (outcome === "none") throw notFound();
    await rm(f.abs, { force: true });
    return null;
  }),
  // A device downloads its package: the URL signed for its task device (HMAC over path, task device and expiry), its own credentials, `Range` for resuming.
  serve(otaApi.download, async (c, { d, e, s }) => {
    const { deps } = c.var;
    if (!signatureMatches(DOWNLOAD_PURPOSE, `${DOWNLOAD_PATH}|${d}|${e}`, s)) throw new AppError(Code.FORBIDDEN, "cloud.ota.badSignature");
    if (e * 1000 < deps.now().getTime()) throw new AppError(Code.FORBIDDEN, "cloud.ota.urlExpired");
    const device = await requestingDevice(c);
    // A rollout's devices ask for their parts together: the parts asked for meanwhile are read, and counted, in one statement each.
    const engine = engineOf(c);
    const row = await engine.downloads.push(d);
    if (!row || row.deviceId !== device.id) throw new AppError(Code.FORBIDDEN, "cloud.ota.notYourUrl");
    if (row.status !== DS.upgrading) throw new AppError(Code.CONFLICT, "cloud.ota.notUpgrading");
    const f = parseStoredPath(deps.config.filesDir, row.filePath);
    if (!f) throw notFound();
    // An image up to the cache's budget is served from memory, each part a view of it; a larger one from disk.
    const image = await images.get(f.abs, row.fileSize, row.sha256).catch(() => undefined);
    const info = image === null ? await stat(f.abs).catch(() => null) : null;
    const size = image ? image.length : info?.isFile() ? info.size : -1;
    if (size < 0) throw notFound();
    const etag = `"${row.sha256}"`;
    const range = rangeOf(c.req.header("range"), size);
    if (range === "bad") return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}` } });
    const span = range ?? { start: 0, end: size - 1 };
    const length = span.end - span.start + 1;
    // Counted before it is served; a task device that stopped upgrading meanwhile (cancelled, timed out) gets nothing.
    const counted = await engine.served.push({ id: d, bytes: length });
    if (counted === null) throw new AppError(Code.CONFLICT, "cloud.ota.notUpgrading");
    // Its task has as many downloading as it allows: the device is told when to ask again (429 and Retry-After, RFC 6585), spread so they do not all come back at once.
    if (counted === "full") {
      const seconds = RETRY_AFTER_S + Math.floor(Math.random() * (RETRY_SPREAD_S + 1));
      const res = fail(c, new AppError(Code.TOO_FREQUENT, "cloud.ota.downloadsFull", { seconds }));
      res.headers.set("retry-after", String(seconds));
      return res;
    }
    otaChanged(row.taskId);
    // (A file read into memory is never a shared buffer.)
    const body = image ? (image.subarray(span.start, span.end + 1) as Uint8Array<ArrayBuffer>) : (Readable.toWeb(createReadStream(f.abs, { start: span.start, end: span.end })) as ReadableStream);
    return new Response(body, {
      status: range ? 206 : 200,
      headers: {
        "content-type": "application/octet-stream",
        "content-length": String(length),
        "accept-ranges": "bytes",
        etag,
        ...(range ? { "content-range": `bytes ${span.start}-${span.end}/${size}` } : {}),
        "cache-control": "no-store",
      },
    });
  }),
  serve(otaTaskApi.oper, async (c, { id, action }) => {
    const { db, now: clock } = c.var.deps;
    const t = await ownTask(c, id);
    const now = clock();
    const mine = eq(otaTasks.id, t.id);
    let changed: unknown[] = [];
    if (action === "start") changed = await db.update(otaTasks).set({ status: TS.upgrading, startedAt: now, updatedAt: now }).where(and(mine, eq(otaTasks.status, TS.toUpgrade))).returning();
    else if (action === "pause") changed = await db.update(otaTasks).set({ hold: OTA_HOLD.person, updatedAt: now }).where(and(mine, inArray(otaTasks.status, [TS.toUpgrade, TS.upgrading]), eq(otaTasks.hold, OTA_HOLD.none))).returning();
    else if (action === "resume")
      // Past a held gate, a person's resume lets the rest of the devices go.
      changed = await db
        .update(otaTasks)
        .set({ hold: OTA_HOLD.none, stage: sql`case when ${otaTasks.hold} = ${OTA_HOLD.gate} then 2 else ${otaTasks.stage} end`, updatedAt: now })
        .where(and(mine, inArray(otaTasks.status, [TS.toUpgrade, TS.upgrading]), inArray(otaTasks.hold, [OTA_HOLD.gate, OTA_HOLD.person])))
        .returning();
    else if (t.status === TS.upgrading || t.status === TS.done) {
      // Failed devices are queued again, unless another task has taken the device meanwhile. Never in a cancelled or
      // unstarted task: nothing would offer them the upgrade, and each would hold its device from every other task.
      const again = await db
        .update(otaTaskDevices)
        .set({ status: DS.toUpgrade, phase: "queued", attempt: 0, retryAt: null, doneAt: null })
        .where(
          and(
            eq(otaTaskDevices.taskId, t.id),
            eq(otaTaskDevices.status, DS.failed),
            sql`not exists (select 1 from ${otaTaskDevices} o where o.device_id = ${otaTaskDevices.deviceId} and o.status in (1, 2))`,
          ),
        )
        .returning();
      if (again.length) {
        await engineOf(c).log(again, "person", "retry", now);
        changed = await db.update(otaTasks).set({ status: TS.upgrading, hold: OTA_HOLD.none, finishedAt: null, updatedAt: now }).where(and(mine, inArray(otaTasks.status, [TS.upgrading, TS.done]))).returning();
        if (!changed.length) changed = again;
      }
    }
    if (!changed.length) throw badRequest("cloud.ota.operNotNow");
    otaChanged(t.id);
    kick(c);
    return taskAnswer(c, t.id);
  }),
  serve(otaTaskApi.close, async (c, { id }) => {
    const { db, now: clock } = c.var.deps;
    const t = await ownTask(c, id);
    const now = clock();
    const [closed] = await db
      .update(otaTasks)
      .set({ status: TS.cancelled, finishedAt: now, updatedAt: now })
      .where(and(eq(otaTasks.id, t.id), inArray(otaTasks.status, [TS.toUpgrade, TS.upgrading])))
      .returning();
    if (!closed) throw badRequest("cloud.ota.taskFinished");
    otaChanged(t.id);
    const engine = engineOf(c);
    await engine.cancelDevices(t.id, [DS.toUpgrade, DS.upgrading], "closed", "person", now);
    await engine.tally(t.id, now);
    return null;
  }),
  serve(otaTaskApi.deviceCloseUp, async (c, { id }) => {
    const { td } = await ownTaskDevice(c, id);
    const now = c.var.deps.now();
    const engine = engineOf(c);
    if (!(await engine.cancelDevices(td.taskId, [DS.toUpgrade, DS.upgrading], "closed", "person", now, td.id))) throw badRequest("cloud.ota.deviceFinished");
    await engine.tally(td.taskId, now);
    return null;
  }),
  serve(otaTaskApi.nums, async (c, { id }) => {
    const t = await ownTask(c, id);
    const [s] = await c.var.deps.db
      .select({
        total: sql<number>`count(*)::int`,
        toUpgrade: sql<number>`count(*) filter (where ${otaTaskDevices.status} = 1)::int`,
        upgrading: sql<number>`count(*) filter (where ${otaTaskDevices.status} = 2)::int`,
        cancelled: sql<number>`count(*) filter (where ${otaTaskDevices.status} = 3)::int`,
        success: sql<number>`count(*) filter (where ${otaTaskDevices.status} = 4)::int`,
        failed: sql<number>`count(*) filter (where ${otaTaskDevices.status} = 5)::int`,
        batchSize: sql<number>`count(*) filter (where ${otaTaskDevices.batch} = 1)::int`,
        batchDone: sql<number>`count(*) filter (where ${otaTaskDevices.batch} = 1 and ${otaTaskDevices.status} in (3, 4, 5))::int`,
      })
      .from(otaTaskDevices)
      .where(eq(otaTaskDevices.taskId, t.id));
    // While it runs: the devices left at the pace the dry run projects (the slower of the rate and the cap), and those under way finishing.
    if (t.status !== TS.upgrading || !(s.toUpgrade + s.upgrading)) return { ...s, etaMin: null, etaBound: null };
    const [pkg] = await c.var.deps.db.select({ productId: otaPackages.productId, fileSize: otaPackages.fileSize }).from(otaPackages).where(eq(otaPackages.id, t.packageId));
    const { downloadS } = await downloadTime(c.var.deps.db, c.var.auth, pkg.productId, pkg.fileSize);
    const pace = projectedPace(s.toUpgrade, t.rate, t.maxDownloads, downloadS, s.upgrading);
    return { ...s, etaMin: pace.projectedMin, etaBound: pace.bound };
  }),
  serve(otaTaskApi.pageDevice, async (c, q) => {
    const t = await ownTask(c, q.taskId);
    const { db } = c.var.deps;
    const [pkg] = await db.select({ module: otaPackages.module }).from(otaPackages).where(eq(otaPackages.id, t.packageId));
    const kw = q.keyword?.trim().replace(/[\\%_]/g, (m) => `\\${m}`);
    const where = and(eq(otaTaskDevices.taskId, t.id), q.status ? eq(otaTaskDevices.status, q.status) : undefined, kw ? or(ilike(devices.deviceName, `%${kw}%`), ilike(devices.deviceSn, `%${kw}%`)) : undefined);
    const [{ total }] = await db.select({ total: count() }).from(otaTaskDevices).innerJoin(devices, eq(devices.id, otaTaskDevices.deviceId)).where(where);
    const rows = await db
      .select({
        td: otaTaskDevices,
        deviceName: deviceNameIn(c.var.locale),
        deviceSn: devices.deviceSn,
        currentVersion: sql<string | null>`coalesce(${otaDeviceVersions.version}, case when ${pkg?.module ?? "default"} = 'default' then ${devices.firmwareVersion} end)`,
      })
      .from(otaTaskDevices)
      .innerJoin(devices, eq(devices.id, otaTaskDevices.deviceId))
      .leftJoin(otaDeviceVersions, and(eq(otaDeviceVersions.deviceId, devices.id), eq(otaDeviceVersions.module, pkg?.module ?? "default")))
      .where(where)
      .orderBy(asc(otaTaskDevices.batch), asc(otaTaskDevices.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    const records: OtaTaskDevice[] = rows.map(({ td, ...r }) => ({
      id: td.id,
      taskId: td.taskId,
      deviceId: td.deviceId,
      deviceName: r.deviceName,
      deviceSn: r.deviceSn,
      status: td.status,
      phase: td.phase as OtaTaskDevice["phase"],
      progress: td.progress,
      bytesServed: td.bytesServed,
      attempt: td.attempt,
      batch: td.batch,
      fromVersion: td.fromVersion,
      currentVersion: r.currentVersion,
      errorCode: td.errorCode,
      errorText: td.errorText,
      queuedAt: iso(td.queuedAt),
      notifiedAt: iso(td.notifiedAt),
      firstProgressAt: iso(td.firstProgressAt),
      lastProgressAt: iso(td.lastProgressAt),
      doneAt: iso(td.doneAt),
    }));
    return { records, total };
  }),
  serve(otaApi.deviceFirmware, async (c, { id }) => {
    const { db } = c.var.deps;
    const device = await viewableDevice(db, c.var.auth, id);
    if (!device) throw notFound();
    const [own, rows] = await Promise.all([
      db.select().from(otaDeviceVersions).where(eq(otaDeviceVersions.deviceId, id)).orderBy(asc(otaDeviceVersions.module)),
      db
        .select({ td: otaTaskDevices, taskName: otaTaskNameIn(c.var.locale), packageName: packageNameIn(c.var.locale), module: otaPackages.module, version: otaPackages.version })
        .from(otaTaskDevices)
        .innerJoin(otaTasks, eq(otaTasks.id, otaTaskDevices.taskId))
        .innerJoin(otaPackages, eq(otaPackages.id, otaTasks.packageId))
        .where(eq(otaTaskDevices.deviceId, id))
        .orderBy(desc(otaTaskDevices.id))
        .limit(100),
    ]);
    const modules = own.some((m) => m.module === "default") ? [] : [{ module: "default", version: device.firmwareVersion, informedAt: null }];
    return {
      modules: [...modules, ...own.map((m) => ({ module: m.module, version: m.version, informedAt: m.informedAt.toISOString() }))],
      upgrades: rows.map(({ td, ...r }) => ({
        id: td.id,
        taskId: td.taskId,
        ...r,
        status: td.status,
        phase: td.phase as OtaTaskDevice["phase"],
        progress: td.progress,
        attempt: td.attempt,
        fromVersion: td.fromVersion,
        errorCode: td.errorCode,
        errorText: td.errorText,
        queuedAt: iso(td.queuedAt),
        notifiedAt: iso(td.notifiedAt),
        doneAt: iso(td.doneAt),
      })),
    };
  }),
  serve(otaTaskApi.deviceLog, async (c, { id }) => {
    await ownTaskDevice(c, id);
    const rows = await c.var.deps.db.select().from(otaEvents).where(eq(otaEvents.taskDeviceId, id)).orderBy(asc(otaEvents.id)).limit(500);
    return rows.map((r) => ({ id: r.id, at: r.at.toISOString(), source: r.source as "device" | "timer" | "person", status: r.status, phase: r.phase, progress: r.progress, text: r.text }));
  }),
  serve(otaTaskApi.candidates, async (c, { packageId }) => {
    const found = await candidates(c.var.deps.db, c, await ownPackage(c, packageId), { target: OTA_TARGET.all });
    return found.map((d) => ({ id: d.id, deviceName: d.deviceName, deviceSn: d.deviceSn, version: d.version, online: d.status === 2, busy: d.busy }));
  }),
  serve(otaTaskApi.preview, async (c, input) => {
    const pkg = await ownPackage(c, input.packageId);
    const found = await candidates(c.var.deps.db, c, pkg, { target: input.target, projectId: input.projectId ?? null, deviceIds: input.deviceIds });
    const byVersion = new Map<string, number>();
    for (const d of found) byVersion.set(d.version ?? "-", (byVersion.get(d.version ?? "-") ?? 0) + 1);
    const free = found.filter((d) => !d.busy);
    const rate = Number(input.rate ?? OTA_LIMITS.rate.default);
    const cap = Number(input.maxDownloads ?? OTA_LIMITS.maxDownloads.default);
    const { downloadS, basis } = await downloadTime(c.var.deps.db, c.var.auth, pkg.productId, pkg.fileSize);
    const pace = projectedPace(free.length, rate, cap, downloadS);
    return {
      targeted: free.length,
      online: free.filter((d) => d.status === 2).length,
      alreadyOn: free.filter((d) => d.version && compareVersions(d.version, pkg.version) === 0).length,
      pullOnly: free.filter((d) => isOldDevice(d.master)).length,
      busy: found.length - free.length,
      byVersion: [...byVersion].map(([version, n]) => ({ version, devices: n })).sort((a, b) => compareVersions(b.version, a.version)),
      ...pace,
      maxDownloads: cap,
      downloadBasis: basis,
    };
  }),
];
