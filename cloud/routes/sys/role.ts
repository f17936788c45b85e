import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";
import { RESERVED_ROLE_CODES, role, roleApi, type RoleAdd, type RoleKind, type RoleRow, type RoleTenantRow, type RoleUpdate, type RoleUserRow } from "@/lib/contract/system/role";
import { departments, roleMenus, roleTenants, roles, tenants, userRoles, users } from "../../db/schema";
import type { Db } from "../../db/client";
import { assertPerm, platformOnly } from "../../lib/auth";
import type { Auth, Ctx } from "../../lib/context";
import { badRequest, notFound } from "../../lib/http";
import { serve } from "../../lib/serve";
import { PLATFORM_TENANT_ID, effectiveMenuIds, grantableMenuIds, type MenuScope } from "../../lib/menu-access";
import { assertKeepsOwnAdmin, assertTenantUsers } from "../../db/queries/org";
import { tenantScope } from "../../lib/scope";
import { containsPattern, pageOf, pagedSelect, type Paging, type SelectedFields } from "../../lib/crud";
import { crudRoutes } from "../../lib/crud-routes";
import { joinedText, localized, textColumns } from "../../lib/i18n-text";
import type { Locale } from "@/lib/contract/locale";
import { tenantNameIn, userNameIn } from "../../db/queries/names";

type Role = typeof roles.$inferSelect;

/**
 * Which screen a role belongs to. The platform's kind-2 roles are tenant roles (tenantRoleSet,
 * assigned to tenants, `tenant` menu tree); every other role is a user-side role (roleSet,
 * assigned to users, the menu tree of its tenant's side).
 */
const isTenantRole = (r: Pick<Role, "tenantId" | "kind">) => r.tenantId === PLATFORM_TENANT_ID && r.kind === 2;
const permPrefix = (r: Pick<Role, "tenantId" | "kind">) => (isTenantRole(r) ? "sys:tenantRole" : "sys:role");
const menuScope = (r: Pick<Role, "tenantId" | "kind">): MenuScope => (r.tenantId === PLATFORM_TENANT_ID && r.kind === 1 ? "sys" : "tenant");
const builtIn = (r: Pick<Role, "code">) => (RESERVED_ROLE_CODES as readonly string[]).includes(r.code);

/** One of the caller's tenant's roles; another tenant's is "not found". */
async function ownRole(db: Db, auth: Auth, id: number): Promise<Role> {
  const [r] = await db.select().from(roles).where(tenantScope(auth).where(roles, eq(roles.id, id)));
  if (!r) throw notFound();
  return r;
}

/** A role assigned to users (the call's own code is roleSet's). */
async function userSideRole(db: Db, auth: Auth, id: number): Promise<Role> {
  const r = await ownRole(db, auth, id);
  if (isTenantRole(r)) throw notFound();
  return r;
}

/** A platform tenant role (the call's own code is tenantRoleSet's; the caller is on the platform: routes using it are platformOnly). */
async function tenantRole(db: Db, auth: Auth, id: number): Promise<Role> {
  const r = await ownRole(db, auth, id);
  if (!isTenantRole(r)) throw notFound();
  return r;
}

/** A role's menus must lie within what the caller may grant (their own authorisation). */
async function assertGrantable(db: Db, auth: Auth, scope: MenuScope, menuIds: number[]) {
  const grantable = await grantableMenuIds(db, auth, scope);
  if (menuIds.some((id) => !grantable.has(id))) throw badRequest("cloud.menuNotGrantable");
}

async function setMenus(db: Db, roleId: number, menuIds: number[]) {
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (menuIds.length) await db.insert(roleMenus).values([...new Set(menuIds)].map((menuId) => ({ roleId, menuId })));
}

/** Role codes are unique within a tenant, and the built-in administrators' codes are reserved. */
async function assertCode(db: Db, auth: Auth, code: string, exceptId?: number) {
  const [taken] = await db.select({ id: roles.id }).from(roles).where(tenantScope(auth).where(roles, eq(roles.code, code), exceptId ? ne(roles.id, exceptId) : undefined));
  if (taken) throw badRequest("cloud.roleCodeTaken", { code });
}

async function toRows(db: Db, locale: Locale, list: Role[]): Promise<RoleRow[]> {
  if (!list.length) return [];
  const ids = list.map((r) => r.id);
  const [userCounts, tenantCounts] = await Promise.all([
    db.select({ id: userRoles.roleId, n: count() }).from(userRoles).where(inArray(userRoles.roleId, ids)).groupBy(userRoles.roleId),
    db.select({ id: roleTenants.roleId, n: count() }).from(roleTenants).where(inArray(roleTenants.roleId, ids)).groupBy(roleTenants.roleId),
  ]);
  const members = new Map([...userCounts, ...tenantCounts].map((c) => [c.id, c.n]));
  return list.map((role) => localized(locale, role)).map((r) => ({
    id: r.id,
    name: r.name,
    code: r.code,
    kind: r.kind as RoleKind,
    remark: r.remark,
    builtIn: builtIn(r),
    memberCount: members.get(r.id) ?? 0,
    createTime: r.createdAt.toISOString(),
    i18n: r.i18n ?? null,
  }));
}

