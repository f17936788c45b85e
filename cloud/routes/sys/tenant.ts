import { and, eq, gte, ilike, isNull, like, lte, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { Code } from "@/lib/contract/envelope";
import { checkPassword } from "@/lib/contract/password-check";
import { defaultPwdPolicy } from "@/lib/contract/pwd-policy";
import {
  tenantApi,
  type TenantRow,
  type TenantStatus,
} from "@/lib/contract/system/tenant";
import { companyInfo, departments, menus, projects, roleMenus, roles, storedFiles, tenantMenus, tenants, tokens, userRoles, users } from "../../db/schema";
import type { Db } from "../../db/client";
import { platformOnly, revokeUserTokens } from "../../lib/auth";
import { hashPassword } from "../../lib/crypto";
import { areaName } from "../../lib/area-names";
import { contractEndOf, contractStartOf, dayOf } from "../../lib/expire-warn";
import { AppError, badRequest, notFound, ok } from "../../lib/http";
import { serve } from "../../lib/serve";
import { recipientLocale, t } from "../../lib/i18n";
import { ADMIN_ROLE, PLATFORM_TENANT_ID, withAncestors } from "../../lib/menu-access";
import { ensureRootDepartment, rootDepartment } from "../../db/queries/org";
import { setPassword } from "../../lib/passwords";
import { tenantOf } from "../../lib/scope";
import { containsPattern } from "../../lib/crud";
import { localized, textColumns } from "../../lib/i18n-text";
import type { Locale } from "@/lib/contract/locale";

const admin = alias(users, "admin");
// The outer column is spelled out: a single-table query renders columns unqualified, and a bare
// "id" inside the subquery would mean the inner table's.
const userNums = sql<number>`(select count(*)::int from ${users} u where u.tenant_id = "tenants"."id")`;
const projectNums = sql<number>`(select count(*)::int from ${projects} p where p.tenant_id = "tenants"."id")`;
const storageUsed = sql<number>`(select coalesce(sum(f.size), 0)::float8 from ${storedFiles} f where f.tenant_id = "tenants"."id")`;
const MB = 1024 * 1024;
/** Customer tenants: the platform itself is not managed on this screen. */
const customer = ne(tenants.id, PLATFORM_TENANT_ID);

function statusOf(r: { enabled: number; contractStart: Date | null; contractEnd: Date | null }, now: Date): TenantStatus {
  if (r.enabled !== 1) return 2;
  if (r.contractEnd && r.contractEnd < now) return 3;
  if (r.contractStart && r.contractStart > now) return 0;
  return 1;
}

async function selectRows(db: Db, locale: Locale, now: Date, quotaMb: number, where: SQL | undefined, page?: { size: number; offset: number }): Promise<TenantRow[]> {
  const q = db
    .select({ tenant: tenants, username: admin.username, adminStatus: admin.enabled, userNums, projectNums, storageUsed })
    .from(tenants)
    .leftJoin(admin, eq(admin.id, tenants.adminUserId))
    .where(where)
    .orderBy(sql`${tenants.id} desc`);
  const rows = page ? await q.limit(page.size).offset(page.offset) : await q;
  return rows.map(({ tenant, ...rest }) => ({ r: localized(locale, tenant), rest })).map(({ r, rest }) => ({
    id: r.id,
    name: r.name,
    code: r.code,
    enabled: r.enabled,
    status: statusOf(r, now),
    areaCode: r.areaCode,
    areaName: r.areaName,
    contact: r.contact,
    contactPhone: r.contactPhone,
    contractNo: r.contractNo,
    contractStart: dayOf(r.contractStart),
    contractEnd: dayOf(r.contractEnd),
    contractFile: r.contractFile,
    adminUserId: r.adminUserId,
    username: rest.username,
    adminStatus: rest.adminStatus,
    userNums: rest.userNums,
    projectNums: rest.projectNums,
    storageUsedMb: Math.round((rest.storageUsed / MB) * 100) / 100,
    storageQuotaMb: quotaMb,
    createTime: r.createdAt.toISOString(),
    i18n: r.i18n,
  }));
}

/** Form values to columns; the area's names come from the area tree, never from the body. */
function columns(b: { name: string; code: string; areaCode?: string | null; contact?: string | null; contactPhone?: string | null; contractNo?: string | null; contractStart?: string | null; contractEnd?: string | null; contractFile?: string | null }) {
  const names = b.areaCode ? areaName(b.areaCode) : null;
  if (b.areaCode && !names) throw badRequest("cloud.areaUnknown", { code: b.areaCode });
  return {
    name: b.name,
    code: b.code,
    areaCode: b.areaCode || null,
    areaName: names,
    contact: b.contact || null,
    contactPhone: b.contactPhone || null,
    contractNo: b.contractNo || null,
    contractStart: b.contractStart ? contractStartOf(b.contractStart) : null,
    contractEnd: b.contractEnd ? contractEndOf(b.contractEnd) : null,
    contractFile: b.contractFile || null,
  };
}

async function assertCodeFree(db: Db, code: string, except?: number) {
  const [taken] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(sql`lower(${tenants.code}) = lower(${code})`, except ? ne(tenants.id, except) : undefined))
    .limit(1);
  if (taken) throw new AppError(Code.CONFLICT, "cloud.tenantCodeTaken", { code });
}

