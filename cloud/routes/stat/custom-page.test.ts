import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CustomPageRow } from "@/lib/contract/report/page";
import { devices, projects, telemetryHourly } from "../../db/schema";
import { deviceNameIn } from "../../db/queries/names";
import { signedIn, SETUP_MS, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);

let projectId: number;
let otherProjectId: number;
let deviceId: number;
let deviceName: string;
const HOUR = 3600_000;

const call = <T>(path: string, token: string, body?: unknown, prj = projectId, language?: string) => cloud.request<T>(`/stat/customPage${path}`, { token, body, language, headers: { projectid: String(prj) } });
/** An hourly value of the test's point, `hoursAgo` before the test's clock. */
const hourly = (hoursAgo: number, v: number) => {
  const hour = new Date(Math.floor(cloud.now().getTime() / HOUR) * HOUR - hoursAgo * HOUR);
  return { deviceId, identifier: "settle", hour, n: 1, sum: v, min: v, minTs: hour, max: v, maxTs: hour, first: v, firstTs: hour, last: v, lastTs: hour };
};

beforeAll(async () => {
  const prjs = await cloud.db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id));
  [projectId, otherProjectId] = prjs.map((p) => p.id);
  // The page reads in English: the point is named by the device's English name.
  const [dev] = await cloud.db.select({ id: devices.id, deviceName: deviceNameIn("en") }).from(devices).where(tenantOf(2).where(devices)).orderBy(asc(devices.id)).limit(1);
  ({ id: deviceId, deviceName } = dev);
  await cloud.db.update(devices).set({ projectId }).where(eq(devices.id, deviceId));
  // Settlement over the last two days (and one value older than the page's day, not shown).
  await cloud.db.insert(telemetryHourly).values([hourly(60, 99), ...Array.from({ length: 48 }, (_, i) => hourly(47 - i, 2 + i * 0.25))]);
}, SETUP_MS);

const DOC = () =>
  [
    `<h2>沉降</h2>`,
    `<div data-report-block="pointTable" data-points="${deviceId}:settle" data-warn="10"></div>`,
    `<div data-report-block="chart" data-points="${deviceId}:settle" data-warn="10"></div>`,
    `<div data-report-block="conclusion" data-points="${deviceId}:settle" data-warn="10" data-alarm="20"></div>`,
    `<img src=x onerror=alert(1)>`,
  ].join("");

describe("custom pages", () => {
  it("an empty page answers its defaults; a page saved with three blocks is kept per project and page, sanitised", async () => {
    const empty = await call<CustomPageRow>("/byPage?page=2", admin);
    expect(empty.body.data).toMatchObject({ page: 2, content: "", days: 7, updateTime: null });
    const saved = await call<CustomPageRow>("/save", admin, { page: 2, title: "沉降看板", days: 7, content: DOC() });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.content).not.toContain("onerror");
    const again = await call<CustomPageRow>("/save", admin, { page: 2, title: "沉降看板", days: 1, content: DOC() });
    expect(again.body.data.days).toBe(1);
    const read = await call<CustomPageRow>("/byPage?page=2", admin);
    expect(read.body.data).toMatchObject({ title: "沉降看板", days: 1 });
    expect(read.body.data.content).toContain(`data-report-block="conclusion"`);
    const other = await call<CustomPageRow>("/byPage?page=2", admin, undefined, otherProjectId);
    expect(other.body.data.content).toBe("");
    const page1 = await call<CustomPageRow>("/byPage?page=1", admin);
    expect(page1.body.data.content).toBe("");
  });

  it("shows the blocks live: the last day's values, then a newer value as soon as it is stored", async () => {
    const view = await call<{ html: string; from: string; to: string }>("/view?page=2", admin, undefined, projectId, "en");
    expect(view.body.code).toBe(200);
    const html = view.body.data.html;
    // One day back: the 24 hours before the clock, 7.75 … 13.5 (the value 60 hours ago is outside).
    expect(html).toContain("<td>7.75</td><td>13.5</td>");
    expect(html).not.toContain("<td>99</td>");
    expect(html).toContain("<svg");
    expect(html).toContain(`The point stayed within the warning value 10.`);
    expect(Date.parse(view.body.data.to) - Date.parse(view.body.data.from)).toBe(86_400_000);
    // Half an hour later a value of this hour is stored: the next view reads it (and the day has moved on by an hour).
    cloud.advance(30 * 60_000);
    await cloud.db.update(telemetryHourly).set({ sum: 30, min: 30, max: 30, first: 30, last: 30 }).where(and(eq(telemetryHourly.deviceId, deviceId), eq(telemetryHourly.identifier, "settle"), eq(telemetryHourly.hour, hourly(0, 30).hour)));
    const live = await call<{ html: string }>("/view?page=2", admin, undefined, projectId, "en");
    expect(live.body.data.html).toContain("<td>8</td><td>30</td>");
    expect(live.body.data.html).toContain(`1 point is over the alarm value 20: ${deviceName} · settle.`);
    const dark = await call<{ html: string }>("/view?page=2&theme=dark", admin);
    expect(dark.body.data.html).toContain("#1d1e1f");
    expect(dark.body.data.html).toContain("本期最大变化");
  });

  it("refuses a page that is not one of the three, a user without the pages, and another tenant's project", async () => {
    const bad = await call("/byPage?page=4", admin, undefined, projectId, "en");
    expect(bad.body.code).toBe(400);
    const op = await call("/byPage?page=2", operator);
    expect(op.body.code).toBe(403);
    const opSave = await call("/save", operator, { page: 2, content: "<p>x</p>" });
    expect(opSave.body.code).toBe(403);
    const [foreign] = await cloud.db.insert(projects).values({ tenantId: 1, prjName: "平台项目" } as typeof projects.$inferInsert).returning({ id: projects.id });
    const elsewhere = await call("/view?page=2", admin, undefined, foreign.id);
    expect(elsewhere.body.code).not.toBe(200);
  });
});
