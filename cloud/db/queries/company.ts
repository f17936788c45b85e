import { defaultCompanyInfo, type CompanyInfo } from "@/lib/contract/company";
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