/** A customer tenant by id, or 404; the platform tenant is refused with its own message. */
async function customerTenant(db: Db, id: number) {
  if (id === PLATFORM_TENANT_ID) throw badRequest("cloud.platformTenantLocked");
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  if (!row) throw notFound();
  return row;
}

/** Menu authorisation: only nodes of the `tenant` tree, with the folders above them. */
async function authorisedSet(db: Db, menuIds: number[] | undefined): Promise<number[]> {
  const tree = await db.select({ id: menus.id }).from(menus).where(eq(menus.scope, "tenant"));
  if (menuIds === undefined) return tree.map((m) => m.id);
  const inTree = new Set(tree.map((m) => m.id));
  if (menuIds.some((id) => !inTree.has(id))) throw badRequest("cloud.menuNotTenant");
  return [...(await withAncestors(db, new Set(menuIds), "tenant"))];
}

async function replaceAuth(db: Db, tenantId: number, menuIds: number[]) {
  await db.delete(tenantMenus).where(tenantOf(tenantId).where(tenantMenus));
  if (menuIds.length) await db.insert(tenantMenus).values(menuIds.map((menuId) => ({ tenantId, menuId })));
}

type Execute = { rows: Record<string, unknown>[] };

/**
 * Removes every row of a tenant: each table with a `tenant_id` column, children before the
 * tables they reference (read from the catalogue, so tables added later are covered), then the
 * tenant. Rows without a tenant column (history, memberships, tickets) go by cascade.
 */
async function purgeTenant(db: Db, tenantId: number) {
  const owned = ((await db.execute(sql`
    select c.table_name as name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.column_name = 'tenant_id' and c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name <> 'tenants'`)) as unknown as Execute).rows.map((r) => String(r.name));
  const edges = ((await db.execute(sql`
    select child.relname as child, parent.relname as parent from pg_constraint k
    join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
    where k.contype = 'f' and child.relnamespace = (select oid from pg_namespace where nspname = current_schema())`)) as unknown as Execute).rows.map(
    (r) => [String(r.child), String(r.parent)] as const,
  );
  const left = new Set(owned);
  while (left.size) {
    // A table goes once no other remaining table references it; a cycle falls back to any order.
    const referenced = new Set(edges.filter(([c, p]) => c !== p && left.has(c)).map(([, p]) => p));
    const ready = [...left].filter((n) => !referenced.has(n));
    for (const name of ready.length ? ready : [...left]) {
      await db.execute(sql`delete from ${sql.identifier(name)} where tenant_id = ${tenantId}`);
      left.delete(name);
    }
  }
  await db.delete(tenants).where(tenantOf(tenantId).self());
}

async function adminOf(db: Db, tenantId: number) {
  const tenant = await customerTenant(db, tenantId);
  const [user] = tenant.adminUserId ? await db.select().from(users).where(and(eq(users.id, tenant.adminUserId), tenantOf(tenant.id).where(users))) : [];
  if (!user) throw badRequest("cloud.tenantNoAdmin");
  return { tenant, user };
}

