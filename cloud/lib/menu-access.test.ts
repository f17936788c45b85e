import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { menus, roleMenus, roleTenants, roles, tenantMenus, tenants } from "../db/schema";
import { createTestCloud, type TestCloud } from "../testing";
import { permissionCodes } from "./auth";
import { authorisedMenuIds, effectiveMenuIds, grantableMenuIds } from "./menu-access";
import { ensureRootDepartment, rootDepartment } from "../db/queries/org";
import { tenantOf } from "./scope";

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await createTestCloud();
  // Seeding takes long on a loaded machine.
}, 180_000);
afterAll(() => cloud.close());

const role = async (tenantId: number, code: string) => (await cloud.db.select().from(roles).where(tenantOf(tenantId).where(roles, eq(roles.code, code))))[0].id;
const scopeIds = async (scope: "sys" | "tenant") => new Set((await cloud.db.select({ id: menus.id }).from(menus).where(eq(menus.scope, scope))).map((m) => m.id));
const byPath = async (path: string) => (await cloud.db.select().from(menus).where(and(eq(menus.scope, "tenant"), eq(menus.path, path))))[0];

describe("effectiveMenuIds", () => {
  it("gives the built-in administrators their whole side", async () => {
    expect(await effectiveMenuIds(cloud.db, { roleIds: [await role(1, "admin")] })).toEqual(await scopeIds("sys"));
    expect(await effectiveMenuIds(cloud.db, { roleIds: [await role(2, "tenantAdmin")] })).toEqual(await scopeIds("tenant"));
    expect((await effectiveMenuIds(cloud.db, { roleIds: [] })).size).toBe(0);
  });

  it("limits tenant users to their tenant's authorisation: explicit menus ∪ assigned tenant roles", async () => {
    const tenantAdmin = await role(2, "tenantAdmin");
    const projectUser = await role(2, "projectUser");
    const assigned = await cloud.db.delete(roleTenants).where(tenantOf(2).where(roleTenants)).returning();
    try {
      expect((await effectiveMenuIds(cloud.db, { roleIds: [tenantAdmin] })).size).toBe(0);
      expect((await permissionCodes(cloud.db, [tenantAdmin])).size).toBe(0);
      const station = await byPath("/msg/station");
      const project = await byPath("/projects/project");
      await cloud.db.insert(tenantMenus).values([station, project].map((m) => ({ tenantId: 2, menuId: m.id })));
      expect([...(await authorisedMenuIds(cloud.db, 2))].sort()).toEqual([station.id, project.id].sort());
      expect([...(await effectiveMenuIds(cloud.db, { roleIds: [tenantAdmin] }))].sort()).toEqual([station.id, project.id].sort());
      // The project user's role holds more, but only the authorised part counts.
      const mine = await effectiveMenuIds(cloud.db, { roleIds: [projectUser] });
      expect([...mine].sort()).toEqual([station.id, project.id].sort());
      // A platform tenant role assigned to the tenant adds its menus.
      const [bundle] = await cloud.db.insert(roles).values({ tenantId: 1, name: "待办", code: "todo_bundle", kind: 2 }).returning();
      const todo = await byPath("/msg/todo");
      await cloud.db.insert(roleMenus).values({ roleId: bundle.id, menuId: todo.id });
      await cloud.db.insert(roleTenants).values({ roleId: bundle.id, tenantId: 2 });
      expect((await effectiveMenuIds(cloud.db, { roleIds: [projectUser] })).has(todo.id)).toBe(true);
      await cloud.db.delete(roles).where(eq(roles.id, bundle.id));
    } finally {
      await cloud.db.delete(tenantMenus).where(tenantOf(2).where(tenantMenus));
      await cloud.db.insert(roleTenants).values(assigned);
    }
    expect(await effectiveMenuIds(cloud.db, { roleIds: [tenantAdmin] })).toEqual(await scopeIds("tenant"));
  });

  it("lets the platform grant the whole tenant tree and a tenant only what it holds", async () => {
    const platform = { roleIds: [await role(1, "admin")], isPlatform: true };
    expect(await grantableMenuIds(cloud.db, platform, "tenant")).toEqual(await scopeIds("tenant"));
    const operator = { roleIds: [await role(2, "projectUser")], isPlatform: false };
    expect((await grantableMenuIds(cloud.db, operator, "sys")).size).toBe(0);
    const grantable = await grantableMenuIds(cloud.db, operator, "tenant");
    expect(grantable.has((await byPath("/msg/station")).id)).toBe(true);
    expect(grantable.has((await byPath("/systemSet/userSet")).id)).toBe(false);
  });
});

describe("ensureRootDepartment", () => {
  it("creates the company root once, named after the tenant", async () => {
    const [t] = await cloud.db.insert(tenants).values({ name: "新租户", code: "fresh" }).returning();
    const id = await ensureRootDepartment(cloud.db, t.id, t.name);
    expect(await ensureRootDepartment(cloud.db, t.id, "别的名字")).toBe(id);
    const [root] = await rootDepartment(cloud.db, t.id);
    expect(root).toMatchObject({ id, departmentName: "新租户", parentId: null });
  });
});