/** Edits name, code and remark; a built-in role keeps its code. */
async function updateRole(db: Db, auth: Auth, locale: Locale, role: Role, input: RoleUpdate, now: Date) {
  if (builtIn(role) && input.code !== role.code) throw badRequest("cloud.roleBuiltIn");
  if (!builtIn(role) && (RESERVED_ROLE_CODES as readonly string[]).includes(input.code)) throw badRequest("cloud.roleReserved", { code: input.code });
  await assertCode(db, auth, input.code, role.id);
  await db
    .update(roles)
    .set({ name: input.name, code: input.code, remark: input.remark || null, ...textColumns(locale, role.i18n, input), updatedAt: now })
    .where(eq(roles.id, role.id));
}

/** Sets a role's menus: the checked ids plus their half-checked parents, within the caller's grant. */
async function updateMenus(db: Db, auth: Auth, role: Role, menuIds: number[]) {
  // The built-in administrators have every menu of their side by definition.
  if (builtIn(role)) throw badRequest("cloud.roleBuiltIn");
  await assertGrantable(db, auth, menuScope(role), menuIds);
  await setMenus(db, role.id, menuIds);
}

/**
 * A page of a role's members (its users or its tenants) from `members`, the link table joined to
 * them: newest first, each `enabled` as 1 or 2 (a member's state may be stored otherwise).
 */
async function memberPage<R extends { enabled: number }>(members: (fields: SelectedFields) => PgSelect, fields: SelectedFields, where: SQL | undefined, order: PgColumn, q: Paging) {
  const total = members({ total: count() }).where(where);
  const page = await pagedSelect(members(fields).where(where).orderBy(desc(order)), total.then(([r]) => r.total as number), q);
  return { records: page.records.map((r) => ({ ...r, enabled: r.enabled === 1 ? 1 : 2 }) as R), total: page.total };
}

/** Takes users off a user-side role (several from the members dialog, one from a user's row); the caller keeps their own administration. */
async function removeUsers(c: Ctx, roleId: number, userIds: number[]) {
  const { db } = c.var.deps;
  const auth = c.var.auth;
  const role = await userSideRole(db, auth, roleId);
  await assertTenantUsers(db, auth.tenantId, userIds);
  if (userIds.includes(auth.userId)) await assertKeepsOwnAdmin(db, auth, auth.userId, auth.roleIds.filter((id) => id !== role.id));
  await db.delete(userRoles).where(and(eq(userRoles.roleId, role.id), inArray(userRoles.userId, userIds)));
  return { id: role.id };
}

/**
 * add and del from the toolkit, permitted by the roles' kinds (the declaration takes either screen's
 * code, the row's own is checked here): a new role's menus are written in its transaction, within
 * the caller's grant; the built-in administrators stay.
 */
