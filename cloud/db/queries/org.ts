import { and, eq, inArray, isNull, ne, type SQL } from "drizzle-orm";
import type { I18nTexts } from "@/lib/contract/i18n-text";
import type { Db } from "../client";
import { departments, roles, users } from "../schema";
import type { Auth } from "../../lib/context";
import { badRequest, notFound } from "../../lib/http";
import { ADMIN_ROLE, scopeOf } from "../../lib/menu-access";
import { tenantOf } from "../../lib/scope";

/**
 * The tenant's root department, the company itself (core §6): created with the tenant, named
 * after it. Called again it returns the existing root, so creating a tenant twice is harmless.
 */
export async function ensureRootDepartment(db: Db, tenantId: number, name: string | { departmentName: string; i18n: I18nTexts }): Promise<number> {
  const [root] = await rootDepartment(db, tenantId);
  if (root) return root.id;
  const named = typeof name === "string" ? { departmentName: name } : name;
  const [row] = await db
    .insert(departments)
    .values({ tenantId, parentId: null, ...named, departmentName: named.departmentName.slice(0, 64) })
    .returning({ id: departments.id });
  return row.id;
}

export function rootDepartment(db: Db, tenantId: number) {
  return db.select().from(departments).where(tenantOf(tenantId).where(departments, isNull(departments.parentId))).limit(1);
}

/** A department and every department below it (for filters "in this department"). */
export async function departmentAndDescendants(db: Db, tenantId: number, id: number): Promise<number[]> {
  const all = await db.select({ id: departments.id, parentId: departments.parentId }).from(departments).where(tenantOf(tenantId).where(departments));
  const children = new Map<number, number[]>();
  for (const d of all) if (d.parentId !== null) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
  if (!all.some((d) => d.id === id)) return [];
  const out: number[] = [];
  for (const stack = [id]; stack.length; ) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

/** Checks that every id is a user of the tenant: another tenant's user is "not found". */
export async function assertTenantUsers(db: Db, tenantId: number, ids: number[]) {
  if (!ids.length) return;
  const unique = [...new Set(ids)];
  const found = await db.select({ id: users.id }).from(users).where(tenantOf(tenantId).where(users, inArray(users.id, unique)));
  if (found.length !== unique.length) throw notFound();
}

/**
 * A user cannot take away their own last administrator role (`admin` on the platform,
 * `tenantAdmin` in a tenant): nobody would be left to give it back. `remaining` are the role
 * ids the user would hold afterwards.
 */
export async function assertKeepsOwnAdmin(db: Db, auth: Pick<Auth, "userId" | "roleIds" | "tenantId">, userId: number, remaining: number[]) {
  if (userId !== auth.userId) return;
  const code = ADMIN_ROLE[scopeOf(auth.tenantId)];
  const admin = (ids: number[]) =>
    ids.length ? db.select({ id: roles.id }).from(roles).where(and(inArray(roles.id, ids), eq(roles.code, code), tenantOf(auth.tenantId).where(roles))) : Promise.resolve([]);
  const [before, after] = await Promise.all([admin(auth.roleIds), admin(remaining)]);
  if (before.length && !after.length) throw badRequest("cloud.lastAdminRole");
}

/** Username, phone and e-mail are each unique within a tenant (phone and e-mail log in and reset passwords). */
export async function assertUnique(db: Db, tenantId: number, fields: { username?: string; phone?: string | null; email?: string | null }, exceptId?: number) {
  const others = (cond: SQL) => db.select({ id: users.id }).from(users).where(tenantOf(tenantId).where(users, cond, exceptId ? ne(users.id, exceptId) : undefined)).limit(1);
  if (fields.username && (await others(eq(users.username, fields.username))).length) throw badRequest("cloud.usernameTaken", { username: fields.username });
  if (fields.phone && (await others(eq(users.phone, fields.phone))).length) throw badRequest("cloud.phoneTaken");
  if (fields.email && (await others(eq(users.email, fields.email))).length) throw badRequest("cloud.emailTaken");
}
