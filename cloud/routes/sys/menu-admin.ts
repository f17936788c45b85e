import { and, asc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { menuApi, type MenuAdd, type MenuRow, type MenuScope, type MenuTreeNode } from "@/lib/contract/system/menu";
import type { CollectEntry } from "@/lib/contract/system/menu-favourites";
import { menuCollects, menus } from "../../db/schema";
import type { Db } from "../../db/client";
import { platformOnly } from "../../lib/auth";
import type { Auth } from "../../lib/context";
import { badRequest, notFound } from "../../lib/http";
import { serve } from "../../lib/serve";
import { authorisedMenuIds, effectiveMenuIds, grantableMenuIds, withAncestors } from "../../lib/menu-access";
import { toTree } from "@/lib/tree";
import { containsPattern, pageOf } from "../../lib/crud";

/**
 * Menu administration (menuSet). Both trees are edited by the platform only: the `tenant` tree
 * is ONE tree shared by every tenant, and its buttons carry the permission codes the cloud
 * checks. A tenant editing it would change every other tenant's console and could mint codes
 * for itself; tenants shape their users' access through roles, within their authorisation.
 * Tenant users may read the part of the tree they are authorised for.
 */
type Row = typeof menus.$inferSelect;

const toRow = (r: Row): MenuRow => ({
  id: r.id,
  scope: r.scope as MenuScope,
  parentId: r.parentId,
  name: r.name,
  nameEn: r.nameEn,
  icon: r.icon,
  sort: r.sort,
  type: r.type as MenuRow["type"],
  path: r.path,
  perms: r.perms,
  frame: r.frame,
  framePath: r.framePath,
  createTime: r.createdAt.toISOString(),
});

const treeOf = (rows: Row[]): MenuTreeNode[] => toTree(rows.map(toRow));

/** The menus of a tree the caller may see: all for the platform; for a tenant, its authorised
 *  menus and the folders above them. */
async function visibleIds(db: Db, auth: Auth, scope: MenuScope): Promise<Set<number> | null> {
  if (auth.isPlatform) return null;
  if (scope === "sys") return new Set();
  return withAncestors(db, await authorisedMenuIds(db, auth.tenantId), "tenant");
}

async function scopeRows(db: Db, scope: MenuScope, only: Set<number> | null): Promise<Row[]> {
  const rows = await db.select().from(menus).where(eq(menus.scope, scope)).orderBy(asc(menus.sort), asc(menus.id));
  return only ? rows.filter((r) => only.has(r.id)) : rows;
}

/** The caller's side when no tree is named; a tenant user only has the tenant tree. */
const sideOf = (auth: Auth, asked: MenuScope | undefined): MenuScope => (auth.isPlatform ? (asked ?? "sys") : "tenant");

/** A parent must be a menu (not a button) of the same tree, and not the node or one below it. */
async function assertParent(db: Db, scope: MenuScope, parentId: number | null | undefined, selfId?: number) {
  if (parentId == null) return;
  const rows = await db.select({ id: menus.id, parentId: menus.parentId, type: menus.type }).from(menus).where(eq(menus.scope, scope));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parent = byId.get(parentId);
  if (!parent || parent.type === "button") throw badRequest("cloud.menuParentInvalid");
  for (let p: number | null = parentId, seen = new Set<number>(); p != null && !seen.has(p); p = byId.get(p)?.parentId ?? null) {
    if (p === selfId) throw badRequest("cloud.menuParentInvalid");
    seen.add(p);
  }
}

const columns = (b: Omit<MenuAdd, "scope">) => ({
  parentId: b.parentId ?? null,
  name: b.name,
  nameEn: b.nameEn || "",
  icon: b.icon || null,
  sort: b.sort,
  type: b.type,
  path: b.path || null,
  perms: b.perms || null,
  frame: b.frame,
  framePath: b.framePath || null,
});

export const menuAdminServed = [
  serve(menuApi.allSys, async (c) => treeOf(await scopeRows(c.var.deps.db, "sys", null)), platformOnly),
  serve(menuApi.allTenant, async (c) => treeOf(await scopeRows(c.var.deps.db, "tenant", null)), platformOnly),
  serve(menuApi.tree, async (c, q) => {
    const scope = sideOf(c.var.auth, q.scope);
    const rows = await scopeRows(c.var.deps.db, scope, await visibleIds(c.var.deps.db, c.var.auth, scope));
    // The parent picker: folders and entries, no buttons.
    return treeOf(rows.filter((r) => r.type === "menu"));
  }),
  serve(menuApi.grantable, async (c, q) => {
    const scope = sideOf(c.var.auth, q.scope);
    const grantable = await grantableMenuIds(c.var.deps.db, c.var.auth, scope);
    return treeOf(await scopeRows(c.var.deps.db, scope, grantable));
  }),
  serve(menuApi.info, async (c, { id }) => {
    const db = c.var.deps.db;
    const [row] = await db.select().from(menus).where(eq(menus.id, id));
    const visible = row ? await visibleIds(db, c.var.auth, row.scope as MenuScope) : null;
    if (!row || (visible && !visible.has(row.id))) throw notFound();
    return toRow(row);
  }),
  serve(menuApi.page, async (c, q) => {
    const db = c.var.deps.db;
    const scope = sideOf(c.var.auth, q.scope);
    const visible = await visibleIds(db, c.var.auth, scope);
    const conds: (SQL | undefined)[] = [eq(menus.scope, scope)];
    if (q.name) conds.push(or(ilike(menus.name, containsPattern(q.name)), ilike(menus.nameEn, containsPattern(q.name)), ilike(menus.perms, containsPattern(q.name))));
    if (visible) conds.push(inArray(menus.id, [...visible, 0]));
    const where = and(...conds);
    const { records: rows, total } = await pageOf(db, menus, where, [asc(menus.sort), asc(menus.id)], q);
    return { records: rows.map(toRow), total };
  }),
  serve(
    menuApi.add,
    async (c, input) => {
      const db = c.var.deps.db;
      await assertParent(db, input.scope, input.parentId);
      const [row] = await db.insert(menus).values({ scope: input.scope, ...columns(input) }).returning();
      return toRow(row);
    },
    platformOnly,
  ),
  serve(
    menuApi.upd,
    async (c, input) => {
      const db = c.var.deps.db;
      const [current] = await db.select().from(menus).where(eq(menus.id, input.id));
      if (!current) throw notFound();
      await assertParent(db, current.scope as MenuScope, input.parentId, input.id);
      const [row] = await db
        .update(menus)
        .set({ ...columns(input), updatedAt: c.var.deps.now() })
        .where(eq(menus.id, input.id))
        .returning();
      return toRow(row);
    },
    platformOnly,
  ),
  serve(
    menuApi.del,
    async (c, { ids }) => {
      const db = c.var.deps.db;
      const targets = await db.select({ id: menus.id }).from(menus).where(inArray(menus.id, ids));
      if (targets.length !== new Set(ids).size) throw notFound();
      const [child] = await db.select({ id: menus.id }).from(menus).where(inArray(menus.parentId, ids)).limit(1);
      // Children first, deliberately: deleting a folder must not silently take its buttons' codes with it.
      if (child) throw badRequest("cloud.menuHasChildren");
      await db.delete(menus).where(inArray(menus.id, ids));
      return { deleted: targets.length };
    },
    platformOnly,
  ),
  serve(menuApi.saveCollect, async (c, input) => {
    const db = c.var.deps.db;
    const auth = c.var.auth;
    if (!input.collect) {
      await db.delete(menuCollects).where(and(eq(menuCollects.userId, auth.userId), eq(menuCollects.menuId, input.menuId)));
      return null;
    }
    const [entry] = await db.select().from(menus).where(eq(menus.id, input.menuId));
    // Only an entry the caller may open can be a favourite.
    if (!entry || entry.type !== "menu" || (!entry.path && entry.frame !== 1) || !(await effectiveMenuIds(db, auth)).has(entry.id)) throw notFound();
    await db.insert(menuCollects).values({ userId: auth.userId, menuId: entry.id, createdAt: c.var.deps.now() }).onConflictDoNothing();
    return null;
  }),
  serve(menuApi.collects, async (c) => {
    const db = c.var.deps.db;
    const auth = c.var.auth;
    const rows = await db
      .select({ menu: menus })
      .from(menuCollects)
      .innerJoin(menus, eq(menus.id, menuCollects.menuId))
      .where(eq(menuCollects.userId, auth.userId))
      .orderBy(asc(menuCollects.createdAt), asc(menus.id));
    // A favourite whose menu the user lost stays stored but is not shown.
    const allowed = await effectiveMenuIds(db, auth);
    return rows
      .filter((r) => allowed.has(r.menu.id))
      .map(({ menu: m }): CollectEntry => ({ id: m.id, name: m.name, nameEn: m.nameEn, icon: m.icon, path: m.path, frame: m.frame, framePath: m.framePath, type: "menu", childrens: [] }));
  }),
];
