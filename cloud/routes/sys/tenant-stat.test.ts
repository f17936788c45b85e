import { describe, expect, it } from "vitest";
import { ne, sql } from "drizzle-orm";
import type { TenantAreaPoint, TenantDeviceNums, TenantNumStat, TenantTrendPoint } from "@/lib/contract/system/tenant";
import { devices, products, projects, tenants, users } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { signedIn, SETUP_MS, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let platform: string;
let demo: string;
signedIn((s) => ({ cloud, platform, admin: demo } = s), ["platform", "admin"]);

const get = async <T,>(path: string, token = platform) => {
  const res = await cloud.request<T>(`/sys/tenant/${path}`, { token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const countOf = async (table: typeof users | typeof projects | typeof devices, where = ne(table.tenantId, 1)) => (await cloud.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0].n;

describe("sys/tenant statistics", { timeout: SETUP_MS }, () => {
  it("are for the platform's administrators only", async () => {
    for (const path of ["numStat", "trendChart", "areaChart", "statDeviceNums"]) {
      expect((await cloud.request(`/sys/tenant/${path}`, { token: demo })).status).toBe(403);
      expect((await cloud.request(`/sys/tenant/${path}`)).status).toBe(401);
    }
  });

  it("count tenants, users, projects and devices, per month, per province and per tenant", async () => {
    const now = cloud.now();
    // A tenant of this month in Zhejiang, whose contract ends within the 30-day default window, one
    // expired, each with a project in Guangdong and an online device.
    const [prod] = await cloud.db.select({ id: products.id }).from(products).limit(1);
    const added: { id: number }[] = [];
    for (const [i, contractEnd] of [new Date(now.getTime() + 10 * 86_400_000), new Date(now.getTime() - 86_400_000)].entries()) {
      const [t] = await cloud.db.insert(tenants).values({ name: `统计租户${i}`, code: `stat_${i}`, areaCode: "330106", contractStart: new Date("2026-01-01"), contractEnd, createdAt: now }).returning();
      const [p] = await cloud.db.insert(projects).values({ tenantId: t.id, prjName: `统计项目${i}`, areaCode: "440305" }).returning();
      await cloud.db.insert(devices).values({ tenantId: t.id, projectId: p.id, productId: prod.id, deviceName: `统计设备${i}`, deviceSn: `STAT-${i}`, secretHash: sha256("x"), status: 2, createdAt: now });
      added.push(t);
    }

    const stat = await get<TenantNumStat>("numStat");
    const total = (await cloud.db.select().from(tenants).where(ne(tenants.id, 1))).length;
    expect(stat).toMatchObject({ total, expiring: 1, expired: 1 });
    expect(stat.userNums).toBe(await countOf(users));
    expect(stat.projectNums).toBe(await countOf(projects));
    expect(stat.deviceNums).toBe(await countOf(devices));
    expect(stat.onlineNums).toBe(await countOf(devices, sql`${devices.tenantId} <> 1 and ${devices.status} = 2`));

    const trend = await get<TenantTrendPoint[]>("trendChart");
    expect(trend).toHaveLength(12);
    expect(trend[0].month).toBe("2025-04");
    // The seeded demo tenant and its devices carry the real date, not the test clock's month.
    expect(trend.at(-1)).toEqual({ month: "2026-03", count: 2, deviceNums: 2 });

    const area = await get<TenantAreaPoint[]>("areaChart");
    expect(area).toContainEqual({ areaCode: "33", areaName: "浙江省", count: 2, projectNums: 1 });
    expect(area).toContainEqual({ areaCode: "44", areaName: "广东省", count: 0, projectNums: 2 });
    expect(area[0].areaCode).toBe("44");
    expect(area.reduce((n, p) => n + p.count, 0)).toBe(total);

    const nums = await get<TenantDeviceNums[]>("statDeviceNums");
    expect(nums.map((n) => n.tenantId)).not.toContain(1);
    const demoDevices = await cloud.db.select({ status: devices.status }).from(devices).where(tenantOf(2).where(devices));
    expect(nums.find((n) => n.tenantId === 2)).toEqual({
      tenantId: 2,
      tenantName: "示范租户",
      projectNums: await countOf(projects, tenantOf(2).where(projects)),
      userNums: await countOf(users, tenantOf(2).where(users)),
      deviceNums: demoDevices.length,
      onlineNums: demoDevices.filter((d) => d.status === 2).length,
      offlineNums: demoDevices.filter((d) => d.status === 3).length,
    });
    expect(nums.find((n) => n.tenantId === added[0].id)).toMatchObject({ projectNums: 1, userNums: 0, deviceNums: 1, onlineNums: 1, offlineNums: 0 });
  });
});
