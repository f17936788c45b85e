import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ApiKeyCreated, ApiKeyRow, TenantApiKeyRow } from "@/lib/contract/system/api-key";
import type { Page } from "@/lib/contract/envelope";
import { apiKeys, projects, users } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
let ids: { admin: number; operator: number; platform: number };
signedIn((s) => ({ cloud, admin, operator, platform, ids } = s), ["admin", "operator", "platform"]);

const make = (token: string, body: Record<string, unknown>) => cloud.request<ApiKeyCreated>("/sys/apiKey/add", { token, body, language: "en" });
const projectId = async (name: string) => (await cloud.db.select({ id: projects.id }).from(projects).where(eq(projects.prjName, name)))[0].id;
const RIVERSIDE = "滨江花园二期基坑监测";
const METRO = "地铁 5 号线隧道结构监测";
const devicePage = (key: string, project: number) => cloud.request<Page<unknown>>("/device/device/page?current=1&size=10", { token: key, headers: { projectid: String(project) }, language: "en" });

describe("sys/apiKey", () => {
  it("answers the key once, keeps only its hash, and lists it with its prefix", async () => {
    const made = await make(operator, { name: "Reports", writable: 0, projectIds: [], ttlDays: 30 });
    expect(made.body.code).toBe(200);
    const { key, id } = made.body.data;
    expect(key).toMatch(/^iotk_[\w-]{40,}$/);
    const [stored] = await cloud.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(stored.keyHash).not.toContain(key);
    expect(JSON.stringify(stored)).not.toContain(key);
    const list = await cloud.request<Page<ApiKeyRow>>("/sys/apiKey/page?current=1&size=10", { token: operator });
    const row = list.body.data.records.find((r) => r.id === id)!;
    expect(row).toMatchObject({ name: "Reports", writable: 0, status: 1, prefix: `${key.slice(0, 9)}…` });
    expect(JSON.stringify(list.body)).not.toContain(key);
    // Another user never sees it.
    const others = await cloud.request<Page<ApiKeyRow>>("/sys/apiKey/page?current=1&size=10", { token: admin });
    expect(others.body.data.records.some((r) => r.id === id)).toBe(false);
  });

  it("acts as its user: reads the user's project, is refused another project, any write and its user's own security", async () => {
    const { key } = (await make(operator, { name: "Read", writable: 0, ttlDays: 7 })).body.data;
    expect((await devicePage(key, await projectId(RIVERSIDE))).body.code).toBe(200);
    // operator01 is no member of the metro project: neither is its key.
    expect((await devicePage(key, await projectId(METRO))).body.code).toBe(403);
    const write = await cloud.request("/msg/station/currUser/readAll", { token: key, body: {}, language: "en" });
    expect(write.body).toMatchObject({ code: 403, msg: "This API key is read-only" });
    // A key never makes a key, even a read-write one.
    const { key: rw } = (await make(operator, { name: "RW", writable: 1, ttlDays: 7 })).body.data;
    expect((await make(rw, { name: "Child", writable: 1, ttlDays: 365 })).body).toMatchObject({ code: 403, msg: "An API key cannot do this: sign in to the console" });
    expect((await cloud.request("/sys/apiKey/page?current=1&size=10", { token: rw })).body.code).toBe(403);
    // Nor more than its user may: operators have no project writes.
    expect((await cloud.request("/device/project/add", { token: rw, body: { prjName: "x" } })).body.code).toBe(403);
    // The user's own writes pass with a read-write key.
    expect((await cloud.request("/msg/station/currUser/readAll", { token: rw, body: {} })).body.code).toBe(200);
  });

  it("narrows a key to its chosen projects, and refuses projects its user cannot see", async () => {
    const riverside = await projectId(RIVERSIDE);
    const metro = await projectId(METRO);
    expect((await make(operator, { name: "Bad", writable: 0, projectIds: [metro], ttlDays: 7 })).body).toMatchObject({ code: 400, msg: "Choose only projects you can see" });
    const { key } = (await make(admin, { name: "Metro only", writable: 0, projectIds: [metro], ttlDays: 7 })).body.data;
    expect((await devicePage(key, metro)).body.code).toBe(200);
    // The admin sees the riverside project; the key does not, even after the admin's session has the answer cached.
    expect((await devicePage(admin, riverside)).body.code).toBe(200);
    expect((await devicePage(key, riverside)).body.code).toBe(403);
    const list = await cloud.request<{ id: number }[]>("/device/project/list", { token: key });
    expect(list.body.data.map((p) => p.id)).toEqual([metro]);
  });

  it("refuses a revoked key at once, and one whose user is disabled", async () => {
    const riverside = await projectId(RIVERSIDE);
    const made = (await make(operator, { name: "Soon gone", writable: 0, ttlDays: 7 })).body.data;
    expect((await devicePage(made.key, riverside)).body.code).toBe(200);
    expect((await cloud.request<{ deleted: number }>("/sys/apiKey/del", { token: operator, body: { ids: [made.id] } })).body.data.deleted).toBe(1);
    expect((await devicePage(made.key, riverside)).body).toMatchObject({ code: 401, msg: "The API key is unknown, revoked or expired" });
    const list = await cloud.request<Page<ApiKeyRow>>("/sys/apiKey/page?current=1&size=50", { token: operator });
    expect(list.body.data.records.find((r) => r.id === made.id)?.status).toBe(3);
    // Someone else's key is not revoked by an id.
    const theirs = (await make(admin, { name: "Theirs", writable: 0, ttlDays: 7 })).body.data;
    expect((await cloud.request<{ deleted: number }>("/sys/apiKey/del", { token: operator, body: { ids: [theirs.id] } })).body.data.deleted).toBe(0);
    expect((await devicePage(theirs.key, riverside)).body.code).toBe(200);

    const { key } = (await make(admin, { name: "Admin's", writable: 0, ttlDays: 30 })).body.data;
    expect((await devicePage(key, riverside)).body.code).toBe(200);
    await cloud.db.update(users).set({ enabled: 2 }).where(eq(users.id, ids.admin));
    expect((await devicePage(key, riverside)).body.code).toBe(401);
    await cloud.db.update(users).set({ enabled: 1 }).where(eq(users.id, ids.admin));
  });

  it("logs each use with its address and limits the calls per minute", async () => {
    const made = (await make(operator, { name: "Busy", writable: 0, ttlDays: 7 })).body.data;
    await cloud.request("/device/project/list", { token: made.key, ip: "10.0.0.7" });
    const [row] = await cloud.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row.lastUsedIp).toBe("10.0.0.7");
    expect(row.lastUsedAt?.getTime()).toBe(cloud.now().getTime());
    cloud.deps.config.apiKeyPerMinute = 3;
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await cloud.request("/device/project/list", { token: made.key })).body.code);
      expect(codes).toEqual([200, 200, 429, 429]);
      cloud.advance(60_000);
      expect((await cloud.request("/device/project/list", { token: made.key })).body.code).toBe(200);
    } finally {
      delete cloud.deps.config.apiKeyPerMinute;
    }
  });

  it("shows a tenant's administrator every key of the tenant, never another tenant's, and lets them revoke any of them", async () => {
    const riverside = await projectId(RIVERSIDE);
    const mine = (await make(operator, { name: "Operator's script", writable: 1, projectIds: [riverside], ttlDays: 30 })).body.data;
    const foreign = (await make(platform, { name: "Platform's", writable: 0, ttlDays: 30 })).body.data;
    await cloud.request("/device/project/list", { token: mine.key, ip: "10.1.2.3" });
    const tenantPage = (token: string, query = "") =>
      cloud.request<Page<TenantApiKeyRow>>(`/sys/apiKey/tenantPage?current=1&size=100${query}`, { token, language: "en" });

    const seen = (await tenantPage(admin)).body.data.records;
    const row = seen.find((r) => r.id === mine.id)!;
    expect(row).toMatchObject({ userId: ids.operator, name: "Operator's script", writable: 1, projectNames: ["Binjiang Garden Phase II foundation pit monitoring"], status: 1, lastUsedIp: "10.1.2.3" });
    expect(row.owner).toContain("operator01");
    expect(row.lastUsedAt).not.toBeNull();
    expect(seen.some((r) => r.id === foreign.id)).toBe(false);
    expect(JSON.stringify(seen)).not.toContain(mine.key);
    // The platform's administrator sees the platform tenant's keys only.
    const theirs = (await tenantPage(platform)).body.data.records;
    expect(theirs.map((r) => r.id)).toContain(foreign.id);
    expect(theirs.some((r) => r.id === mine.id)).toBe(false);
    // Searched by owner (account or real name) and by key name.
    expect((await tenantPage(admin, "&owner=operator0")).body.data.records.map((r) => r.id)).toContain(mine.id);
    expect((await tenantPage(admin, "&owner=demoadmin")).body.data.records.some((r) => r.id === mine.id)).toBe(false);
    expect((await tenantPage(admin, `&name=${encodeURIComponent("script")}`)).body.data.records.map((r) => r.id)).toEqual([mine.id]);

    // A plain user reaches neither the list nor the revoke, not even for their own key.
    expect((await tenantPage(operator)).body.code).toBe(403);
    expect((await cloud.request("/sys/apiKey/tenantRevoke", { token: operator, body: { ids: [mine.id] } })).body.code).toBe(403);
    // Nor does a key, even its administrator's read-write one.
    const adminKey = (await make(admin, { name: "Admin's RW", writable: 1, ttlDays: 7 })).body.data;
    expect((await tenantPage(adminKey.key)).body).toMatchObject({ code: 403, msg: "An API key cannot do this: sign in to the console" });
    expect((await cloud.request("/sys/apiKey/tenantRevoke", { token: adminKey.key, body: { ids: [mine.id] }, language: "en" })).body.code).toBe(403);

    // Another tenant's key is not revoked by its id.
    expect((await cloud.request<{ deleted: number }>("/sys/apiKey/tenantRevoke", { token: admin, body: { ids: [foreign.id] } })).body.data.deleted).toBe(0);
    expect((await cloud.request("/device/project/list", { token: foreign.key })).body.code).toBe(200);
    // The tenant's is, at once.
    expect((await cloud.request<{ deleted: number }>("/sys/apiKey/tenantRevoke", { token: admin, body: { ids: [mine.id] } })).body.data.deleted).toBe(1);
    expect((await devicePage(mine.key, riverside)).body).toMatchObject({ code: 401, msg: "The API key is unknown, revoked or expired" });
    expect((await tenantPage(admin)).body.data.records.find((r) => r.id === mine.id)?.status).toBe(3);
    expect((await cloud.request<Page<ApiKeyRow>>("/sys/apiKey/page?current=1&size=100", { token: operator })).body.data.records.find((r) => r.id === mine.id)?.status).toBe(3);
  });

  it("checks names, lifetimes and access levels", async () => {
    expect((await make(operator, { name: "", writable: 0, ttlDays: 7 })).body.code).toBe(400);
    expect((await make(operator, { name: "x", writable: 2, ttlDays: 7 })).body.code).toBe(400);
    expect((await make(operator, { name: "x", writable: 0, ttlDays: 5 })).body.code).toBe(400);
  });

  // Last: it moves the clock past the sessions' lifetime too.
  it("refuses a key once it expires", async () => {
    const riverside = await projectId(RIVERSIDE);
    const week = (await make(operator, { name: "A week", writable: 0, ttlDays: 7 })).body.data;
    expect((await devicePage(week.key, riverside)).body.code).toBe(200);
    cloud.advance(7 * 86_400_000 - 60_000);
    expect((await devicePage(week.key, riverside)).body.code).toBe(200);
    cloud.advance(61_000);
    expect((await devicePage(week.key, riverside)).body).toMatchObject({ code: 401, msg: "The API key is unknown, revoked or expired" });
  });
});
