import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_RAW_MONTHS, HOURLY_KEEP_MONTHS, rawMonths, retentionOverride, type RetentionChange, type RetentionSettings } from "@/lib/contract/system/retention";
import { defaultLocale, type Locale } from "@/lib/contract/locale";
import type { Db } from "../client";
import { devices, projects, settings, tenants } from "../schema";
import { projectNameIn } from "./names";
import { pgArray } from "../../ingest/pg-array";
import { rowsOf } from "../../ingest/writer";
import { tenantOf } from "../../lib/scope";
import { PARTITION_LOCK, addMonths, monthOfPartition, monthStart, packedPartitionOf } from "../../ingest/partitions";
import { rawValues } from "./telemetry-raw";

/**
 * Data retention (issue 41). Raw values sit in monthly partitions shared by every tenant, so a
 * partition is dropped whole once every tenant's and project's retention has passed it — no
 * `DELETE` scan. A shorter retention than the longest one is applied on read: raw values before a
 * project's cut are never answered, charts of that period are drawn from the roll-ups. The hourly
 * roll-up is folded into the daily one after `HOURLY_KEEP_MONTHS`; days are kept for ever.
 */

export const RETENTION_KEY = "telemetryRetention";
const stored = z.object({ rawMonths, overrides: z.array(retentionOverride) });
type Stored = z.infer<typeof stored>;
const DEFAULTS: Stored = { rawMonths: DEFAULT_RAW_MONTHS, overrides: [] };

/** `YYYY-MM` of a month's start (UTC: partitions are UTC months). */
export const monthName = (d: Date) => d.toISOString().slice(0, 7);

/** The first instant whose raw values `months` keeps: the start of the month that many months before the current one. */
export const cutOf = (months: number | null, now: Date): Date | null => (months === null ? null : addMonths(monthStart(now), -months));

/** The tenant's stored document, or the defaults (`isDefault`) when it never chose. */
async function loadDoc(db: Db, tenantId: number): Promise<{ doc: Stored; isDefault: boolean }> {
  const [row] = await db.select({ data: settings.data }).from(settings).where(tenantOf(tenantId).where(settings, eq(settings.key, RETENTION_KEY)));
  const parsed = row ? stored.safeParse(row.data) : null;
  return parsed?.success ? { doc: parsed.data, isDefault: false } : { doc: DEFAULTS, isDefault: true };
}

/** Months each project of the tenant keeps under `doc` (an override, else the tenant's). */
function projectMonths(doc: Stored, projectIds: number[]): Map<number, { override: boolean; months: number | null }> {
  const own = new Map(doc.overrides.map((o) => [o.projectId, o.rawMonths]));
  return new Map(projectIds.map((id) => [id, own.has(id) ? { override: true, months: own.get(id)! } : { override: false, months: doc.rawMonths }]));
}

const tenantProjects = (db: Db, tenantId: number, locale: Locale) =>
  db.select({ id: projects.id, prjName: projectNameIn(locale) }).from(projects).where(tenantOf(tenantId).where(projects)).orderBy(projects.id);

/** What the tenant keeps, for the retention screen. */
/** Projects are named in `locale`. */
export async function retentionSettings(db: Db, tenantId: number, now: Date, locale: Locale): Promise<RetentionSettings> {
  const [{ doc, isDefault }, prjs] = await Promise.all([loadDoc(db, tenantId), tenantProjects(db, tenantId, locale)]);
  const months = projectMonths(doc, prjs.map((p) => p.id));
  const kept = (m: number | null) => {
    const cut = cutOf(m, now);
    return cut ? monthName(cut) : null;
  };
  return {
    rawMonths: doc.rawMonths,
    isDefault,
    keptFrom: kept(doc.rawMonths),
    hourlyMonths: HOURLY_KEEP_MONTHS,
    projects: prjs.map((p) => {
      const m = months.get(p.id)!;
      return { projectId: p.id, prjName: p.prjName, override: m.override, rawMonths: m.months, keptFrom: kept(m.months) };
    }),
  };
}

/** Overrides naming projects of another tenant (or none) are refused by the caller: the ids not the tenant's. */
export async function foreignProjects(db: Db, tenantId: number, change: RetentionChange): Promise<number[]> {
  const ids = [...new Set(change.overrides.map((o) => o.projectId))];
  if (!ids.length) return [];
  const own = new Set((await db.select({ id: projects.id }).from(projects).where(tenantOf(tenantId).where(projects, inArray(projects.id, ids)))).map((r) => r.id));
  return ids.filter((id) => !own.has(id));
}

