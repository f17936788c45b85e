import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { Page } from "@/lib/contract/envelope";
import type { Project } from "@/lib/contract/project";
import { DEMO_ACCOUNTS } from "../seed";
import { menus, projectMembers, roleMenus, tenants, userRoles, users } from "../db/schema";
import { signedIn, type TestCloud } from "../testing";

/**
 * The access cache (access-cache.ts) answers repeated requests without asking the database
 * again; each change that alters what a token may do must show on the very next request. Every
 * case first warms the cache with a request that passes, then changes, then asks again.
 */
let cloud: TestCloud;
let operator: string;
let ids: Record<"operator", number>;
signedIn((s) => ({ cloud, operator, ids } = s), ["operator"]);

let prj: number;
beforeAll(async () => {
  prj = (await cloud.request<Page<Project>>("/device/project/page?size=100", { token: operator })).body.data.records[0].id;
});

const devicePage = (token: string) => cloud.request("/device/device/page?size=20", { token, headers: { projectid: String(prj) } });
const codeOf = async (token: string) => (await devicePage(token)).body.code;

describe("access cache", () => {
  it("ends a session at logout", async () => {
    const token = await cloud.login("operator01", DEMO_ACCOUNTS.operator01.password, 2);
    expect(await codeOf(token)).toBe(200);
    expect((await cloud.request("/sys/login/outLogin", { token, body: {} })).body.code).toBe(200);
    expect(await codeOf(token)).toBe(401);
  });

  it("ends the other sessions at a password change, keeps the one it was made from", async () => {
    const [mine, other] = [await cloud.login("demoadmin", DEMO_ACCOUNTS.demoadmin.password, 2), await cloud.login("demoadmin", DEMO_ACCOUNTS.demoadmin.password, 2)];
    expect([await codeOf(mine), await codeOf(other)]).toEqual([200, 200]);
    const next = "Next2026abc!";
    const changed = await cloud.request("/sys/safety/updPwd", { token: mine, body: { oldPassword: DEMO_ACCOUNTS.demoadmin.password, password: next, confirmPassword: next } });
    expect(changed.body.code, JSON.stringify(changed.body)).toBe(200);
    expect([await codeOf(mine), await codeOf(other)]).toEqual([200, 401]);
  });

  it("shuts a screen at once when a menu leaves the role", async () => {
    expect(await codeOf(operator)).toBe(200);
    const [role] = await cloud.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, ids.operator));
    const screen = await cloud.db.select({ id: menus.id }).from(menus).where(and(eq(menus.scope, "tenant"), inArray(menus.path, ["/devices/device", "/devices/viewDevice"])));
    const removed = await cloud.db.delete(roleMenus).where(and(eq(roleMenus.roleId, role.roleId), inArray(roleMenus.menuId, screen.map((s) => s.id)))).returning();
    expect(removed.length).toBeGreaterThan(0);
    expect(await codeOf(operator)).toBe(403);
    await cloud.db.insert(roleMenus).values(removed);
    expect(await codeOf(operator)).toBe(200);
  });

  it("shuts a screen at once when the user loses the role", async () => {
    expect(await codeOf(operator)).toBe(200);
    const held = await cloud.db.delete(userRoles).where(eq(userRoles.userId, ids.operator)).returning();
    expect(await codeOf(operator)).toBe(403);
    await cloud.db.insert(userRoles).values(held);
    expect(await codeOf(operator)).toBe(200);
  });

  it("refuses a project at once when the user leaves it, and lets them back in when they return", async () => {
    expect(await codeOf(operator)).toBe(200);
    const left = await cloud.db.delete(projectMembers).where(and(eq(projectMembers.projectId, prj), eq(projectMembers.userId, ids.operator))).returning();
    expect(left).toHaveLength(1);
    expect(await codeOf(operator)).toBe(403);
    await cloud.db.insert(projectMembers).values(left);
    expect(await codeOf(operator)).toBe(200);
  });

  it("ends sessions at once when the user or the tenant is disabled, or the contract ends", async () => {
    expect(await codeOf(operator)).toBe(200);
    await cloud.db.update(users).set({ enabled: 2 }).where(eq(users.id, ids.operator));
    expect(await codeOf(operator)).toBe(401);
    await cloud.db.update(users).set({ enabled: 1 }).where(eq(users.id, ids.operator));
    expect(await codeOf(operator)).toBe(200);
    await cloud.db.update(tenants).set({ enabled: 2 }).where(eq(tenants.id, 2));
    expect(await codeOf(operator)).toBe(401);
    await cloud.db.update(tenants).set({ enabled: 1, contractEnd: new Date(cloud.now().getTime() + 60_000) }).where(eq(tenants.id, 2));
    expect(await codeOf(operator)).toBe(200);
    // The contract's end is a time, not a change: the cached session checks it on every use.
    cloud.advance(120_000);
    expect(await codeOf(operator)).toBe(401);
    await cloud.db.update(tenants).set({ contractEnd: null }).where(eq(tenants.id, 2));
    expect(await codeOf(operator)).toBe(200);
  });
});
