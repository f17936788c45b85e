import { randomBytes } from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { OtaFile, OtaPackage } from "@/lib/contract/ota/package";
import type { OtaNums, OtaTask } from "@/lib/contract/ota/task-api";
import { devices, otaPackages, otaTaskDevices, otaTasks, products, projects } from "../../db/schema";
import { OtaEngine } from "../../ota/engine";
import { signedIn, type TestCloud } from "../../testing";

/**
 * The OTA screen's lists: the products a package may be for (`ota/productList`) and the tasks (`otaTask/page`): who sees
 * what (the platform, every tenant's; a tenant's administrator, nothing of the platform's screen), the tenants a package is
 * offered to (`tenantList`) and a project as the target, paging and the contract's filters, names in the reader's language.
 */
let cloud: TestCloud;
let platform: string;
let admin: string;
signedIn((s) => ({ cloud, platform, admin } = s), ["platform", "admin"]);

type Lang = "en" | "zh-cn";
const get = async <T>(path: string, language: Lang = "en", token = platform) => (await cloud.request<T>(`/device/${path}`, { token, language })).body;
const post = async <T>(path: string, body: unknown, language: Lang = "en", token = platform) => (await cloud.request<T>(`/device/${path}`, { token, body, language })).body;

async function upload(name: string): Promise<OtaFile> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(randomBytes(4096))]), name);
  const res = await cloud.app.request(`/iotCloud/device/ota/uploadFile?productId=${productId}`, { method: "POST", body: form, headers: { authorization: `Bearer ${platform}` } });
  return ((await res.json()) as { data: OtaFile }).data;
}

let productId: number;
let demoTenant: number;
let pkg: OtaPackage;

beforeAll(async () => {
  // A tilt meter product of the demo tenant, whose devices sit in more than one project.
  const [p] = await cloud.db.select({ id: products.id, tenantId: products.tenantId }).from(products).where(eq(products.prodName, "双轴倾角计"));
  productId = p.id;
  demoTenant = p.tenantId;
  // The routes' engine without a device channel: nothing is sent.
  cloud.deps.ota = new OtaEngine(cloud.db, { now: cloud.deps.now, baseUrl: "http://device.test/iotCloud" });
  (cloud.deps.ota as unknown as { sender: unknown }).sender = { command: async () => true };
});

describe("ota/productList", () => {
  it("gives the platform every tenant's products, named in the reader's language", async () => {
    const all = await cloud.db.select({ id: products.id }).from(products);
    const en = await get<{ id: number; prodName: string }[]>("ota/productList");
    expect(en.code).toBe(200);
    expect(en.data.map((p) => p.id).sort((a, b) => a - b)).toEqual(all.map((p) => p.id).sort((a, b) => a - b));
    expect(en.data.find((p) => p.id === productId)?.prodName).toBe("Biaxial tilt meter");
    expect((await get<{ id: number; prodName: string }[]>("ota/productList", "zh-cn")).data.find((p) => p.id === productId)?.prodName).toBe("双轴倾角计");
  });

  it("is the platform's screen: a tenant's administrator is refused, in the reader's language", async () => {
    expect(await get("ota/productList", "en", admin)).toMatchObject({ code: 403, msg: "You are not allowed to do this" });
    expect((await get("ota/productList", "zh-cn", admin)).msg).toBe("没有权限执行此操作");
  });
});

/** The project's task (scheduled), then the chosen devices' (a cron). */
let tasks: OtaTask[];

