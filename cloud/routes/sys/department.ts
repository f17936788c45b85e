import { asc, count, eq, inArray, isNull } from "drizzle-orm";
import { department, departmentApi, type DepartmentNode, type DepartmentUserNode } from "@/lib/contract/system/department";
import type { Locale } from "@/lib/contract/locale";
import { toTree } from "@/lib/tree";
import type { Db } from "../../db/client";
import { departmentAndDescendants } from "../../db/queries/org";
import { departments, users } from "../../db/schema";
import type { InUse } from "../../lib/crud";
import { crudRoutes } from "../../lib/crud-routes";
import { badRequest, notFound } from "../../lib/http";
import { localized } from "../../lib/i18n-text";
import { serve } from "../../lib/serve";
import { tenantOf, tenantScope } from "../../lib/scope";
import { userNameIn } from "../../db/queries/names";

type Row = typeof departments.$inferSelect;

/** The tenant's departments, named in the caller's language. */
async function tenantDepartments(db: Db, tenantId: number, locale: Locale): Promise<Row[]> {
  const rows = await db.select().from(departments).where(tenantOf(tenantId).where(departments)).orderBy(asc(departments.sort), asc(departments.id));
  return rows.map((r) => localized(locale, r));
}

/** The tenant's department tree with each department's head count (core §6). */
async function departmentTree(db: Db, tenantId: number, locale: Locale): Promise<DepartmentNode[]> {
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

/**
 * add / upd / del from the contract (the parent is the tenant's; the root is never edited, moved or
 * deleted; a department goes under neither itself nor its own descendants; one with children or
 * users stays), then the trees.
 */
export const departmentServed = [
  ...crudRoutes({
    table: departments,
    entity: department,
    calls: departmentApi,
    values: async (c, input, _partial, before) => {
      const db = c.var.deps.db;
      const tenantId = c.var.auth.tenantId;
      if (before && before.parentId === null) throw badRequest("cloud.rootImmutable");
      await assertParent(db, tenantId, input.parentId as number);
      if (before && (await departmentAndDescendants(db, tenantId, before.id as number)).includes(input.parentId as number)) throw badRequest("cloud.departmentParentInvalid");
      return {};
    },
    // Deleting a parent with its children in one call is still refused: children go first, on purpose.
    beforeDelete: async (c, ids) => {
      const roots = await c.var.deps.db.select({ id: departments.id }).from(departments).where(tenantScope(c.var.auth).where(departments, inArray(departments.id, ids), isNull(departments.parentId)));
      if (roots.length) throw badRequest("cloud.rootImmutable");
    },
    inUse: DEPARTMENT_USES,
  }),
  serve(departmentApi.tree, (c) => departmentTree(c.var.deps.db, c.var.auth.tenantId, c.var.locale)),
  serve(departmentApi.userTree, async (c) => {
    const db = c.var.deps.db;
    const tenantId = c.var.auth.tenantId;
    const [rows, members] = await Promise.all([
      tenantDepartments(db, tenantId, c.var.locale),
      db.select({ id: users.id, realname: userNameIn(c.var.locale), username: users.username, departmentId: users.departmentId }).from(users).where(tenantOf(tenantId).where(users)).orderBy(asc(users.id)),
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
    return toTree(rows).map(walk);
  }),
];
