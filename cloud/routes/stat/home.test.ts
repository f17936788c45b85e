import { describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import type { HomeSummary } from "@/lib/contract/home";
import { alarms, devices, products, projects, tenants } from "../../db/schema";
import { lastDays } from "../../db/queries/home";
import { pgArray } from "../../ingest/pg-array";
import { sha256 } from "../../lib/crypto";
import { signedIn, SETUP_MS, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";
import { propId } from "../../db/queries/telemetry-props";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s), ["admin", "operator", "platform"]);

const H = 3600_000;
const summary = async (token: string, projectId?: number) => {
  const res = await cloud.request<HomeSummary>("/stat/home/summary", { token, headers: projectId ? { projectid: String(projectId) } : undefined });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** `n` telemetry rows of a device, one a minute, ending at `end`. */
async function values(deviceId: number, end: Date, n: number) {
  const times = Array.from({ length: n }, (_, i) => new Date(end.getTime() - i * 60_000));
  await cloud.db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
    select ${deviceId}, ${await propId(cloud.db, "home_test")}, unnest(${pgArray(times)}::timestamptz[]), 1`);
  await cloud.db.execute(sql`insert into telemetry_latest (device_id, identifier, ts, num) values (${deviceId}, 'home_test', ${end.toISOString()}::timestamptz, 1)
    on conflict (device_id, identifier) do update set ts = excluded.ts`);
}

async function alarm(tenantId: number, projectId: number, at: Date, status = 1, levelNum = 3) {
  await cloud.db.insert(alarms).values({ tenantId, projectId, alarmName: "home test", levelNum, levelName: `L${levelNum}`, levelColor: "#ff0000", status, triggeredAt: at, lastTriggeredAt: at });
}

describe("stat/home/summary", { timeout: SETUP_MS }, () => {
  it("counts seven platform days ending today, the first from its midnight at UTC+8", () => {
    // 2026-03-02 08:00 UTC is 16:00 in the platform's zone.
    const { keys, from } = lastDays(new Date("2026-03-02T08:00:00Z"));
    expect(keys).toEqual(["2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(from.toISOString()).toBe("2026-02-23T16:00:00.000Z");
    // Just after midnight there the new day is already today.
    expect(lastDays(new Date("2026-03-01T16:30:00Z"), 1).keys).toEqual(["2026-03-02"]);
  });

  it("answers the tenant's projects, devices by status, open alarms by level, and alarms and values per day", async () => {
    const now = cloud.now();
    const prjs = await cloud.db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id));
    const [riverside, metro] = prjs;
    const devs = await cloud.db.select().from(devices).where(eq(devices.projectId, riverside.id)).orderBy(asc(devices.id));
    await cloud.db.update(devices).set({ status: 2 }).where(eq(devices.id, devs[0].id));
    await cloud.db.update(devices).set({ status: 3 }).where(eq(devices.id, devs[1].id));
    await values(devs[0].id, now, 30);
    await values(devs[1].id, new Date(now.getTime() - 2 * 24 * H), 5);
    // Older than the window: not counted.
    await values(devs[2].id, new Date(now.getTime() - 9 * 24 * H), 4);
    await alarm(2, riverside.id, new Date(now.getTime() - H), 1, 4);
    await alarm(2, metro.id, new Date(now.getTime() - 24 * H), 2, 2);
    await alarm(2, metro.id, new Date(now.getTime() - 24 * H), 4, 2);

    const s = await summary(admin);
    expect(s.projectNums).toBe(prjs.length);
    const all = await cloud.db.select({ status: devices.status }).from(devices).where(tenantOf(2).where(devices));
    expect(s.devices.total).toBe(all.length);
    expect(s.devices.online).toBe(all.filter((d) => d.status === 2).length);
    expect(s.devices.offline).toBe(all.filter((d) => d.status === 3).length);
    expect(s.devices.inactive + s.devices.online + s.devices.offline).toBe(s.devices.total);

    // Seeded alarms carry the real date, far from the test clock: only the open ones count here.
    const open = await cloud.db.select({ levelNum: alarms.levelNum }).from(alarms).where(sql`${alarms.tenantId} = 2 and ${alarms.status} in (1, 2, 3)`);
    expect(s.alarmLevels.reduce((n, l) => n + l.count, 0)).toBe(open.length);
    expect(s.alarmLevels.map((l) => l.levelNum)).toEqual([...s.alarmLevels.map((l) => l.levelNum)].sort((a, b) => b! - a!));

    expect(s.days.map((d) => d.day)).toEqual(lastDays(now).keys);
    expect(s.days.at(-1)).toEqual({ day: "2026-03-02", alarms: 1, values: 30 });
    expect(s.days.at(-2)).toEqual({ day: "2026-03-01", alarms: 2, values: 0 });
    expect(s.days.at(-3)).toEqual({ day: "2026-02-28", alarms: 0, values: 5 });
    expect(s.days.reduce((n, d) => n + d.values, 0)).toBe(35);

    const river = s.projects.find((p) => p.id === riverside.id)!;
    expect(river).toMatchObject({ prjName: riverside.prjName, lng: riverside.prjLongitude, lat: riverside.prjLatitude, online: 1, offline: 1 });
    expect(river.openAlarms).toBe(open.length - 1);
    expect(s.projects.find((p) => p.id === metro.id)!.openAlarms).toBe(1);
  });

  it("keeps to the projects a member may see, and to the caller's tenant", async () => {
    // Another tenant with a project, an online device, values and an open alarm.
    const [other] = await cloud.db.insert(tenants).values({ name: "其他租户", code: "home_other" }).returning();
    const [prj] = await cloud.db.insert(projects).values({ tenantId: other.id, prjName: "别家项目", prjLongitude: 121, prjLatitude: 31 }).returning();
    const [prod] = await cloud.db.select({ id: products.id }).from(products).limit(1);
    const [dev] = await cloud.db.insert(devices).values({ tenantId: other.id, projectId: prj.id, productId: prod.id, deviceName: "别家设备", deviceSn: "HOME-OTHER-1", secretHash: sha256("x"), status: 2 }).returning();
    await values(dev.id, cloud.now(), 50);
    await alarm(other.id, prj.id, cloud.now());

    const mine = await summary(admin);
    expect(mine.projects.some((p) => p.id === prj.id)).toBe(false);
    expect(mine.days.at(-1)!.values).toBe(30);

    // The operator is a member of the first project only.
    const op = await summary(operator);
    const [riverside] = await cloud.db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id)).limit(1);
    expect(op.projectNums).toBe(1);
    expect(op.projects.map((p) => p.id)).toEqual([riverside.id]);
    expect(op.days.at(-2)!.alarms).toBe(0);
    expect(op.devices.total).toBe((await cloud.db.select().from(devices).where(eq(devices.projectId, riverside.id))).length);

    // A chosen project: its figures only (issue 40); an empty one shows nothing of the tenant's.
    const chosen = await summary(admin, riverside.id);
    expect(chosen.projectNums).toBe(1);
    expect(chosen.devices.total).toBe(op.devices.total);
    const [empty] = await cloud.db.insert(projects).values({ tenantId: 2, prjName: "空项目" }).returning();
    expect(await summary(admin, empty.id)).toMatchObject({ projectNums: 1, devices: { total: 0 }, alarmLevels: [] });
    await cloud.db.delete(projects).where(eq(projects.id, empty.id));

    // The platform has no projects of its own: an honest zero, not the tenants' figures.
    const p = await summary(platform);
    expect(p).toMatchObject({ projectNums: 0, devices: { total: 0, inactive: 0, online: 0, offline: 0 }, alarmLevels: [], projects: [] });
    expect(p.days.every((d) => d.alarms === 0 && d.values === 0)).toBe(true);
  });

  it("needs a session", async () => {
    const res = await cloud.request("/stat/home/summary");
    expect(res.body.code).toBe(401);
  });
});
