import { asc, count, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { idsBody } from "@/lib/contract/common";
import { departmentAdd, departmentUpdate, type DepartmentAdd, type DepartmentNode, type DepartmentUserNode } from "@/lib/contract/system/department";
import { departments, users } from "../../db/schema";
import type { Db } from "../../db/client";
import { requireAuth, requireMenu, requirePerm } from "../../lib/auth";
import type { CloudEnv } from "../../lib/context";
import { badRequest, body, notFound, ok } from "../../lib/http";
import { ORG_SCREENS } from "../../lib/org";
import { departmentAndDescendants } from "../../db/queries/org";
import { tenantScope, tenantOf } from "../../lib/scope";
import { toTree } from "@/lib/tree";
import { assertUnused, ownedDelete, type InUse } from "../../lib/crud";
import { localized, textColumns } from "../../lib/i18n-text";
import type { Locale } from "@/lib/contract/locale";

type Row = typeof departments.$inferSelect;

/** The tenant's departments, named in the caller's language. */
async function tenantDepartments(db: Db, tenantId: number, locale: Locale): Promise<Row[]> {
  const rows = await db.select().from(departments).where(tenantOf(tenantId).where(departments)).orderBy(asc(departments.sort), asc(departments.id));
  return rows.map((r) => localized(locale, r));
}

/** The tenant's department tree with each department's head count (core §6). */
export async function departmentTree(db: Db, tenantId: number, locale: Locale): Promise<DepartmentNode[]> {
  const [rows, counts] = await Promise.all([
    tenantDepartments(db, tenantId, locale),
    db.select({ id: users.departmentId, n: count() }).from(users).where(tenantOf(tenantId).where(users)).groupBy(users.departmentId),
  ]);
  const heads = new Map(counts.map((c) => [c.id, c.n]));
  return toTree(
    rows.map((r) => ({
      id: r.id,
      parentId: r.parentId,
      departmentName: r.departmentName,
      sort: r.sort,
      leader: r.leader,
      phone: r.phone,
      email: r.email,
      remark: r.remark,
      root: r.parentId === null,
      userCount: heads.get(r.id) ?? 0,
      i18n: r.i18n ?? null,
    })),
  );
}

const columns = (b: DepartmentAdd) => ({
  parentId: b.parentId,
  departmentName: b.departmentName,
  sort: b.sort,
  leader: b.leader || null,
  phone: b.phone || null,
  email: b.email || null,
  remark: b.remark || null,
});

/** The parent must be one of the tenant's departments (another tenant's is "not found"). */
async function assertParent(db: Db, tenantId: number, parentId: number) {
  const [parent] = await db.select({ id: departments.id }).from(departments).where(tenantOf(tenantId).where(departments, eq(departments.id, parentId)));
  if (!parent) throw notFound();
}

/** What keeps a department from being deleted: departments below it and its users. */
const DEPARTMENT_USES: InUse[] = [
  { table: departments, column: departments.parentId, what: "system.department.entity", error: "cloud.departmentHasChildren" },
  { table: users, column: users.departmentId, what: "system.user.entity", error: "cloud.departmentHasUsers" },
];

export const departmentRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/currentUser/tree", requireMenu(...ORG_SCREENS), async (c) => ok(c, await departmentTree(c.var.deps.db, c.var.auth.tenantId, c.var.locale)))
  .get("/departmentUserTree", requireMenu(...ORG_SCREENS), async (c) => {
    const db = c.var.deps.db;
    const tenantId = c.var.auth.tenantId;
    const [rows, members] = await Promise.all([
      tenantDepartments(db, tenantId, c.var.locale),
      db.select({ id: users.id, realname: users.realname, username: users.username, departmentId: users.departmentId }).from(users).where(tenantOf(tenantId).where(users)).orderBy(asc(users.id)),
    ]);
    const byDepartment = new Map<number, DepartmentUserNode[]>();
    for (const u of members) {
      if (u.departmentId == null) continue;
      const leaf: DepartmentUserNode = { key: `u${u.id}`, id: u.id, type: "user", name: u.realname || u.username, childrens: [] };
      byDepartment.set(u.departmentId, [...(byDepartment.get(u.departmentId) ?? []), leaf]);
    }
    type Branch = ReturnType<typeof toTree<Row>>[number];
    const walk = (n: Branch): DepartmentUserNode => ({
      key: `d${n.id}`,
      id: n.id,
      type: "department",
      name: n.departmentName,
      childrens: [...n.childrens.map(walk), ...(byDepartment.get(n.id) ?? [])],
    });
    return ok(c, toTree(rows).map(walk));
  })
  .post("/add", requirePerm("sys:department:add"), async (c) => {
    const input = await body(c, departmentAdd);
    const scope = tenantScope(c.var.auth);
    await assertParent(c.var.deps.db, scope.tenantId, input.parentId);
    const [row] = await c.var.deps.db
      .insert(departments)
      .values(scope.owned({ ...columns(input), ...textColumns(c.var.locale, null, input) }))
      .returning({ id: departments.id });
    return ok(c, row);
  })
  .post("/upd", requirePerm("sys:department:upd"), async (c) => {
    const input = await body(c, departmentUpdate);
    const db = c.var.deps.db;
    const scope = tenantScope(c.var.auth);
    const [current] = await db.select().from(departments).where(scope.where(departments, eq(departments.id, input.id)));
    if (!current) throw notFound();
    if (current.parentId === null) throw badRequest("cloud.rootImmutable");
    await assertParent(db, scope.tenantId, input.parentId);
    // Under itself or one of its own descendants would cut the branch off the tree.
    if ((await departmentAndDescendants(db, scope.tenantId, input.id)).includes(input.parentId)) throw badRequest("cloud.departmentParentInvalid");
    await db
      .update(departments)
      .set({ ...columns(input), ...textColumns(c.var.locale, current.i18n, input), updatedAt: c.var.deps.now() })
      .where(scope.where(departments, eq(departments.id, input.id)));
    return ok(c, { id: input.id });
  })
  .post("/del", requirePerm("sys:department:del"), async (c) => {
    const { ids } = await body(c, idsBody);
    const db = c.var.deps.db;
    const scope = tenantScope(c.var.auth);
    const targets = await db.select().from(departments).where(scope.where(departments, inArray(departments.id, ids)));
    if (targets.length !== new Set(ids).size) throw notFound();
    if (targets.some((d) => d.parentId === null)) throw badRequest("cloud.rootImmutable");
    // Deleting a parent with its children in one call is still refused: children go first, on purpose.
    await assertUnused(db, DEPARTMENT_USES, ids);
    return ok(c, { deleted: (await ownedDelete(db, departments, scope.where(departments, inArray(departments.id, ids)))).length });
  });
