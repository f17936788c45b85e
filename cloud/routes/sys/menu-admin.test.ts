import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page } from "@/lib/contract/envelope";
import type { MenuRow, MenuTreeNode } from "@/lib/contract/system/menu";
import type { CollectEntry } from "@/lib/contract/system/menu-favourites";
import { menus, roleTenants, tenantMenus } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

const get = <T>(path: string, token: string) => cloud.request<T>(`/sys/menu/${path}`, { token });
const post = <T = MenuRow>(path: string, token: string, body: unknown, language?: string) => cloud.request<T>(`/sys/menu/${path}`, { token, body, language });
const flat = (nodes: MenuTreeNode[]): MenuTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.childrens)]);
const byPath = async (scope: "sys" | "tenant", path: string) => (await cloud.db.select().from(menus).where(eq(menus.path, path))).find((m) => m.scope === scope)!;

describe("sys/menu trees", () => {
  it("gives the platform both whole trees with their buttons", async () => {
    const sys = await get<MenuTreeNode[]>("all/sys", platform);
    const tenant = await get<MenuTreeNode[]>("all/tenant", platform);
    const all = await cloud.db.select().from(menus);
    expect(flat(sys.body.data)).toHaveLength(all.filter((m) => m.scope === "sys").length);
    expect(flat(tenant.body.data)).toHaveLength(all.filter((m) => m.scope === "tenant").length);
    expect(flat(sys.body.data).some((n) => n.type === "button" && n.perms === "sys:tenant:auth")).toBe(true);
    expect(sys.body.data[0].childrens.map((n) => n.sort)).toEqual([...sys.body.data[0].childrens.map((n) => n.sort)].sort((a, b) => a - b));
  });

  it("answers 403 to tenant users on the whole trees and the edits", async () => {
    expect((await get("all/sys", admin)).body.code).toBe(403);
    expect((await get("all/tenant", admin)).body.code).toBe(403);
    const groupSet = await byPath("tenant", "/systemSet/groupSet");
    expect((await post("add", admin, { scope: "tenant", name: "x", type: "menu", path: "/x" })).body.code).toBe(403);
    expect((await post("upd", admin, { id: groupSet.id, name: "x", type: "menu", path: "/x" })).body.code).toBe(403);
    expect((await post("del", admin, { ids: [groupSet.id] })).body.code).toBe(403);
  });

  it("shows a tenant only its authorised part of the tenant tree", async () => {
    const full = flat((await get<MenuTreeNode[]>("treePC", admin)).body.data);
    expect(full.every((n) => n.type === "menu" && n.scope === "tenant")).toBe(true);
    const assigned = await cloud.db.delete(roleTenants).where(tenantOf(2).where(roleTenants)).returning();
    const groupSet = await byPath("tenant", "/systemSet/groupSet");
    const menuSet = await byPath("tenant", "/systemSet/menuSet");
    await cloud.db.insert(tenantMenus).values([{ tenantId: 2, menuId: groupSet.id }, { tenantId: 2, menuId: menuSet.id }]);
    try {
      const part = flat((await get<MenuTreeNode[]>("treePC", admin)).body.data);
      expect(part.map((n) => n.path).filter(Boolean).sort()).toEqual(["/systemSet/groupSet", "/systemSet/menuSet"]);
      expect(part).toHaveLength(3);
      const projects = await byPath("tenant", "/projects/project");
      expect((await get(`info?id=${projects.id}`, admin)).body.code).toBe(404);
      expect((await get<MenuRow>(`info?id=${groupSet.id}`, admin)).body.data.path).toBe("/systemSet/groupSet");
      expect((await get<Page<MenuRow>>("page?current=1&size=100", admin)).body.data.total).toBe(3);
    } finally {
      await cloud.db.delete(tenantMenus).where(tenantOf(2).where(tenantMenus));
      await cloud.db.insert(roleTenants).values(assigned);
    }
  });

  it("offers for granting exactly the caller's authorised menus", async () => {
    const tenantTree = flat((await get<MenuTreeNode[]>("treeAuthPC", admin)).body.data);
    expect(tenantTree.length).toBeGreaterThan(0);
    expect(tenantTree.every((n) => n.scope === "tenant")).toBe(true);
    const mine = flat((await get<MenuTreeNode[]>("treeAuthPC", platform)).body.data);
    expect(mine.every((n) => n.scope === "sys")).toBe(true);
    expect(flat((await get<MenuTreeNode[]>("treeAuthPC?scope=tenant", platform)).body.data).length).toBe((await cloud.db.select().from(menus).where(eq(menus.scope, "tenant"))).length);
    expect((await get("treeAuthPC", operator)).body.code).toBe(403);
  });
});

