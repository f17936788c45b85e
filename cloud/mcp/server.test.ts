import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ApiKeyCreated } from "@/lib/contract/system/api-key";
import { alarms, projects } from "../db/schema";
import { signedIn, type TestCloud } from "../testing";
import { seriesStats } from "./composed";
import { compact } from "./tools";

let cloud: TestCloud;
let operator: string;
signedIn((s) => ({ cloud, operator } = s), ["operator"]);

const makeKey = async (token: string, body: Record<string, unknown> = {}) =>
  (await cloud.request<ApiKeyCreated>("/sys/apiKey/add", { token, body: { name: "MCP", writable: 0, ttlDays: 30, ...body } })).body.data;
const projectId = async (name: string) => (await cloud.db.select({ id: projects.id }).from(projects).where(eq(projects.prjName, name)))[0].id;

/** The SDK's own client, over the cloud's app in-process (no port). */
async function connect(key: string, language = "en") {
  const transport = new StreamableHTTPClientTransport(new URL("http://cloud.test/iotCloud/mcp"), {
    requestInit: { headers: { authorization: `Bearer ${key}`, language } },
    fetch: async (url, init) => cloud.app.request(String(url), init as RequestInit),
  });
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}
const text = (r: unknown) => (r as { content: { text: string }[] }).content[0].text;

describe("MCP server", () => {
  it("lists the tools of a read-only key of operator01, reads its project's alarms and series, and refuses the rest", async () => {
    const { key } = await makeKey(operator);
    const client = await connect(key);
    const { tools } = await client.listTools();
    const names = tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(["search_devices", "latest_values", "series_stats", "open_alarms", "alarm_core_page", "device_device_page"]));
    // Never the caller's own security, never a write with a read-only key.
    expect(names.some((n) => n.startsWith("sys_apiKey") || n.startsWith("sys_safety"))).toBe(false);
    expect(tools.every((x) => x.annotations?.readOnlyHint === true)).toBe(true);
    const page = tools.find((x) => x.name === "device_device_page")!;
    expect(page.description).toMatch(/\/ /); // both languages
    // Named as the API reference names it: the entity's title, never the path's stand-in.
    expect(page.description).toContain("A page of Devices / 分页查询设备列表");
    const fromCatalogue = tools.filter((x) => x.description?.includes("(GET "));
    expect(fromCatalogue.length).toBeGreaterThan(100);
    const standIn = (path: string) => `${path.split("/").slice(1, -1).join(" / ")}: ${path.split("/").pop()}`;
    expect(fromCatalogue.filter((x) => x.description!.startsWith(standIn(x.description!.match(/\(GET (.+)\)$/)![1]))).map((x) => x.name)).toEqual([]);
    expect(page.inputSchema.required).toContain("projectId");

    const riverside = await projectId("滨江花园二期基坑监测");
    const metro = await projectId("地铁 5 号线隧道结构监测");
    const alarms = JSON.parse(text(await client.callTool({ name: "open_alarms", arguments: {} })));
    expect(alarms.total).toBeGreaterThan(0);
    expect(alarms.alarms.every((a: { project: string; link: string }) => a.project === "Binjiang Garden Phase II foundation pit monitoring" && a.link.startsWith("/alarm/alarmCenterInfo?id="))).toBe(true);

    const devices = JSON.parse(text(await client.callTool({ name: "device_device_page", arguments: { projectId: riverside, current: 1, size: 5 } })));
    expect(devices.records.length).toBeGreaterThan(0);
    const device = devices.records[0];
    const latest = JSON.parse(text(await client.callTool({ name: "latest_values", arguments: { deviceId: device.id } })));
    const identifier = latest.values[0]?.identifier;
    expect(identifier).toBeTruthy();
    const series = await client.callTool({ name: "series_stats", arguments: { deviceId: device.id, identifier, days: 7 } });
    expect(series.isError).toBe(false);
    const s = JSON.parse(text(series));
    expect(s).toMatchObject({ identifier, days: 7 });
    expect(s.points.length).toBeLessThanOrEqual(100);

    // Another project's devices: refused by the same project check as the console.
    const foreign = await client.callTool({ name: "device_device_page", arguments: { projectId: metro, current: 1, size: 5 } });
    expect(foreign.isError).toBe(true);
    expect(text(foreign)).toBe(`You have no access to project ${metro}: choose one of your projects`);
    // A write is no tool of a read-only key.
    const write = await client.callTool({ name: "alarm_core_addManual", arguments: {} });
    expect(write.isError).toBe(true);
    await client.close();
  });

  it("offers the writes to a read-write key only, marked destructive, and runs them as its user", async () => {
    const riverside = await projectId("滨江花园二期基坑监测");
    const [alarm] = await cloud.db.select().from(alarms).where(and(eq(alarms.projectId, riverside), eq(alarms.status, 1))).limit(1);
    const readOnly = await connect((await makeKey(operator)).key);
    expect((await readOnly.listTools()).tools.some((x) => x.name === "accept_alarm")).toBe(false);
    expect((await readOnly.callTool({ name: "accept_alarm", arguments: { alarmId: alarm.id } })).isError).toBe(true);
    await readOnly.close();
    const client = await connect((await makeKey(operator, { writable: 1 })).key);
    const accept = (await client.listTools()).tools.find((x) => x.name === "accept_alarm")!;
    expect(accept.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(accept.description).toMatch(/^WRITE/);
    const out = await client.callTool({ name: "accept_alarm", arguments: { alarmId: alarm.id } });
    expect(JSON.parse(text(out))).toEqual({ id: alarm.id, status: 2 });
    expect((await cloud.db.select({ s: alarms.status }).from(alarms).where(eq(alarms.id, alarm.id)))[0].s).toBe(2);
    // The user's own rights and no more: operator01 may not command devices, nor may its key.
    const cmd = await client.callTool({ name: "set_device_property", arguments: { deviceId: 1, identifier: "x", value: 1 } });
    expect(cmd.isError).toBe(true);
    await client.close();
  });

  it("keeps secrets and long lists out of answers", () => {
    const out = compact({ name: "n", deviceSecret: "abc", nested: [{ pushToken: "t", value: 1 }], rows: Array.from({ length: 150 }, (_, i) => i) }) as Record<string, unknown>;
    expect(out).toMatchObject({ name: "n", deviceSecret: "[hidden]", nested: [{ pushToken: "[hidden]", value: 1 }] });
    expect((out.rows as unknown[]).length).toBe(101);
    expect((out.rows as unknown[]).at(-1)).toBe("… 50 more");
  });

  it("refuses a session token, a revoked key at once and an expired key", async () => {
    await expect(connect(operator)).rejects.toThrow();
    const made = await makeKey(operator, { ttlDays: 7 });
    const client = await connect(made.key);
    expect((await client.listTools()).tools.length).toBeGreaterThan(4);
    await cloud.request("/sys/apiKey/del", { token: operator, body: { ids: [made.id] } });
    await expect(client.listTools()).rejects.toThrow();
    const week = await makeKey(operator, { ttlDays: 7 });
    const c2 = await connect(week.key);
    cloud.advance(7 * 86_400_000 + 1000);
    await expect(c2.listTools()).rejects.toThrow();
  });

  it("sums a series up", () => {
    const day = 86_400_000;
    expect(seriesStats([[0, 2], [day, 5], [2 * day, 1], [4 * day, 6]])).toMatchObject({ count: 4, min: { value: 1 }, max: { value: 6 }, change: 4, ratePerDay: 1 });
    expect(seriesStats([])).toBeNull();
  });
});
