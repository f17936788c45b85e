import { inArray, sql } from "drizzle-orm";
import type { CompanyInfo } from "@/lib/contract/company";
import { companyApi, type ExpireWarnCurrent } from "@/lib/contract/system/company-settings";
import { companyInfo, departments, tenants, users } from "../../db/schema";
import type { Db } from "../../db/client";
import { platformOnly } from "../../lib/auth";
import { loadCompany, tenantZoneChanged } from "../../db/queries/company";
import { dayOf, daysLeft, EXPIRE_WARN_KEY, loadExpireWarn } from "../../lib/expire-warn";
import { fieldError, ok } from "../../lib/http";
import { PLATFORM_TENANT_ID } from "../../lib/menu-access";
import { loadPhoneSet, PHONE_SET_KEY } from "../../lib/phone-set";
import { saveSetting } from "../../db/queries/settings";
import { serve } from "../../lib/serve";
import { tenantOf, tenantScope } from "../../lib/scope";

/** Merges part of the company info into the tenant's document; "" means the built-in default. */
async function patchCompany(db: Db, tenantId: number, patch: Partial<CompanyInfo>, now: Date) {
  const data = JSON.stringify(patch);
  await db
    .insert(companyInfo)
    .values({ tenantId, data: patch, updatedAt: now })
    .onConflictDoUpdate({ target: companyInfo.tenantId, set: { data: sql`${companyInfo.data} || ${data}::jsonb`, updatedAt: now } });
}

/** Optional form values to the document's strings. */
const str = (v: string | null | undefined) => v ?? "";

/** Exemptions name users and departments of the caller's tenant only. */
async function assertOwned(db: Db, tenantId: number, userIds: number[], departmentIds: number[]) {
  const check = async (field: string, ids: number[], found: { id: number }[]) => {
    if (new Set(found.map((r) => r.id)).size !== new Set(ids).size) throw fieldError(field, "validation.invalidOption");
  };
  if (userIds.length) await check("exemptUserIds", userIds, await db.select({ id: users.id }).from(users).where(tenantOf(tenantId).where(users, inArray(users.id, userIds))));
  if (departmentIds.length)
    await check("exemptDepartmentIds", departmentIds, await db.select({ id: departments.id }).from(departments).where(tenantOf(tenantId).where(departments, inArray(departments.id, departmentIds))));
}

export const companyServed = [
  serve(companyApi.info, async (c) => {
    const { db } = c.var.deps;
    const tenantId = c.var.auth.tenantId;
    const [company, encrypt] = await Promise.all([loadCompany(db, tenantId), loadPhoneSet(db, tenantId)]);
    return { ...company, encrypt };
  }),
  serve(companyApi.saveComp, async (c, input) => {
    const patch = { compName: str(input.compName), compLogo: str(input.compLogo), compNameShort: str(input.compNameShort), compLogoShort: str(input.compLogoShort) };
    await patchCompany(c.var.deps.db, c.var.auth.tenantId, patch, c.var.deps.now());
    return ok(c, await loadCompany(c.var.deps.db, c.var.auth.tenantId), "cloud.saved");
  }),
  serve(companyApi.saveLogin, async (c, input) => {
    const patch = {
      loginText: str(input.loginText),
      loginLink: str(input.loginLink),
      loginBanner: JSON.stringify(input.loginBanner),
      loginLogo: str(input.loginLogo),
      loginBackdrop: str(input.loginBackdrop),
    };
    await patchCompany(c.var.deps.db, c.var.auth.tenantId, patch, c.var.deps.now());
    return ok(c, await loadCompany(c.var.deps.db, c.var.auth.tenantId), "cloud.saved");
  }),
  serve(companyApi.saveColor, async (c, { skinColor }) => {
    await patchCompany(c.var.deps.db, c.var.auth.tenantId, { skinColor }, c.var.deps.now());
    return ok(c, { skinColor }, "cloud.saved");
  }),
  serve(companyApi.saveTimeZone, async (c, { timeZone }) => {
    await patchCompany(c.var.deps.db, c.var.auth.tenantId, { timeZone }, c.var.deps.now());
    await tenantZoneChanged(c.var.deps.db, c.var.auth.tenantId, c.var.deps.cluster);
    // Linkage timers run on the tenant's clock: armed again on the new one.
    await c.var.deps.linkage?.invalidate();
    return ok(c, { timeZone }, "cloud.saved");
  }),
  serve(companyApi.saveEncrypt, async (c, input) => {
    const { db, now } = c.var.deps;
    const set = { ...input, exemptUserIds: [...new Set(input.exemptUserIds)], exemptDepartmentIds: [...new Set(input.exemptDepartmentIds)] };
    await assertOwned(db, c.var.auth.tenantId, set.exemptUserIds, set.exemptDepartmentIds);
    await saveSetting(db, c.var.auth.tenantId, PHONE_SET_KEY, set, now());
    return ok(c, set, "cloud.saved");
  }),
  serve(companyApi.expireWarn, (c) => loadExpireWarn(c.var.deps.db), platformOnly),
  serve(
    companyApi.saveExpireWarn,
    async (c, input) => {
      await saveSetting(c.var.deps.db, PLATFORM_TENANT_ID, EXPIRE_WARN_KEY, input, c.var.deps.now());
      return ok(c, input, "cloud.saved");
    },
    platformOnly,
  ),
  serve(companyApi.expireWarnCurrent, async (c) => {
    const { db, now } = c.var.deps;
    const none: ExpireWarnCurrent = { show: false, daysLeft: null, contractEnd: null };
    if (c.var.auth.isPlatform) return none;
    const [tenant] = await db.select({ contractEnd: tenants.contractEnd }).from(tenants).where(tenantScope(c.var.auth).self());
    if (!tenant?.contractEnd) return none;
    const warn = await loadExpireWarn(db);
    const left = daysLeft(tenant.contractEnd, now());
    return { show: warn.enabled && left >= 0 && left <= warn.days, daysLeft: left, contractEnd: dayOf(tenant.contractEnd) };
  }),
];
