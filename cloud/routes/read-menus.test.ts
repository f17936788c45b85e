import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { menus, projects, roleMenus, roles, userRoles } from "../db/schema";
import { tenantOf } from "../lib/scope";
import { signedIn, type TestCloud } from "../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);

/** The services whose reads follow their screens (issue 32 §5). */
const SERVICES = ["/push/pushConfig", "/device/linkage", "/alarm/link", "/alarm/linkGroup", "/alarm/rule", "/comm/connect"];
/** Reads of those services that other screens the operator has make: the charts' alarm lines, the device page's linkage pad. */
const OTHER_SCREENS = ["/alarm/rule/alarmLines", "/device/linkage/model"];
/** Reads that are POSTs: spreadsheets. */
const POST_READS = /\/(export\w*|template)$/;

describe("reads of administration screens", () => {
  it("answer 403 to a project user without their menus, on every read route", async () => {
    const [project] = await cloud.db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id));
    const reads = [...new Map(cloud.app.routes.map((r) => [`${r.method} ${r.path}`, r])).values()]
      .filter((r) => (r.method === "GET" || (r.method === "POST" && POST_READS.test(r.path))) && !/[:*]/.test(r.path))
      .map((r) => ({ method: r.method, path: r.path.replace(/^\/iotCloud/, "") }))
      .filter((r) => SERVICES.some((s) => r.path.startsWith(`${s}/`)) && !OTHER_SCREENS.includes(r.path));
    expect(reads.length).toBeGreaterThan(20);
    const answers = async (token: string) =>
      Promise.all(
        reads.map(async (r) => {
          // A spreadsheet answer is not JSON (the test client throws on it): it was read.
          const res = await cloud.request(`${r.path}?id=1&current=1&size=10&deviceId=1&productId=1&pointId=1`, { token, method: r.method, body: r.method === "POST" ? {} : undefined, headers: { projectid: String(project.id) } }).catch(() => ({ status: 200, body: { code: 200 } }));
          return `${r.method} ${r.path} ${res.status === 403 || res.body.code === 403 ? 403 : "read"}`;
        }),
      );
    const byOperator = await answers(operator);
    expect(byOperator.filter((a) => !a.endsWith(" 403"))).toEqual([]);
    // The same calls by the tenant's administrator, who has the menus: none is refused, so the 403s above are the menu check's.
    expect((await answers(admin)).filter((a) => a.endsWith(" 403"))).toEqual([]);
  });

  it("give a rule editor's recipient picker contact names only, not phones or e-mail", async () => {
    const db = cloud.db;
    const [menu] = await db.select().from(menus).where(and(eq(menus.scope, "tenant"), eq(menus.path, "/linkage")));
    const [role] = await db.insert(roles).values({ tenantId: 2, name: "linkage editor", code: "linkageOnly", kind: 2 }).returning();
    await db.insert(roleMenus).values({ roleId: role.id, menuId: menu.id });
    const userId = await cloud.addUser({ tenantId: 2, username: "linkageonly", password: "Linkage@2026" });
    await db.insert(userRoles).values({ userId, roleId: role.id });
    const token = await cloud.login("linkageonly", "Linkage@2026", 2);
    const page = await cloud.request<{ records: Record<string, unknown>[] }>("/alarm/link/page?current=1&size=100", { token });
    expect(page.body.code).toBe(200);
    expect(page.body.data.records.length).toBeGreaterThan(0);
    for (const r of page.body.data.records) expect(Object.keys(r).sort()).toEqual(["id", "linkName"]);
    // Searching by phone would tell the numbers one by one.
    expect((await cloud.request("/alarm/link/page?current=1&size=10&phone=139", { token })).body.code).toBe(403);
    expect((await cloud.request("/alarm/link/export", { token, body: {} })).status).not.toBe(200);
    expect((await cloud.request<{ records: unknown[] }>("/alarm/linkGroup/list?current=1&size=10", { token })).body.code).toBe(200);
    const whole = await cloud.request<{ records: Record<string, unknown>[] }>("/alarm/link/page?current=1&size=100", { token: admin });
    expect(whole.body.data.records.some((r) => r.phone)).toBe(true);
  });
});
