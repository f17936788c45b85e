import { defaultCompanyInfo, type CompanyInfo } from "@/lib/contract/company";
import { knownZone } from "@/lib/time-zone";
import { companyInfo, tenants } from "../schema";
import type { Db } from "../client";
import { tenantOf } from "../../lib/scope";
import type { Coordinator } from "../../lib/coordination";

/** Company info of a tenant over the built-in defaults; unknown tenants get the defaults. */
export async function loadCompany(db: Db, tenantId: number): Promise<CompanyInfo & { tenantName: string | null }> {
  const [row] = await db
    .select({ data: companyInfo.data, name: tenants.name })
    .from(tenants)
    .leftJoin(companyInfo, tenantOf(tenantId).where(companyInfo))
    .where(tenantOf(tenantId).self());
  const stored = (row?.data ?? {}) as Partial<CompanyInfo>;
  const merged = { ...defaultCompanyInfo };
  for (const k of Object.keys(merged) as (keyof CompanyInfo)[]) {
    if (typeof stored[k] === "string" && stored[k] !== "") merged[k] = stored[k]!;
  }
  return { ...merged, tenantName: row?.name ?? null };
}

/** Per database: tests open many in one process, each with its own tenants. */
const zonesOf = new WeakMap<Db, Map<number, string>>();
const zonesIn = (db: Db) => zonesOf.get(db) ?? zonesOf.set(db, new Map()).get(db)!;

/**
 * A tenant's time zone (company settings; Asia/Shanghai by default): the days and months its
 * charts, statistics and reports are cut by. Kept until a save on any instance signals it
 * (`ZONE_SIGNAL`, see `followTenantZones`).
 */
export async function tenantZone(db: Db, tenantId: number): Promise<string> {
  const zones = zonesIn(db);
  const hit = zones.get(tenantId);
  if (hit) return hit;
  const [row] = await db.select({ data: companyInfo.data }).from(companyInfo).where(tenantOf(tenantId).where(companyInfo));
  const zone = knownZone((row?.data as Partial<CompanyInfo> | undefined)?.timeZone);
  zones.set(tenantId, zone);
  return zone;
}

const ZONE_SIGNAL = "tenant-zone";

/** A tenant's zone changed: forgotten on every instance of the cluster (this one only, without one) before this resolves here. */
export async function tenantZoneChanged(db: Db, tenantId: number, cluster?: Coordinator) {
  zonesIn(db).delete(tenantId);
  await cluster?.signal(ZONE_SIGNAL, tenantId).catch((err) => console.error("[cluster] signalling a time zone:", (err as Error).message));
}

/** Zones saved through other instances reach this one (all are read again after the signals reconnect). */
export const followTenantZones = (db: Db, cluster: Coordinator) =>
  cluster.on(ZONE_SIGNAL, (tenantId) => (typeof tenantId === "number" ? zonesIn(db).delete(tenantId) : zonesIn(db).clear()));
