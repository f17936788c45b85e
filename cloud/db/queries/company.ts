import { defaultCompanyInfo, type CompanyInfo } from "@/lib/contract/company";
import { knownZone } from "@/lib/time-zone";
import { companyInfo, tenants } from "../schema";
import type { Db } from "../client";
import { tenantOf } from "../../lib/scope";

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

const ZONE_TTL_MS = 30_000;
const zones = new Map<number, { zone: string; until: number }>();

/**
 * A tenant's time zone (company settings; Asia/Shanghai by default): the days and months its
 * charts, statistics and reports are cut by. Kept 30 s per tenant (another instance's change shows
 * within that); this instance's save forgets it at once.
 */
export async function tenantZone(db: Db, tenantId: number, now = Date.now()): Promise<string> {
  const hit = zones.get(tenantId);
  if (hit && hit.until > now) return hit.zone;
  const [row] = await db.select({ data: companyInfo.data }).from(companyInfo).where(tenantOf(tenantId).where(companyInfo));
  const zone = knownZone((row?.data as Partial<CompanyInfo> | undefined)?.timeZone);
  zones.set(tenantId, { zone, until: now + ZONE_TTL_MS });
  return zone;
}

export const forgetTenantZone = (tenantId: number) => zones.delete(tenantId);