export const roleServed = [
  ...crudRoutes({
    table: roles,
    entity: role,
    calls: { add: roleApi.add, del: roleApi.del },
    unique: [{ field: "code", error: (code) => badRequest("cloud.roleCodeTaken", { code }) }],
    values: async (c, values) => {
      const input = values as RoleAdd;
      const auth = c.var.auth;
      if (!auth.isPlatform && input.kind !== 2) throw badRequest("cloud.roleKindInvalid");
      const shape = { tenantId: auth.tenantId, kind: input.kind };
      await assertPerm(c.var.deps.db, auth, `${permPrefix(shape)}:add`);
      if ((RESERVED_ROLE_CODES as readonly string[]).includes(input.code)) throw badRequest("cloud.roleReserved", { code: input.code });
      await assertGrantable(c.var.deps.db, auth, menuScope(shape), input.menuIds);
      return {};
    },
    afterSave: (tx, _c, row, input) => setMenus(tx, row.id as number, input.menuIds as number[]),
    answer: (c, rows) => toRows(c.var.deps.db, c.var.locale, rows as Role[]),
    allOrNone: true,
    beforeDelete: async (c, ids) => {
      const { db } = c.var.deps;
      const targets = await db.select().from(roles).where(inArray(roles.id, ids));
      for (const prefix of new Set(targets.map(permPrefix))) await assertPerm(db, c.var.auth, `${prefix}:del`);
      if (targets.some(builtIn)) throw badRequest("cloud.roleBuiltIn");
    },
  }),
  serve(roleApi.page, async (c, q) => {
    const db = c.var.deps.db;
    const auth = c.var.auth;
    // A tenant only has its own tenant roles; the platform's default list is its management roles.
    const kind = auth.isPlatform ? (q.kind ?? 1) : 2;
    const pattern = q.name ? containsPattern(q.name) : "";
    const name = q.name ? or(ilike(roles.name, pattern), ilike(sql`${roles.i18n}->'name'->>${c.var.locale}`, pattern), ilike(roles.code, pattern)) : undefined;
    const where = tenantScope(auth).where(roles, eq(roles.kind, kind), name);
    const { records: list, total } = await pageOf(db, roles, where, [asc(roles.id)], q);
    return { records: await toRows(db, c.var.locale, list), total };
  }),
  serve(roleApi.info, async (c, { id }) => {
    const db = c.var.deps.db;
    const role = await ownRole(db, c.var.auth, id);
    const [row] = await toRows(db, c.var.locale, [role]);
    const menuIds = builtIn(role)
      ? [...(await effectiveMenuIds(db, { roleIds: [role.id] }))]
      : (await db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, role.id))).map((m) => m.id);
    return { ...row, menuIds: menuIds.sort((a, b) => a - b) };
  }),
  serve(roleApi.updUser, async (c, input) => {
    const db = c.var.deps.db;
    const role = await userSideRole(db, c.var.auth, input.id);
    await updateRole(db, c.var.auth, c.var.locale, role, input, c.var.deps.now());
    return { id: role.id };
  }),
  serve(roleApi.updTenant, async (c, input) => {
    const db = c.var.deps.db;
    const role = await tenantRole(db, c.var.auth, input.id);
    await updateRole(db, c.var.auth, c.var.locale, role, input, c.var.deps.now());
    return { id: role.id };
  }, platformOnly),
  serve(roleApi.updUserAuth, async (c, input) => {
    const db = c.var.deps.db;
    await updateMenus(db, c.var.auth, await userSideRole(db, c.var.auth, input.roleId), input.menuIds);
    return { id: input.roleId };
  }),
  serve(roleApi.updTenantAuth, async (c, input) => {
    const db = c.var.deps.db;
    await updateMenus(db, c.var.auth, await tenantRole(db, c.var.auth, input.roleId), input.menuIds);
    return { id: input.roleId };
  }, platformOnly),
  serve(roleApi.pageUser, async (c, q) => {
    const db = c.var.deps.db;
    const role = await ownRole(db, c.var.auth, q.roleId);
    if (isTenantRole(role)) throw notFound();
    const fields = { id: users.id, username: users.username, realname: userNameIn(c.var.locale), departmentName: joinedText(c.var.locale, departments.departmentName, departments.i18n, "departmentName"), enabled: users.enabled };
    const members = (f: SelectedFields) => db.select(f).from(userRoles).innerJoin(users, eq(users.id, userRoles.userId)).leftJoin(departments, eq(departments.id, users.departmentId)).$dynamic();
    const where = and(eq(userRoles.roleId, role.id), q.keyword ? or(ilike(users.username, containsPattern(q.keyword)), ilike(users.realname, containsPattern(q.keyword)), ilike(userNameIn(c.var.locale), containsPattern(q.keyword))) : undefined);
    return memberPage<RoleUserRow>(members, fields, where, users.id, q);
  }),
  serve(roleApi.addUser, async (c, input) => {
    const db = c.var.deps.db;
    const role = await userSideRole(db, c.var.auth, input.roleId);
    await assertTenantUsers(db, c.var.auth.tenantId, input.userIds);
    await db
      .insert(userRoles)
      .values([...new Set(input.userIds)].map((userId) => ({ userId, roleId: role.id })))
      .onConflictDoNothing();
    return { id: role.id };
  }),
  serve(roleApi.delUser, (c, input) => removeUsers(c, input.roleId, input.userIds)),
  serve(roleApi.delUserRole, (c, input) => removeUsers(c, input.roleId, [input.userId])),
  serve(roleApi.pageTenant, async (c, q) => {
    const db = c.var.deps.db;
    const role = await ownRole(db, c.var.auth, q.roleId);
    if (!isTenantRole(role)) throw notFound();
    const where = and(eq(roleTenants.roleId, role.id), q.keyword ? or(ilike(tenants.name, containsPattern(q.keyword)), ilike(tenants.code, containsPattern(q.keyword))) : undefined);
    const fields = { id: tenants.id, name: tenantNameIn(c.var.locale), code: tenants.code, enabled: tenants.enabled };
    const members = (f: SelectedFields) => db.select(f).from(roleTenants).innerJoin(tenants, eq(tenants.id, roleTenants.tenantId)).$dynamic();
    return memberPage<RoleTenantRow>(members, fields, where, tenants.id, q);
  }, platformOnly),
  serve(roleApi.addTenant, async (c, input) => {
    const db = c.var.deps.db;
    const role = await tenantRole(db, c.var.auth, input.roleId);
    const unique = [...new Set(input.tenantIds)];
    // The platform itself is authorised for its whole tree: it takes no tenant roles.
    const found = await db.select({ id: tenants.id }).from(tenants).where(and(inArray(tenants.id, unique), ne(tenants.id, PLATFORM_TENANT_ID)));
    if (found.length !== unique.length) throw notFound();
    await db
      .insert(roleTenants)
      .values(unique.map((tenantId) => ({ roleId: role.id, tenantId })))
      .onConflictDoNothing();
    return { id: role.id };
  }, platformOnly),
  serve(roleApi.delTenant, async (c, input) => {
    const db = c.var.deps.db;
    const role = await tenantRole(db, c.var.auth, input.roleId);
    await db.delete(roleTenants).where(and(eq(roleTenants.roleId, role.id), inArray(roleTenants.tenantId, input.tenantIds)));
    return { id: role.id };
  }, platformOnly),
];
