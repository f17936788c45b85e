import { and, eq, inArray } from "drizzle-orm";
import { menus, roleMenus, roleTenants, roles, tenantMenus } from "../db/schema";
import type { Db } from "../db/client";
import type { Auth } from "./context";
import { tenantOf } from "./scope";

/** Tenant 1 is the platform (the default `tId`). */
export const PLATFORM_TENANT_ID = 1;
export type MenuScope = "sys" | "tenant";
/** Built-in administrator roles: every menu of their side, within the tenant's authorisation. */
export const ADMIN_ROLE = { sys: "admin", tenant: "tenantAdmin" } as const;

export const scopeOf = (tenantId: number): MenuScope => (tenantId === PLATFORM_TENANT_ID ? "sys" : "tenant");

async function allMenuIds(db: Db, scope: MenuScope): Promise<Set<number>> {
  const rows = await db.select({ id: menus.id }).from(menus).where(eq(menus.scope, scope));
  return new Set(rows.map((r) => r.id));
}

async function roleMenuIds(db: Db, roleIds: number[], scope: MenuScope): Promise<Set<number>> {
  if (!roleIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: roleMenus.menuId })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(inArray(roleMenus.roleId, roleIds), eq(menus.scope, scope)));
  return new Set(rows.map((r) => r.id));
}

/**
 * A tenant's AUTHORISED menus: its explicit menu authorisation (`tenant_menus`, set on tenantSet)
 * ∪ the menus of the platform tenant roles assigned to it. The platform is authorised for its
 * whole `sys` tree.
 */
export async function authorisedMenuIds(db: Db, tenantId: number): Promise<Set<number>> {
  if (tenantId === PLATFORM_TENANT_ID) return allMenuIds(db, "sys");
  const [explicit, assigned] = await Promise.all([
    db.select({ id: tenantMenus.menuId }).from(tenantMenus).where(tenantOf(tenantId).where(tenantMenus)),
    db.select({ roleId: roleTenants.roleId }).from(roleTenants).where(tenantOf(tenantId).where(roleTenants)),
  ]);
  const viaRoles = await roleMenuIds(
    db,
    assigned.map((a) => a.roleId),
    "tenant",
  );
  return new Set([...explicit.map((e) => e.id), ...viaRoles]);
}

/**
 * The one answer to "which menus may this user use" (cloud-model): the menus of their roles —
 * all of their side for the built-in administrator role — and, outside the platform, only
 * those within the tenant's authorisation. The roles name the tenant: a user only ever holds
 * roles of their own tenant. Read on every request, so a role change shows at once.
 */
export async function effectiveMenuIds(db: Db, who: Pick<Auth, "roleIds">): Promise<Set<number>> {
  if (!who.roleIds.length) return new Set();
  const held = await db.select({ id: roles.id, tenantId: roles.tenantId, code: roles.code, kind: roles.kind }).from(roles).where(inArray(roles.id, who.roleIds));
  if (!held.length) return new Set();
  const tenantId = held[0].tenantId;
  const scope = scopeOf(tenantId);
  // Platform users hold management roles; platform tenant roles go to tenants, never to users.
  const own = held.filter((r) => r.tenantId === tenantId && (scope === "tenant" || r.kind === 1));
  const mine = own.some((r) => r.code === ADMIN_ROLE[scope]) ? await allMenuIds(db, scope) : await roleMenuIds(db, own.map((r) => r.id), scope);
  if (scope === "sys") return mine;
  const authorised = await authorisedMenuIds(db, tenantId);
  return new Set([...mine].filter((id) => authorised.has(id)));
}

/** Adds every ancestor of the given menus: a folder above a granted entry may be ticked too. */
export async function withAncestors(db: Db, ids: Set<number>, scope: MenuScope): Promise<Set<number>> {
  const rows = await db.select({ id: menus.id, parentId: menus.parentId }).from(menus).where(eq(menus.scope, scope));
  const parent = new Map(rows.map((r) => [r.id, r.parentId]));
  const out = new Set(ids);
  for (const id of ids) for (let p = parent.get(id); p != null && !out.has(p); p = parent.get(p)) out.add(p);
  return out;
}

/**
 * The menus the caller may put in a role of the given tree: their own effective menus (a
 * tenant administrator: the tenant's authorisation); the platform defines the tenant tree and
 * may grant all of it. Folders above a grantable menu count as grantable.
 */
export async function grantableMenuIds(db: Db, auth: Pick<Auth, "roleIds" | "isPlatform">, scope: MenuScope): Promise<Set<number>> {
  if (scope === "tenant" && auth.isPlatform) return allMenuIds(db, "tenant");
  if (scope === "sys" && !auth.isPlatform) return new Set();
  return withAncestors(db, await effectiveMenuIds(db, auth), scope);
}

/** The permission codes (button nodes) among the given menus. */
export async function codesOf(db: Db, ids: Set<number>): Promise<Set<string>> {
  if (!ids.size) return new Set();
  const rows = await db.select({ perms: menus.perms }).from(menus).where(inArray(menus.id, [...ids]));
  return new Set(rows.flatMap((r) => (r.perms ?? "").split(",").map((s) => s.trim())).filter(Boolean));
}

/** The entry paths among the given menus. */
export async function pathsOf(db: Db, ids: Set<number>): Promise<Set<string>> {
  if (!ids.size) return new Set();
  const rows = await db.select({ path: menus.path }).from(menus).where(inArray(menus.id, [...ids]));
  return new Set(rows.map((r) => r.path).filter((p): p is string => !!p));
}