describe("sys/menu edits", () => {
  it("adds, edits, pages and deletes a node of either tree", async () => {
    const parent = await byPath("tenant", "/systemSet/groupSet");
    const add = await post("add", platform, { scope: "tenant", parentId: parent.id, name: "导出", nameEn: "Export", type: "button", perms: "sys:group:export", sort: 4 });
    expect(add.body).toMatchObject({ code: 200, data: { scope: "tenant", parentId: parent.id, type: "button", perms: "sys:group:export" } });
    const id = add.body.data.id;
    const upd = await post("upd", platform, { id, parentId: parent.id, name: "导出用户组", nameEn: "Export groups", type: "button", perms: "sys:group:export", sort: 5 });
    expect(upd.body.data).toMatchObject({ name: "导出用户组", sort: 5 });
    const found = await get<Page<MenuRow>>(`page?scope=tenant&name=${encodeURIComponent("导出用户组")}`, platform);
    expect(found.body.data.records.map((r) => r.id)).toEqual([id]);
    expect((await post("del", platform, { ids: [id] })).body.code).toBe(200);
    expect((await get(`info?id=${id}`, platform)).body.code).toBe(404);
  });

  it("checks the node's own rules", async () => {
    const button = (await cloud.db.select().from(menus).where(eq(menus.perms, "sys:group:add")))[0];
    const sysFolder = (await get<MenuTreeNode[]>("all/sys", platform)).body.data[0];
    expect((await post("add", platform, { scope: "tenant", name: "x", type: "button" }, "en")).body.msg).toBe("Permission code: Required");
    expect((await post("add", platform, { scope: "tenant", name: "x", type: "menu", frame: 1 }, "en")).body.msg).toBe("Link address: Required");
    expect((await post("add", platform, { scope: "tenant", parentId: button.id, name: "x", type: "menu", path: "/x" })).body.code).toBe(400);
    expect((await post("add", platform, { scope: "tenant", parentId: sysFolder.id, name: "x", type: "menu", path: "/x" })).body.code).toBe(400);
    const child = sysFolder.childrens[0];
    const loop = await post("upd", platform, { id: sysFolder.id, parentId: child.id, name: sysFolder.name, type: "menu", sort: 1 });
    expect(loop.body.code).toBe(400);
  });

  it("refuses to delete a menu with children", async () => {
    const groupSet = await byPath("sys", "/systemSet/groupSet");
    const res = await post("del", platform, { ids: [groupSet.id] }, "en");
    expect(res.body).toMatchObject({ code: 400, msg: "The menu has child menus or buttons; delete them first" });
    expect((await get(`info?id=${groupSet.id}`, platform)).body.code).toBe(200);
  });

  it("checks the permission of every endpoint", async () => {
    expect((await get("treePC", operator)).body.code).toBe(403);
    expect((await get("page", operator)).body.code).toBe(403);
    const groupSet = await byPath("tenant", "/systemSet/groupSet");
    expect((await get(`info?id=${groupSet.id}`, operator)).body.code).toBe(403);
  });
});

describe("sys/menu favourites", () => {
  it("keeps each user's favourite entries, only among their menus", async () => {
    const station = await byPath("tenant", "/msg/station");
    const groupSet = await byPath("tenant", "/systemSet/groupSet");
    expect((await post("saveCollect", operator, { menuId: station.id, collect: true })).body.code).toBe(200);
    expect((await post("saveCollect", operator, { menuId: station.id, collect: true })).body.code).toBe(200);
    expect((await post("saveCollect", operator, { menuId: groupSet.id, collect: true })).body.code).toBe(404);
    const list = await get<CollectEntry[]>("getCollectList", operator);
    expect(list.body.data).toEqual([expect.objectContaining({ id: station.id, path: "/msg/station", type: "menu", childrens: [] })]);
    expect((await get<CollectEntry[]>("getCollectList", admin)).body.data).toEqual([]);
    expect((await post("saveCollect", operator, { menuId: station.id, collect: false })).body.code).toBe(200);
    expect((await get<CollectEntry[]>("getCollectList", operator)).body.data).toEqual([]);
    const button = (await cloud.db.select().from(menus).where(eq(menus.perms, "sys:group:add")))[0];
    expect((await post("saveCollect", admin, { menuId: button.id, collect: true })).body.code).toBe(404);
  });
});