/** The months (start dates) of the partitions that exist, oldest first. */
async function partitionMonths(db: Db): Promise<{ name: string; month: Date }[]> {
  const rows = rowsOf(await db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'telemetry'`));
  return rows
    .map((r) => ({ name: String(r.name), month: monthOfPartition(String(r.name)) }))
    .filter((p): p is { name: string; month: Date } => p.month !== null)
    .sort((a, b) => a.month.getTime() - b.month.getTime());
}

/**
 * The months whose stored raw values `change` would stop keeping for the tenant's devices: for
 * each project (and the devices outside projects) the months between its current cut and its new
 * one that hold any value. Oldest first.
 */
export async function monthsDeleted(db: Db, tenantId: number, change: RetentionChange, now: Date): Promise<string[]> {
  const [{ doc }, prjs, parts] = await Promise.all([loadDoc(db, tenantId), tenantProjects(db, tenantId, defaultLocale), partitionMonths(db)]);
  const ids = prjs.map((p) => p.id);
  const before = projectMonths(doc, ids);
  const after = projectMonths({ rawMonths: change.rawMonths, overrides: change.overrides }, ids);
  // Scope key: a project id, or 0 for the tenant's devices outside any project.
  const scopes: { project: number; from: Date | null; to: Date }[] = [];
  const widen = (project: number, was: number | null, now_: number | null) => {
    const to = cutOf(now_, now);
    const from = cutOf(was, now);
    if (to && (!from || from < to)) scopes.push({ project, from, to });
  };
  widen(0, doc.rawMonths, change.rawMonths);
  for (const id of ids) widen(id, before.get(id)!.months, after.get(id)!.months);
  if (!scopes.length) return [];
  const months: string[] = [];
  for (const { month } of parts) {
    const end = addMonths(month, 1);
    const inScope = scopes.filter((s) => month < s.to && (!s.from || end > s.from));
    if (!inScope.length) continue;
    const withProject = inScope.filter((s) => s.project).map((s) => s.project);
    const loose = inScope.some((s) => !s.project);
    const owner = sql`(${withProject.length ? sql`d.project_id = any(${pgArray(withProject)}::int[])` : sql`false`}${loose ? sql` or d.project_id is null` : sql``})`;
    // One look per month: any value of the tenant's devices in scope (the index finds the first).
    const [hit] = rowsOf(
      await db.execute(sql`select exists (select 1 from ${devices} d cross join lateral (${rawValues({ device: sql`d.id`, from: month, to: end })}) t
        where d.tenant_id = ${tenantId} and ${owner}) as found`),
    );
    if (hit?.found === true) months.push(monthName(month));
  }
  return months;
}

export async function saveRetention(db: Db, tenantId: number, change: RetentionChange, now: Date) {
  const overrides = [...new Map(change.overrides.map((o) => [o.projectId, o])).values()];
  await db
    .insert(settings)
    .values({ tenantId, key: RETENTION_KEY, data: { rawMonths: change.rawMonths, overrides }, updatedAt: now })
    .onConflictDoUpdate({ target: [settings.tenantId, settings.key], set: { data: sql`excluded.data`, updatedAt: now } });
}

/** The first instant of raw values a device's readers may see (its project's cut, else its tenant's); `null`: all. */
export async function rawCutOfDevice(db: Db, deviceId: number, now: Date): Promise<Date | null> {
  const [d] = await db.select({ tenantId: devices.tenantId, projectId: devices.projectId }).from(devices).where(eq(devices.id, deviceId));
  if (!d) return null;
  const { doc } = await loadDoc(db, d.tenantId);
  const own = d.projectId ? doc.overrides.find((o) => o.projectId === d.projectId) : undefined;
  return cutOf(own ? own.rawMonths : doc.rawMonths, now);
}

/**
 * The cut every tenant and project agrees on: raw values before it are kept by no one, so the
 * partitions wholly before it can go. `null` while anyone keeps raw values for ever.
 */
export async function sharedRawCut(db: Db, now: Date): Promise<Date | null> {
  const [ts, docs, prjs] = await Promise.all([
    db.select({ id: tenants.id }).from(tenants),
    db.select({ tenantId: settings.tenantId, data: settings.data }).from(settings).where(eq(settings.key, RETENTION_KEY)),
    db.select({ id: projects.id, tenantId: projects.tenantId }).from(projects),
  ]);
  const byTenant = new Map(docs.map((d) => [d.tenantId, stored.safeParse(d.data)]));
  let months = 0;
  for (const t of ts) {
    const parsed = byTenant.get(t.id);
    const doc = parsed?.success ? parsed.data : DEFAULTS;
    const mine = [doc.rawMonths, ...prjs.filter((p) => p.tenantId === t.id).map((p) => projectMonths(doc, [p.id]).get(p.id)!.months)];
    for (const m of mine) {
      if (m === null) return null;
      months = Math.max(months, m);
    }
  }
  return cutOf(months || DEFAULT_RAW_MONTHS, now);
}

export type RetentionRun = { cut: Date | null; dropped: string[]; foldedHours: number };

/**
 * The retention job: drops the raw partitions wholly before the shared cut (and any late values
 * the default partition caught for that period) with their 10-minute roll-up, then folds the hours older than the hourly
 * tier's keep into days — one statement, so each value stays counted in exactly one tier.
 */
export async function applyRetention(db: Db, now: Date): Promise<RetentionRun> {
  const cut = await sharedRawCut(db, now);
  const dropped: string[] = [];
  if (cut) {
    for (const p of await partitionMonths(db)) {
      if (addMonths(p.month, 1) > cut) break;
      await db.transaction(async (tx) => {
        // Beside partition creation: one instance at a time touches the partition list.
        await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
        await tx.execute(sql.raw(`alter table telemetry detach partition "${p.name}"`));
        await tx.execute(sql.raw(`drop table "${p.name}"`));
        // The month's packed hours go with it (a month never packed has no such partition).
        await tx.execute(sql.raw(`drop table if exists "${packedPartitionOf(p.month)}"`));
      });
      dropped.push(p.name);
    }
    await db.execute(sql`delete from telemetry_default where ts < ${cut.toISOString()}::timestamptz`);
    // The 10-minute tier goes with the raw values: past the cut, charts read hours and days.
    await db.execute(sql`delete from telemetry_10min where at < ${cut.toISOString()}::timestamptz`);
  }
  const hourCut = addMonths(monthStart(now), -HOURLY_KEEP_MONTHS).toISOString();
  const folded = rowsOf(
    await db.execute(sql`with gone as (delete from telemetry_hourly where hour < ${hourCut}::timestamptz returning *),
      days as (insert into telemetry_daily (device_id, identifier, day, n, sum, min, min_ts, max, max_ts, first, first_ts, last, last_ts)
        select device_id, identifier, day, n, sum, lo[1], to_timestamp(lo[2]), hi[1], to_timestamp(-hi[2]), fa[2], first_ts, la[2], last_ts
        from (
          select device_id, identifier, date_trunc('day', hour, 'UTC') as day, sum(n)::int as n, sum(sum) as sum,
            min(array[min, extract(epoch from min_ts)::float8]) as lo, max(array[max, -extract(epoch from max_ts)::float8]) as hi,
            min(array[extract(epoch from first_ts)::float8, first]) as fa, min(first_ts) as first_ts,
            max(array[extract(epoch from last_ts)::float8, last]) as la, max(last_ts) as last_ts
          from gone group by 1, 2, 3
        ) a
        on conflict (device_id, identifier, day) do update set
          n = telemetry_daily.n + excluded.n,
          sum = telemetry_daily.sum + excluded.sum,
          min = least(telemetry_daily.min, excluded.min),
          min_ts = case when excluded.min < telemetry_daily.min or (excluded.min = telemetry_daily.min and excluded.min_ts < telemetry_daily.min_ts) then excluded.min_ts else telemetry_daily.min_ts end,
          max = greatest(telemetry_daily.max, excluded.max),
          max_ts = case when excluded.max > telemetry_daily.max or (excluded.max = telemetry_daily.max and excluded.max_ts < telemetry_daily.max_ts) then excluded.max_ts else telemetry_daily.max_ts end,
          first = case when excluded.first_ts < telemetry_daily.first_ts then excluded.first else telemetry_daily.first end,
          first_ts = least(telemetry_daily.first_ts, excluded.first_ts),
          last = case when excluded.last_ts >= telemetry_daily.last_ts then excluded.last else telemetry_daily.last end,
          last_ts = greatest(telemetry_daily.last_ts, excluded.last_ts)
        returning 1)
      select count(*)::int as n from gone`),
  );
  return { cut, dropped, foldedHours: Number(folded[0]?.n ?? 0) };
}
