import { asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { devices, linkageRules, products, projects, pushConfigs } from "../db/schema";
import { tenantOf } from "../lib/scope";
import { signedIn, type TestCloud } from "../testing";
import { SERVED } from "../app";

/** Every cell of a workbook, as one text. */
async function cellsOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => void cells.push(String(cell.text)))));
  return cells.join("\n");
}

let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

/** The clear values of every secret the test stores: none may appear in a stored row or in any answer. */
const SECRETS = ["push-marked-0x51", "push-authorization-0x52", "linkage-authorization-0x53", "linkage-marked-0x54"];

describe("stored secrets", () => {
  it("are sealed in the database and never answered in clear by any read route", async () => {
    const db = cloud.db;
    const [project] = await db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id));
    const headers = { projectid: String(project.id) };
    const push = await cloud.request<{ id: number }>("/push/pushConfig/add", {
      token: admin,
      headers,
      body: {
        pushName: "sealed",
        method: "POST",
        address: "https://receiver.example/in",
        pushData: [1],
        deviceScope: 1,
        deviceIds: [],
        headers: [
          { name: "X-Auth", value: SECRETS[0], secret: true },
          // Unmarked, but named as a credential.
          { name: "Authorization", value: `Bearer ${SECRETS[1]}`, secret: false },
        ],
        params: [],
        enableStatus: 2,
      },
    });
    expect(push.body.code, JSON.stringify(push.body)).toBe(200);
    const [product] = await db.select().from(products).where(tenantOf(2).where(products, eq(products.monitorType, "tilt")));
    const [device] = await db.select().from(devices).where(eq(devices.productId, product.id)).orderBy(asc(devices.id));
    await db.update(devices).set({ projectId: project.id }).where(eq(devices.id, device.id));
    const rule = await cloud.request<{ id: number }>("/device/linkage/add", {
      token: admin,
      headers,
      body: {
        ruleName: "sealed",
        triggers: [{ termType: 1, deviceId: device.id, identifier: "angleX", symbol: 2, value: 0.5, durationSec: 30 }],
        actions: [
          {
            actionType: 3,
            method: "POST",
            url: "https://receiver.example/hook",
            headers: [
              { key: "Authorization", value: `Bearer ${SECRETS[2]}` },
              { key: "X-Sign", value: SECRETS[3], secret: true },
              { key: "X-Site", value: "A1" },
            ],
            body: "{}",
            encoding: "UTF-8",
          },
        ],
      },
    });
    expect(rule.body.code, JSON.stringify(rule.body)).toBe(200);

    const stored = JSON.stringify([
      await db.select().from(pushConfigs).where(eq(pushConfigs.id, push.body.data.id)),
      await db.select().from(linkageRules).where(eq(linkageRules.id, rule.body.data.id)),
    ]);
    for (const s of SECRETS) expect(stored).not.toContain(s);
    expect(stored).toContain("A1");

    // Every GET route the cloud serves, asked for each stored row by id (and as a page): none answers a secret.
    const routes = [...new Set(cloud.app.routes.filter((r) => r.method === "GET" && !/[:*]/.test(r.path)).map((r) => r.path.replace(/^\/iotCloud/, "")))];
    expect(routes.length).toBeGreaterThan(100);
    const leaks: string[] = [];
    for (const path of routes)
      for (const id of [push.body.data.id, rule.body.data.id]) {
        const res = await cloud.app.request(`/iotCloud${path}?id=${id}&configId=${push.body.data.id}&current=1&size=100`, { headers: { ...headers, authorization: `Bearer ${admin}` } });
        const text = Buffer.from(await res.arrayBuffer()).toString("latin1");
        if (SECRETS.some((s) => text.includes(s))) leaks.push(path);
      }
    // Every export (an xlsx: its cells, not its zipped bytes), for all rows and for the two by id.
    const exports = SERVED.filter(({ call }) => call.kind === "export").map(({ call }) => call.path);
    expect(exports.length).toBeGreaterThan(10);
    let seen = "";
    for (const path of exports)
      for (const body of [{}, { ids: [push.body.data.id, rule.body.data.id] }]) {
        const res = await cloud.app.request(`/iotCloud/${path}`, { method: "POST", body: JSON.stringify(body), headers: { ...headers, authorization: `Bearer ${admin}`, "content-type": "application/json" } });
        const bytes = Buffer.from(await res.arrayBuffer());
        const text = res.headers.get("content-type")?.includes("json") ? bytes.toString("utf8") : await cellsOf(bytes);
        if (SECRETS.some((s) => text.includes(s))) leaks.push(`export ${path}`);
        seen += text;
      }
    // The walk read cells (column titles), not zipped bytes in which no text would ever be found.
    expect(seen).toContain("名称");
    expect(leaks).toEqual([]);
    const info = await cloud.request<{ actions: { headers: unknown[] }[] }>(`/device/linkage/info?id=${rule.body.data.id}`, { token: admin, headers });
    expect(info.body.data.actions[0].headers).toEqual([
      { key: "Authorization", value: "******", secret: true },
      { key: "X-Sign", value: "******", secret: true },
      { key: "X-Site", value: "A1", secret: false },
    ]);
  });
});
