import { asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { checkPassword } from "@/lib/contract/password-check";
import { user, userApi, type UserRow, type UserUpdate } from "@/lib/contract/system/user";
import { departments, knowledgeNodes, roles, tenants, userRoles, users } from "../../db/schema";
import type { Db } from "../../db/client";
import { revokeUserTokens } from "../../lib/auth";
import { effectiveMenuIds, pathsOf } from "../../lib/menu-access";
import type { Auth, Ctx, Deps } from "../../lib/context";
import { hashPassword } from "../../lib/crypto";
import { AppError, badRequest, notFound, ok } from "../../lib/http";
import { recipientLocale, t } from "../../lib/i18n";
import { assertKeepsOwnAdmin, assertUnique, departmentAndDescendants } from "../../db/queries/org";
import { setPassword } from "../../lib/passwords";
import { loadPolicy } from "../../db/queries/passwords";
import { loadMasker, type Masker } from "../../lib/phone-set";
import { tenantScope } from "../../lib/scope";
import { containsPattern, pageOf } from "../../lib/crud";
import { crudRoutes } from "../../lib/crud-routes";
import { serve } from "../../lib/serve";
import { joinedText } from "../../lib/i18n-text";
import { textIn } from "@/lib/contract/i18n-text";
import type { Locale } from "@/lib/contract/locale";

type User = typeof users.$inferSelect;

const USER_SCREEN = "/systemSet/userSet";

/** Phones and e-mails as this viewer may see them: none without user management, unmasked for a
 *  user allowed to query phones (`updQueryPhone`), otherwise per the tenant's phoneSet and its
 *  exemptions. */
async function maskerFor(db: Db, auth: Auth): Promise<Masker & { contacts: boolean }> {
  // Pickers need names, not contacts: a viewer without the user screen sees no phone or e-mail.
  const screens = await pathsOf(db, await effectiveMenuIds(db, auth));
  if (!screens.has(USER_SCREEN)) return { phone: () => null, email: () => null, contacts: false };
  const [viewer] = await db.select({ queryPhone: users.queryPhone }).from(users).where(eq(users.id, auth.userId));
  if (viewer?.queryPhone === 1) return { phone: (v) => v, email: (v) => v, contacts: true };
  return { ...(await loadMasker(db, auth)), contacts: true };
}

/** Users as the console shows them, with department and role names, masked for the viewer. */
async function toRows(db: Db, auth: Auth, locale: Locale, list: User[]): Promise<UserRow[]> {
  if (!list.length) return [];
  const ids = list.map((u) => u.id);
  const deptIds = [...new Set(list.map((u) => u.departmentId).filter((d): d is number => d !== null))];
  const [held, depts, [tenant], mask] = await Promise.all([
    db.select({ userId: userRoles.userId, id: roles.id, name: roles.name, i18n: roles.i18n }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(inArray(userRoles.userId, ids)).orderBy(asc(roles.id)),
    deptIds.length ? db.select({ id: departments.id, name: departments.departmentName, i18n: departments.i18n }).from(departments).where(inArray(departments.id, deptIds)) : Promise.resolve([]),
    db.select({ adminUserId: tenants.adminUserId }).from(tenants).where(tenantScope(auth).self()),
    maskerFor(db, auth),
  ]);
  const deptName = new Map(depts.map((d) => [d.id, textIn(locale, d.name, d.i18n?.departmentName)]));
  return list.map((u) => {
    const mine = held.filter((h) => h.userId === u.id);
    return {
      id: u.id,
      username: u.username,
      realname: textIn(locale, u.realname, u.i18n?.realname),
      employeeNo: u.employeeNo,
      sex: u.sex,
      position: u.position && textIn(locale, u.position, u.i18n?.position),
      phone: mask.phone(u.phone),
      landline: mask.contacts ? u.landline : null,
      email: mask.email(u.email),
      avatar: u.avatar,
      departmentId: u.departmentId,
      departmentName: u.departmentId === null ? null : (deptName.get(u.departmentId) ?? null),
      roleIds: mine.map((h) => h.id),
      roleNames: mine.map((h) => textIn(locale, h.name, h.i18n?.name)),
      enabled: u.enabled === 1 ? 1 : 2,
      userIdentity: u.userIdentity,
      queryPhone: u.queryPhone,
      tenantAdmin: tenant?.adminUserId === u.id,
      createTime: u.createdAt.toISOString(),
      i18n: u.i18n ?? null,
    };
  });
}

/** One of the caller's tenant's users; another tenant's is "not found". */
async function ownUser(db: Db, auth: Auth, id: number): Promise<User> {
  const [u] = await db.select().from(users).where(tenantScope(auth).where(users, eq(users.id, id)));
  if (!u) throw notFound();
  return u;
}

/** The department named in a form must be one of the caller's tenant's. */
async function assertDepartment(db: Db, auth: Auth, departmentId: number) {
  const [dept] = await db.select({ id: departments.id }).from(departments).where(tenantScope(auth).where(departments, eq(departments.id, departmentId)));
  if (!dept) throw notFound();
}

/** Roles given to a user must be the caller's tenant's user-side roles: platform users hold
 *  management roles, the platform's tenant roles go to tenants. */
async function assertRoles(db: Db, auth: Auth, roleIds: number[] | undefined) {
  if (!roleIds?.length) return;
  const unique = [...new Set(roleIds)];
  const kind = auth.isPlatform ? eq(roles.kind, 1) : undefined;
  const found = await db.select({ id: roles.id }).from(roles).where(tenantScope(auth).where(roles, inArray(roles.id, unique), kind));
  if (found.length !== unique.length) throw notFound();
}

/** A new set of roles for a user: roles the caller may give, and the caller never loses their own administration. */
async function assertRoleChange(db: Db, auth: Auth, userId: number, roleIds: number[] | undefined) {
  if (!roleIds) return;
  await assertRoles(db, auth, roleIds);
  await assertKeepsOwnAdmin(db, auth, userId, roleIds);
}

async function setRoles(db: Db, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
}

/** Columns from a user form. Phone and e-mail left out (or sent back masked, which the contract
 *  reads as left out) stay undefined, which Drizzle skips in an update: the stored ones are kept. */
const profile = (b: { realname: string; employeeNo?: string | null; sex?: number | "" | null; position?: string | null; phone?: string | null; landline?: string | null; email?: string | null; avatar?: string | null; departmentId: number }) => ({
  realname: b.realname,
  employeeNo: b.employeeNo || null,
  sex: b.sex === "" || b.sex == null ? null : b.sex,
  position: b.position || null,
  phone: b.phone === undefined ? undefined : b.phone || null,
  landline: b.landline || null,
  email: b.email === undefined ? undefined : b.email || null,
  avatar: b.avatar || null,
  departmentId: b.departmentId,
});

/** Sends a user their new password by SMS and e-mail, whichever they have, in their language (the sender's for a user who never signed in). */
async function notifyPassword(c: Ctx, user: Pick<User, "username" | "phone" | "email" | "language">, password: string) {
  const deps: Deps = c.var.deps;
  const locale = recipientLocale(user, c.var.locale);
  const text = t(locale, "cloud.passwordNotice", { username: user.username, password });
  const subject = t(locale, "cloud.passwordNoticeSubject");
  if (user.phone) await deps.delivery.send({ channel: "sms", target: user.phone, subject, body: text });
  if (user.email) await deps.delivery.send({ channel: "email", target: user.email, subject, body: text });
}

/**
 * upd and del from the toolkit: an update checks contacts, department and roles, writes the roles
 * in its transaction and answers the row masked for the viewer; a delete names only the caller's
 * tenant's users and never the caller, the tenant's administrator or an owner of knowledge.
 */
export const userServed = [
  ...crudRoutes({
    table: users,
    entity: user,
    // page, info, add and openOrClose are the user screen's own (masked answers, password policy, sessions).
    calls: { upd: userApi.upd, del: userApi.del },
    values: async (c, values, _partial, before) => {
      const input = values as UserUpdate;
      const { db } = c.var.deps;
      const id = (before as User).id;
      await assertUnique(db, c.var.auth.tenantId, { phone: input.phone, email: input.email }, id);
      await assertDepartment(db, c.var.auth, input.departmentId);
      await assertRoleChange(db, c.var.auth, id, input.roleIds);
      return profile(input);
    },
    afterSave: async (tx, _c, row, input) => {
      if (input.roleIds) await setRoles(tx, row.id as number, input.roleIds as number[]);
    },
    answer: (c, rows) => toRows(c.var.deps.db, c.var.auth, c.var.locale, rows as User[]),
    allOrNone: true,
    beforeDelete: async (c, ids) => {
      const { db } = c.var.deps;
      const auth = c.var.auth;
      if (ids.includes(auth.userId)) throw badRequest("cloud.cannotDeleteSelf");
      const [tenant] = await db.select({ adminUserId: tenants.adminUserId }).from(tenants).where(tenantScope(auth).self());
      if (tenant?.adminUserId && ids.includes(tenant.adminUserId)) throw badRequest("cloud.cannotDeleteTenantAdmin");
      // Knowledge bases, folders and files keep their owner: hand them over (change owner) first.
      const [owned] = await db.select({ n: count() }).from(knowledgeNodes).where(inArray(knowledgeNodes.ownerId, ids));
      if (owned.n) throw badRequest("cloud.userOwnsKnowledge", { count: owned.n });
    },
  }),
  serve(userApi.page, async (c, q) => {
    const db = c.var.deps.db;
    const auth = c.var.auth;
    const conds: (SQL | undefined)[] = [];
    if (q.keyword) {
      const like = containsPattern(q.keyword);
      conds.push(or(ilike(users.username, like), ilike(users.realname, like), ilike(users.phone, like)));
    }
    if (q.departmentId) {
      const ids = await departmentAndDescendants(db, auth.tenantId, q.departmentId);
      if (!ids.length) return { records: [], total: 0 };
      conds.push(inArray(users.departmentId, ids));
    }
    if (q.enabled) conds.push(q.enabled === 1 ? eq(users.enabled, 1) : ne(users.enabled, 1));
    const where = tenantScope(auth).where(users, ...conds);
    const { records: list, total } = await pageOf(db, users, where, [desc(users.id)], q);
    return { records: await toRows(db, auth, c.var.locale, list), total };
  }),
  serve(userApi.departmentUsers, async (c, { departmentId }) => {
    const db = c.var.deps.db;
    const [department] = await db
      .select({ id: departments.id, departmentName: joinedText(c.var.locale, departments.departmentName, departments.i18n, "departmentName"), parentId: departments.parentId })
      .from(departments)
      .where(tenantScope(c.var.auth).where(departments, eq(departments.id, departmentId)));
    if (!department) throw notFound();
    const list = await db.select().from(users).where(tenantScope(c.var.auth).where(users, eq(users.departmentId, departmentId))).orderBy(asc(users.id));
    return { department, users: await toRows(db, c.var.auth, c.var.locale, list) };
  }),
  serve(userApi.info, async (c, { id }) => {
    const [row] = await toRows(c.var.deps.db, c.var.auth, c.var.locale, [await ownUser(c.var.deps.db, c.var.auth, id)]);
    return row;
  }),
  serve(userApi.byUsername, async (c, { username }) => {
    const [u] = await c.var.deps.db.select().from(users).where(tenantScope(c.var.auth).where(users, eq(users.username, username)));
    if (!u) throw notFound();
    const [row] = await toRows(c.var.deps.db, c.var.auth, c.var.locale, [u]);
    return row;
  }),
  serve(userApi.add, async (c, input) => {
    const deps = c.var.deps;
    const auth = c.var.auth;
    await assertUnique(deps.db, auth.tenantId, input);
    await assertDepartment(deps.db, auth, input.departmentId);
    await assertRoles(deps.db, auth, input.roleIds);
    const policy = await loadPolicy(deps.db, auth.tenantId);
    const password = input.password || policy.init.password;
    if (!password) throw badRequest("cloud.initPasswordMissing");
    const violations = checkPassword(password, policy.complexity, input);
    if (violations.length) {
      throw new AppError(Code.BAD_REQUEST, "cloud.passwordPolicy", { reasons: violations.map((v) => `@${v.key}`).join("|"), ...Object.assign({}, ...violations.map((v) => v.values)) });
    }
    const passwordHash = await hashPassword(password);
    const now = deps.now();
    const row = await deps.db.transaction(async (db) => {
      const [u] = await db
        .insert(users)
        .values(tenantScope(auth).owned({ username: input.username, passwordHash, ...profile(input), mustChangePwd: policy.init.forceChange, pwdChangedAt: now, createdAt: now, updatedAt: now }))
        .returning();
      await setRoles(db, u.id, input.roleIds);
      return u;
    });
    if (policy.init.notify) await notifyPassword(c, row, password);
    const [out] = await toRows(deps.db, auth, c.var.locale, [row]);
    return out;
  }),
  serve(userApi.updAuth, async (c, input) => {
    const db = c.var.deps.db;
    const auth = c.var.auth;
    await ownUser(db, auth, input.id);
    await assertRoleChange(db, auth, input.id, input.roleIds);
    await setRoles(db, input.id, input.roleIds);
    return { id: input.id };
  }),
  serve(userApi.openOrClose, async (c, input) => {
    const deps = c.var.deps;
    if (input.status !== 1 && input.id === c.var.auth.userId) throw badRequest("cloud.cannotDisableSelf");
    await ownUser(deps.db, c.var.auth, input.id);
    await deps.db.update(users).set({ enabled: input.status, updatedAt: deps.now() }).where(eq(users.id, input.id));
    // A disabled user's sessions end now, not when their tokens expire.
    if (input.status !== 1) await revokeUserTokens(deps.db, input.id, deps.now());
    return { id: input.id, status: input.status };
  }),
  serve(userApi.updQueryPhone, async (c, input) => {
    const db = c.var.deps.db;
    await ownUser(db, c.var.auth, input.id);
    await db.update(users).set({ queryPhone: input.queryPhone, updatedAt: c.var.deps.now() }).where(eq(users.id, input.id));
    return { id: input.id, queryPhone: input.queryPhone };
  }),
  serve(userApi.resetPwd, async (c, input) => {
    const user = await ownUser(c.var.deps.db, c.var.auth, input.id);
    if (input.notifyFlag === 1 && !user.phone && !user.email) throw badRequest("cloud.noContact");
    await setPassword(c.var.deps, user, input.password, { mustChange: input.changePwdFlag === 2 });
    if (input.notifyFlag === 1) await notifyPassword(c, user, input.password);
    return ok(c, { id: user.id }, "cloud.saved");
  }),
  serve(userApi.updPwd, async (c, input) => {
    const auth = c.var.auth;
    if (input.id !== auth.userId) throw new AppError(Code.FORBIDDEN, "cloud.notOwnAccount");
    const user = await ownUser(c.var.deps.db, auth, input.id);
    await setPassword(c.var.deps, user, input.password, { keepTokens: true });
    // Other sessions end; the one the change was made from goes on.
    await revokeUserTokens(c.var.deps.db, user.id, c.var.deps.now(), auth.tokenHash);
    return ok(c, { id: user.id }, "cloud.saved");
  }),
];
