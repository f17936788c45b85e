import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CurrentMenus, MenuNode } from "@/lib/shell/menu";
import { roles, userRoles } from "../../db/schema";
import { sysMenuTree, tenantMenuTree, operatorPaths, type MenuSeed } from "../../seed/menu-tree";
import { createTestCloud, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await createTestCloud();
});
afterAll(() => cloud.close());

const menusOf = (token: string) => cloud.request<CurrentMenus>("/sys/menu/currentUser/authPC", { token });
const all = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...all(n.childrens)]);
const seedEntries = (nodes: MenuSeed[]): string[] => nodes.flatMap((n) => [...(n.path ? [n.path] : []), ...seedEntries(n.children ?? [])]);

describe("sys/menu/currentUser/authPC", () => {
  it("gives the tenant administrator the whole tenant tree, in order, entries only", async () => {
    const res = await menusOf(await cloud.login("demoadmin", "Demo@2026", 2));
    expect(res.body.code).toBe(200);
    const { menus, perms } = res.body.data;
    expect(menus.map((m) => m.nameEn)).toEqual(tenantMenuTree.map((m) => m.nameEn));
    expect(all(menus).filter((n) => n.path).map((n) => n.path)).toEqual(seedEntries(tenantMenuTree));
    expect(all(menus).every((n) => n.type === "menu" && (n.path || n.childrens.length))).toBe(true);
    expect(all(menus).some((n) => n.name === "新增")).toBe(false);
    expect(perms).toEqual(expect.arrayContaining(["sys:user:add", "sys:user:resetPwd", "dev:project:add", "dev:deviceConfig:updConfig"]));
    expect(perms).toEqual([...perms].sort());
  });

  it("gives the project user their entries with the folders above them, and only the handling of alarms", async () => {
    const { menus, perms } = (await menusOf(await cloud.login("operator01", "Operator@2026", 2))).body.data;
    expect(all(menus).filter((n) => n.path).map((n) => n.path).sort()).toEqual([...operatorPaths].sort());
    // Of the robots folder, the video wall (issue 34: project users watch their cameras) and the robot console (issue 36: they drive, not take over).
    expect(menus.find((m) => m.nameEn === "Inspection robots")?.childrens.map((c) => c.path)).toEqual(["/videoSurveillances/videoSurveillance", "/operations/robotControl", "/operations/deployRobotControl"]);
    expect(perms.sort()).toEqual(["alarm:core:oper", "dev:robot:control"]);
  });

  it("gives the platform administrator the management tree", async () => {
    const { menus, perms } = (await menusOf(await cloud.login("superadmin", "Super@2026", 1))).body.data;
    expect(menus.map((m) => m.nameEn)).toEqual(sysMenuTree.map((m) => m.nameEn));
    expect(perms).toContain("sys:tenant:auth");
    expect(all(menus).map((n) => n.path)).not.toContain("/projects/project");
  });

  it("follows a role change at once", async () => {
    const id = await cloud.userId("operator01", 2);
    const token = await cloud.login("operator01", "Operator@2026", 2);
    const [role] = await cloud.db.select().from(roles).where(tenantOf(2).where(roles, eq(roles.code, "projectUser")));
    await cloud.db.delete(userRoles).where(eq(userRoles.userId, id));
    expect((await menusOf(token)).body.data).toEqual({ menus: [], perms: [] });
    const [admin] = await cloud.db.select().from(roles).where(tenantOf(2).where(roles, eq(roles.code, "tenantAdmin")));
    await cloud.db.insert(userRoles).values({ userId: id, roleId: admin.id });
    expect((await menusOf(token)).body.data.perms).toContain("sys:user:add");
    await cloud.db.delete(userRoles).where(eq(userRoles.userId, id));
    await cloud.db.insert(userRoles).values({ userId: id, roleId: role.id });
  });

  it("answers 401 without a token", async () => {
    expect((await cloud.request("/sys/menu/currentUser/authPC")).body.code).toBe(401);
  });
});