describe("otaTask/page", () => {
  it("adds tasks of a package offered to the demo tenant (as tenantList names it): for all its devices, and for one project's", async () => {
    const tenants = (await get<{ id: number; tenantName: string }[]>("ota/tenantList")).data;
    const demo = tenants.find((t) => t.tenantName === "Demo tenant");
    expect(demo?.id).toBe(demoTenant);
    const file = await upload("fw-lists.bin");
    const added = await post<OtaPackage>("ota/add", { packageName: "Lists firmware", productId, version: "7.0.1", filePath: file.path, tenantIds: [demo!.id], i18n: { packageName: { "zh-cn": "列表固件" } } });
    expect(added.code).toBe(200);
    pkg = added.data;
    const [project] = await cloud.db
      .selectDistinct({ id: projects.id })
      .from(projects)
      .innerJoin(devices, eq(devices.projectId, projects.id))
      .where(and(eq(devices.productId, productId), eq(projects.tenantId, demoTenant)))
      .limit(1);
    const all = (await post<OtaTask>("otaTask/add", { taskName: "Lists all", packageId: pkg.id, target: 1, taskType: 2, scheduleTime: "2099-01-01 02:00" })).data;
    // Every enabled device of the product, all the demo tenant's: the add answers them counted.
    expect(all.total).toBe((await cloud.db.select({ id: devices.id }).from(devices).where(and(eq(devices.productId, productId), eq(devices.enableStatus, 1)))).length);
    const mine = await cloud.db.select({ tenantId: devices.tenantId }).from(otaTaskDevices).innerJoin(devices, eq(devices.id, otaTaskDevices.deviceId)).where(eq(otaTaskDevices.taskId, all.id));
    expect(new Set(mine.map((d) => d.tenantId))).toEqual(new Set([demoTenant]));
    await post("otaTask/del", { ids: [all.id] });

    const inProject = (await post<OtaTask>("otaTask/add", { taskName: "Lists project", packageId: pkg.id, target: 3, projectId: project.id, taskType: 2, scheduleTime: "2099-01-01 02:00" })).data;
    const inIt = await cloud.db.select({ projectId: devices.projectId }).from(otaTaskDevices).innerJoin(devices, eq(devices.id, otaTaskDevices.deviceId)).where(eq(otaTaskDevices.taskId, inProject.id));
    expect(inIt.length).toBeGreaterThan(0);
    expect(inIt.every((d) => d.projectId === project.id)).toBe(true);
    expect(inProject.total).toBe(inIt.length);
    // A scheduled task holds its devices too: another task for the project finds none free, and says so in the reader's language.
    expect((await post("otaTask/add", { taskName: "Lists none", packageId: pkg.id, target: 3, projectId: project.id }, "zh-cn")).msg).toBe("没有可升级的设备：没有设备符合目标，或都在其他进行中的任务里");
    const rest = await cloud.db.select({ id: devices.id }).from(devices).where(and(eq(devices.productId, productId), ne(devices.projectId, project.id)));
    const listed = (await post<OtaTask>("otaTask/add", { taskName: "Lists chosen", packageId: pkg.id, target: 4, deviceIds: rest.slice(0, 2).map((d) => d.id), taskType: 2, scheduleTime: "0 0 3 * * ? *" })).data;
    tasks = [inProject, listed];
  });

  it("pages the tenant's tasks, newest first, with the package and its version, in the reader's language", async () => {
    const en = await get<Page<OtaTask>>("otaTask/page?current=1&size=1");
    expect(en.code).toBe(200);
    // The seeded demo rollout and the two above.
    expect(en.data.total).toBe(3);
    expect(en.data.records).toHaveLength(1);
    expect(en.data.records[0]).toMatchObject({ id: tasks[1].id, taskName: "Lists chosen", packageName: "Lists firmware", version: "7.0.1", status: 1, taskType: 2 });
    const second = await get<Page<OtaTask>>("otaTask/page?current=2&size=1");
    expect(second.data.records.map((r) => r.id)).toEqual([tasks[0].id]);
    const third = (await get<Page<OtaTask>>("otaTask/page?current=3&size=1", "zh-cn")).data.records[0];
    expect(third).toMatchObject({ taskName: "演示升级 1.2.0", packageName: "演示固件", status: 4 });
    expect((await get<Page<OtaTask>>("otaTask/page?current=3&size=1")).data.records[0]).toMatchObject({ taskName: "Demo rollout 1.2.0", packageName: "Demo firmware" });
    expect((await get<Page<OtaTask>>("otaTask/page?current=1&size=10", "zh-cn")).data.records[1].packageName).toBe("列表固件");
    // Past the end: none, the total still said.
    expect((await get<Page<OtaTask>>("otaTask/page?current=9&size=10")).data).toEqual({ records: [], total: 3 });
  });

  it("filters by the contract's fields: the name in either language, the package, the status, the type; sorts by a sortable field", async () => {
    const ids = async (q: string, language: Lang = "en") => (await get<Page<OtaTask>>(`otaTask/page?${q}`, language)).data.records.map((r) => r.id);
    const [demo] = await cloud.db.select({ id: otaTasks.id }).from(otaTasks).where(eq(otaTasks.taskName, "演示升级 1.2.0"));
    expect(await ids(`taskName=${encodeURIComponent("demo rollout")}`)).toEqual([demo.id]);
    expect(await ids(`taskName=${encodeURIComponent("演示升级")}`, "zh-cn")).toEqual([demo.id]);
    // A pattern's wildcard is a letter like any other.
    expect(await ids(`taskName=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await ids(`packageId=${pkg.id}`)).toEqual([tasks[1].id, tasks[0].id]);
    expect(await ids("status=4")).toEqual([demo.id]);
    expect(await ids("status=1&taskType=2")).toEqual([tasks[1].id, tasks[0].id]);
    expect(await ids("taskType=1")).toEqual([demo.id]);
    expect(await ids("sortField=taskName&sortOrder=asc")).toEqual([tasks[1].id, tasks[0].id, demo.id]);
    expect(await ids("sortField=createTime&sortOrder=asc")).toEqual([demo.id, tasks[0].id, tasks[1].id]);
  });

  it("refuses a bad filter or page in the reader's language, and a tenant's administrator", async () => {
    const bad = await get("otaTask/page?status=x", "zh-cn");
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe("状态：无效的选项");
    expect((await get("otaTask/page?status=9")).msg).toBe("Status: Invalid option");
    expect((await get("otaTask/page?taskType=3")).msg).toBe("Task type: Invalid option");
    expect((await get("otaTask/page?size=0")).msg).toBe("size: Must be at least 1");
    expect(await get("otaTask/page", "en", admin)).toMatchObject({ code: 403, msg: "You are not allowed to do this" });
    expect((await get("otaTask/page", "zh-cn", admin)).msg).toBe("没有权限执行此操作");
  });

  it("shows no other tenant's task, nor one of another tenant's package", async () => {
    const [other] = await cloud.db.insert(otaTasks).values({ tenantId: demoTenant, taskName: "Lists other tenant", packageId: pkg.id }).returning();
    const page = await get<Page<OtaTask>>("otaTask/page?size=50");
    expect(page.data.records.map((r) => r.id)).not.toContain(other.id);
    expect(page.data.total).toBe(3);
    expect((await get<Page<OtaTask>>(`otaTask/page?taskName=${encodeURIComponent("other tenant")}`)).data.total).toBe(0);
    expect((await get(`otaTask/info?id=${other.id}`)).code).not.toBe(200);
    await cloud.db.delete(otaTasks).where(eq(otaTasks.id, other.id));
  });
});

describe("otaTask/nums: the time left", () => {
  it("counts the slower of the rate and the cap on downloads at once, from the product's download time", async () => {
    const [queued] = await cloud.db.select({ id: otaTaskDevices.id }).from(otaTaskDevices).where(eq(otaTaskDevices.taskId, tasks[0].id)).limit(1);
    expect(queued).toBeDefined();
    // Scheduled far ahead: not started, so nothing is left to count yet.
    expect((await get<OtaNums>(`otaTask/nums?id=${tasks[0].id}`)).data.etaMin).toBeNull();
    // A minute's download (at the estimated 50 KB/s, no upgrade of this product having succeeded yet), one at once: one device
    // a minute whatever the rate. Each one left waits its minute; the ones under way take a download's time to finish.
    await cloud.db.update(otaPackages).set({ fileSize: 60 * 50 * 1024 }).where(eq(otaPackages.id, pkg.id));
    const n = (await cloud.db.select({ id: otaTaskDevices.id }).from(otaTaskDevices).where(eq(otaTaskDevices.taskId, tasks[0].id))).length;
    expect(n).toBeGreaterThanOrEqual(2);
    await cloud.db.update(otaTasks).set({ status: 2, startedAt: cloud.now(), maxDownloads: 1, rate: 100 }).where(eq(otaTasks.id, tasks[0].id));
    await cloud.db.update(otaTaskDevices).set({ status: 2, phase: "downloading" }).where(eq(otaTaskDevices.id, queued.id));
    const capped = (await get<OtaNums>(`otaTask/nums?id=${tasks[0].id}`)).data;
    expect(capped).toMatchObject({ toUpgrade: n - 1, upgrading: 1, etaMin: n - 1 + 1, etaBound: "cap" });
    // 200 at once let 200 a minute start: the rate of 100 sets the pace.
    await cloud.db.update(otaTasks).set({ maxDownloads: 200 }).where(eq(otaTasks.id, tasks[0].id));
    const rated = (await get<OtaNums>(`otaTask/nums?id=${tasks[0].id}`)).data;
    expect(rated).toMatchObject({ etaMin: Math.round(((n - 1) / 100 + 1) * 10) / 10, etaBound: "rate" });
    await cloud.db.update(otaTaskDevices).set({ status: 3 }).where(inArray(otaTaskDevices.taskId, [tasks[0].id]));
    expect((await get<OtaNums>(`otaTask/nums?id=${tasks[0].id}`)).data).toMatchObject({ etaMin: null, etaBound: null });
  });
});
