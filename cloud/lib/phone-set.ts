import { eq } from "drizzle-orm";
import { defaultPhoneSet, maskEmail, maskPhone, phoneSet, type PhoneSet } from "@/lib/contract/system/company-settings";
import { departments, users } from "../db/schema";
import type { Db } from "../db/client";
import { loadSetting } from "../db/queries/settings";
import { tenantOf } from "./scope";

export const PHONE_SET_KEY = "encrypt";

/** The tenant's phone and e-mail masking (phoneSet screen, `sys/company/saveEncrypt`). */
export function loadPhoneSet(db: Db, tenantId: number): Promise<PhoneSet> {
  return loadSetting(db, tenantId, PHONE_SET_KEY, phoneSet, defaultPhoneSet);
}

export type Masker = { phone: (v: string | null) => string | null; email: (v: string | null) => string | null };

/**
 * How phones and e-mails look to one viewer: masked when the tenant masks them, unless the viewer
 * is exempt by name or belongs to an exempt department (or one below it).
 */
export async function loadMasker(db: Db, viewer: { tenantId: number; userId: number }): Promise<Masker> {
  const set = await loadPhoneSet(db, viewer.tenantId);
  const exempt = await isExempt(db, set, viewer);
  const phoneMasked = set.phoneMask && !exempt;
  const emailMasked = set.emailMask && !exempt;
  return {
    phone: (v) => (v && phoneMasked ? maskPhone(v) : v),
    email: (v) => (v && emailMasked ? maskEmail(v) : v),
  };
}

async function isExempt(db: Db, set: PhoneSet, viewer: { tenantId: number; userId: number }): Promise<boolean> {
  if (!set.phoneMask && !set.emailMask) return true;
  if (set.exemptUserIds.includes(viewer.userId)) return true;
  if (!set.exemptDepartmentIds.length) return false;
  const [u] = await db.select({ departmentId: users.departmentId }).from(users).where(eq(users.id, viewer.userId));
  if (!u?.departmentId) return false;
  const all = await db.select({ id: departments.id, parentId: departments.parentId }).from(departments).where(tenantOf(viewer.tenantId).where(departments));
  const parent = new Map(all.map((d) => [d.id, d.parentId]));
  const exempt = new Set(set.exemptDepartmentIds);
  // Walk up from the viewer's department; the visited set guards against a cycle in bad data.
  for (let id: number | null | undefined = u.departmentId, seen = new Set<number>(); id != null && !seen.has(id); id = parent.get(id)) {
    if (exempt.has(id)) return true;
    seen.add(id);
  }
  return false;
}