/** The platform's tenants: every call is the platform's alone, checked beside the call's own code or screen. */
export const tenantServed = [
  serve(tenantApi.page, async (c, q) => {
    const where = and(
      customer,
      q.name ? ilike(tenants.name, containsPattern(q.name)) : undefined,
      q.enabled ? eq(tenants.enabled, q.enabled) : undefined,
      q.areaCode ? like(tenants.areaCode, `${q.areaCode}%`) : undefined,
      q.contractStart ? gte(tenants.contractStart, contractStartOf(q.contractStart)) : undefined,
      q.contractEnd ? lte(tenants.contractEnd, contractEndOf(q.contractEnd)) : undefined,
    );
    const db = c.var.deps.db;
    const [records, [{ total }]] = await Promise.all([
      selectRows(db, c.var.locale, c.var.deps.now(), c.var.deps.config.storageQuotaMb, where, { size: q.size, offset: (q.current - 1) * q.size }),
      db.select({ total: sql<number>`count(*)::int` }).from(tenants).where(where),
    ]);
    return { records, total };
  }, platformOnly),
  serve(tenantApi.info, async (c, { id }) => {
    const db = c.var.deps.db;
    const [row] = await selectRows(db, c.var.locale, c.var.deps.now(), c.var.deps.config.storageQuotaMb, eq(tenants.id, id));
    if (!row) throw notFound();
    const auth = await db.select({ id: tenantMenus.menuId }).from(tenantMenus).where(tenantOf(id).where(tenantMenus));
    return { ...row, menuIds: auth.map((a) => a.id) };
  }, platformOnly),
  serve(tenantApi.add, async (c, input) => {
    const deps = c.var.deps;
    const values = columns(input);
    // A new tenant has the default policy until its administrator changes it.
    const policy = defaultPwdPolicy;
    const who = { username: input.username, realname: input.contact, phone: input.contactPhone };
    const violations = checkPassword(input.password, policy.complexity, who);
    if (violations.length) {
      throw new AppError(Code.BAD_REQUEST, "cloud.passwordPolicy", {
        reasons: violations.map((v) => `@${v.key}`).join("|"),
        ...violations.reduce((acc, v) => ({ ...acc, ...v.values }), {}),
      });
    }
    const menuIds = await authorisedSet(deps.db, input.menuIds);
    const passwordHash = await hashPassword(input.password);
    const now = deps.now();
    const id = await deps.db.transaction(async (db) => {
      await assertCodeFree(db, input.code);
      const [tenant] = await db.insert(tenants).values({ ...values, ...textColumns(c.var.locale, undefined, input), createdAt: now, updatedAt: now }).returning({ id: tenants.id });
      const root = await ensureRootDepartment(db, tenant.id, input.name);
      const [user] = await db
        .insert(users)
        .values({
          tenantId: tenant.id,
          username: input.username,
          passwordHash,
          realname: input.contact || input.name,
          phone: input.contactPhone || null,
          departmentId: root,
          mustChangePwd: policy.init.forceChange,
          pwdChangedAt: now,
        })
        .returning({ id: users.id });
      const [role] = await db
        .insert(roles)
        .values({ tenantId: tenant.id, name: t(c.var.locale, "cloud.tenantAdminRole"), code: ADMIN_ROLE.tenant, kind: 2 })
        .returning({ id: roles.id });
      await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
      // Like the seeded administrator role it holds the whole tenant tree; what the tenant may
      // use is cut down by its authorisation (`effectiveMenuIds`).
      const tree = await db.select({ id: menus.id }).from(menus).where(eq(menus.scope, "tenant"));
      if (tree.length) await db.insert(roleMenus).values(tree.map((m) => ({ roleId: role.id, menuId: m.id })));
      await db.update(tenants).set({ adminUserId: user.id }).where(eq(tenants.id, tenant.id));
      await db.insert(companyInfo).values({ tenantId: tenant.id, data: { compName: input.name } });
      await replaceAuth(db, tenant.id, menuIds);
      return tenant.id;
    });
    const [row] = await selectRows(deps.db, c.var.locale, now, deps.config.storageQuotaMb, eq(tenants.id, id));
    return row;
  }, platformOnly),
  serve(tenantApi.upd, async (c, input) => {
    const deps = c.var.deps;
    const before = await customerTenant(deps.db, input.id);
    const values = { ...columns(input), ...textColumns(c.var.locale, before.i18n, input) };
    await deps.db.transaction(async (db) => {
      await assertCodeFree(db, input.code, input.id);
      await db.update(tenants).set({ ...values, updatedAt: deps.now() }).where(eq(tenants.id, input.id));
      // The root department is the company itself: it carries the tenant's name.
      if (before.name !== values.name) {
        const [root] = await rootDepartment(db, input.id);
        if (root) await db.update(departments).set({ departmentName: values.name, updatedAt: deps.now() }).where(eq(departments.id, root.id));
      }
    });
    const [row] = await selectRows(deps.db, c.var.locale, deps.now(), deps.config.storageQuotaMb, eq(tenants.id, input.id));
    return row;
  }, platformOnly),
  serve(tenantApi.del, async (c, { ids }) => {
    const db = c.var.deps.db;
    const targets: Awaited<ReturnType<typeof customerTenant>>[] = [];
    for (const id of ids) targets.push(await customerTenant(db, id));
    // Refuse the whole request before removing anything: a tenant still in use is named.
    for (const tenant of targets) {
      const [{ others }] = await db
        .select({ others: sql<number>`count(*)::int` })
        .from(users)
        .where(tenantOf(tenant.id).where(users, tenant.adminUserId ? ne(users.id, tenant.adminUserId) : undefined));
      if (others) throw badRequest("cloud.tenantHasUsers", { name: tenant.name, count: others });
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(projects).where(tenantOf(tenant.id).where(projects));
      if (n) throw badRequest("cloud.tenantHasProjects", { name: tenant.name, count: n });
    }
    await db.transaction(async (tx) => {
      for (const tenant of targets) await purgeTenant(tx, tenant.id);
    });
    return { deleted: targets.length };
  }, platformOnly),
  serve(tenantApi.openOrClose, async (c, { id, status }) => {
    const deps = c.var.deps;
    await customerTenant(deps.db, id);
    const now = deps.now();
    await deps.db.update(tenants).set({ enabled: status, updatedAt: now }).where(eq(tenants.id, id));
    // Every session of the tenant ends at once (the token check also looks at the tenant).
    if (status !== 1) await deps.db.update(tokens).set({ revokedAt: now }).where(tenantOf(id).where(tokens, isNull(tokens.revokedAt)));
    return null;
  }, platformOnly),
  serve(tenantApi.adminStatus, async (c, { id, status }) => {
    const deps = c.var.deps;
    const { user } = await adminOf(deps.db, id);
    const now = deps.now();
    await deps.db.update(users).set({ enabled: status, updatedAt: now }).where(eq(users.id, user.id));
    if (status !== 1) await revokeUserTokens(deps.db, user.id, now);
    return null;
  }, platformOnly),
  serve(tenantApi.updAuth, async (c, input) => {
    const db = c.var.deps.db;
    await customerTenant(db, input.id);
    const menuIds = await authorisedSet(db, input.menuIds);
    await db.transaction(async (tx) => replaceAuth(tx, input.id, menuIds));
    return { menuIds };
  }, platformOnly),
  serve(tenantApi.resetPwd, async (c, input) => {
    const deps = c.var.deps;
    const { tenant, user } = await adminOf(deps.db, input.id);
    const notify = input.notifyFlag === 1;
    const target = user.email ? { channel: "email" as const, target: user.email } : user.phone ? { channel: "sms" as const, target: user.phone } : null;
    if (notify && !target) throw badRequest("cloud.notifyNoContact");
    await setPassword(deps, user, input.password, { mustChange: input.changePwdFlag === 2 });
    if (notify && target) {
      const values = { tenant: tenant.name, username: user.username, password: input.password };
      // In the administrator's language (the platform's caller's for one who never signed in).
      const locale = recipientLocale(user, c.var.locale);
      await deps.delivery.send({ ...target, subject: t(locale, "cloud.pwdNoticeSubject"), body: t(locale, "cloud.pwdNotice", values) });
    }
    return ok(c, null, "cloud.passwordReset");
  }, platformOnly),
];
