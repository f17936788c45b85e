import { randomBytes, createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { OtaFile, OtaPackage } from "@/lib/contract/ota/package";
import type { OtaDeviceFirmware } from "@/lib/contract/ota/api";
import type { OtaCandidate, OtaNums, OtaPreview, OtaTask, OtaTaskDevice } from "@/lib/contract/ota/task-api";
import { devices, otaDeviceVersions, otaTaskDevices, otaTasks } from "../../db/schema";
import { OtaEngine } from "../../ota/engine";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let platform: string;
let admin: string;
signedIn((s) => ({ cloud, platform, admin } = s), ["platform", "admin"]);

const IMAGE = randomBytes(64 * 1024);
let productId: number;
let deviceIds: number[];
let published: { topic: string; body: Record<string, unknown> }[];

/** Uploads `bytes` as `name` for a product, as the console's form does. */
async function upload(name: string, bytes: Buffer, query: string, token = platform, language = "en") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const res = await cloud.app.request(`/iotCloud/device/ota/uploadFile${query}`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}`, language } });
  return (await res.json()) as { code: number; msg: string; data: OtaFile };
}
const post = async <T>(path: string, body: unknown, language: "en" | "zh-cn" = "en", token = platform) => (await cloud.request<T>(`/device/${path}`, { token, body, language })).body;
const get = async <T>(path: string, token = platform) => (await cloud.request<T>(`/device/${path}`, { token, language: "en" })).body;

beforeAll(async () => {
  const [d] = await cloud.db.select({ productId: devices.productId }).from(devices).limit(1);
  productId = d.productId;
  const rows = await cloud.db.select({ id: devices.id }).from(devices).where(eq(devices.productId, productId));
  deviceIds = rows.map((r) => r.id).slice(0, 4);
  await cloud.db.update(devices).set({ firmwareVersion: "V1.0.0" }).where(inArray(devices.id, deviceIds));
  published = [];
  const engine = new OtaEngine(cloud.db, { now: cloud.deps.now, baseUrl: "http://device.test/iotCloud" });
  (engine as unknown as { sender: unknown }).sender = { command: async (d: { productId: number; sn: string }, channel: string, body: Record<string, unknown>) => (published.push({ topic: `iot/${d.productId}/${d.sn}/${channel}`, body }), true) };
  cloud.deps.ota = engine;
});

let file: OtaFile;
let pkg: OtaPackage;

describe("upgrade packages", () => {
  it("uploads a firmware image with the product in the query and answers its size, SHA-256 and MD5", async () => {
    const res = await upload("fw-1.2.0.bin", IMAGE, `?productId=${productId}`);
    expect(res.code).toBe(200);
    file = res.data;
    expect(file).toMatchObject({ name: "fw-1.2.0.bin", size: IMAGE.length, sha256: createHash("sha256").update(IMAGE).digest("hex"), md5: createHash("md5").update(IMAGE).digest("hex") });
  });

  it("refuses a type outside core §9, a bare .xz and a missing product, in the caller's language", async () => {
    expect((await upload("fw.exe", IMAGE, `?productId=${productId}`)).code).toBe(400);
    const xz = Buffer.concat([Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), IMAGE]);
    const bare = await upload("fw.xz", xz, `?productId=${productId}`, platform, "zh-cn");
    expect(bare.msg).toBe(".xz 固件必须是 .tar.xz 压缩包");
    expect((await upload("fw.tar.xz", xz, `?productId=${productId}`)).code).toBe(200);
    const none = await upload("fw.bin", IMAGE, "");
    expect(none.code).toBe(400);
    expect((await upload("fw.bin", IMAGE, "?productId=999999")).msg).toBe("The product does not exist or is not yours");
  });

  it("adds a package: the file's facts and the version's order come from the cloud", async () => {
    const res = await post<OtaPackage>("ota/add", { packageName: "Tilt firmware", productId, version: "V1.2.0", filePath: file.path, description: "Fixes drift" });
    expect(res.code).toBe(200);
    pkg = res.data;
    expect(pkg).toMatchObject({ version: "V1.2.0", module: "default", upgradeType: 1, fileSize: IMAGE.length, sha256: file.sha256, md5: file.md5, versionOrder: 100_002_00000 });
  });

  it("refuses the same version twice, a differential package without its version, a wrong version, in both languages", async () => {
    const again = { packageName: "Again", productId, version: "V1.2.0", filePath: file.path };
    expect((await post("ota/add", again)).msg).toBe("A package of version V1.2.0 for module default of this product exists already");
    expect((await post("ota/add", again, "zh-cn")).msg).toBe("该产品模块 default 已有版本 V1.2.0 的升级包");
    const diff = await post("ota/add", { ...again, version: "V1.3.0", upgradeType: 2 }, "zh-cn");
    expect(diff.code).toBe(400);
    expect(diff.msg).toContain("差分包需填写适用的原版本");
    expect((await post("ota/add", { ...again, version: "beta" })).msg).toContain("at least one digit");
    expect((await post("ota/add", { ...again, version: "V2", filePath: "2/20260101/nothing.bin" })).msg).toBe("Upload the firmware file first (bin, tar, gz, tar.xz, zip, gzip, apk, dav or pack)");
  });

  it("lists, reads and updates packages; versions in the field; tenants to offer to", async () => {
    const page = await get<Page<OtaPackage>>(`ota/page?productId=${productId}`);
    expect(page.data.records.map((r) => r.id)).toContain(pkg.id);
    expect((await get<OtaPackage>(`ota/info?id=${pkg.id}`)).data.packageName).toBe("Tilt firmware");
    expect((await post<OtaPackage>("ota/upd", { id: pkg.id, description: "Fixes drift, faster boot" })).data.description).toBe("Fixes drift, faster boot");
    const versions = await get<{ version: string; devices: number }[]>(`ota/versionList?productId=${productId}`);
    expect(versions.data.find((v) => v.version === "V1.0.0")?.devices).toBeGreaterThanOrEqual(deviceIds.length);
    const tenants = await get<{ id: number; tenantName: string }[]>("ota/tenantList");
    expect(tenants.data.length).toBeGreaterThanOrEqual(2);
  });

  it("is the platform's: a tenant's administrator reads no package", async () => {
    expect((await get(`ota/page`, admin)).code).toBe(403);
    expect((await post("ota/add", { packageName: "x", productId, version: "1.0", filePath: file.path }, "en", admin)).code).toBe(403);
  });

  it("deletes an upload no package keeps, and keeps one a package does", async () => {
    const spare = await upload("spare.bin", IMAGE, `?productId=${productId}`);
    expect((await post("ota/delFile", { path: spare.data.path })).code).toBe(200);
    expect((await post("ota/delFile", { path: file.path }, "zh-cn")).msg).toBe("该文件属于已保存的升级包，不能删除");
  });
});

let task: OtaTask;

describe("upgrade tasks", () => {
  it("previews a task: devices by version, online, projected duration", async () => {
    const res = await post<OtaPreview>("otaTask/preview", { packageId: pkg.id, target: 4, deviceIds, rate: 10 });
    expect(res.data).toMatchObject({ targeted: deviceIds.length, alreadyOn: 0, busy: 0, byVersion: [{ version: "V1.0.0", devices: deviceIds.length }] });
    expect(res.data.projectedMin).toBeCloseTo(deviceIds.length / 10, 1);
    // No upgrade of this product downloaded yet: a download is estimated (64 KiB at 50 KB/s, a second); the default cap does not bind.
    expect(res.data).toMatchObject({ maxDownloads: 200, downloadBasis: "estimate", downloadS: 1, bound: "rate" });
    // One at once, a second each: 60 a minute, slower than the rate of 100.
    const capped = await post<OtaPreview>("otaTask/preview", { packageId: pkg.id, target: 4, deviceIds, rate: 100, maxDownloads: 1 });
    expect(capped.data).toMatchObject({ maxDownloads: 1, capPerMin: 60, bound: "cap", projectedMin: Math.round((deviceIds.length / 60) * 10) / 10 });
    expect((await post("otaTask/preview", { packageId: pkg.id, target: 4, deviceIds, maxDownloads: 0 })).code).toBe(400);
  });

  it("adds a staged task for a device list, with its first batch", async () => {
    const res = await post<OtaTask>("otaTask/add", { taskName: "Roll V1.2.0", packageId: pkg.id, target: 4, deviceIds, batchCount: 1, gateSuccessPct: 100, retries: 0, timeoutMin: "", rate: "" });
    // A blank setting (the form's empty field) is the default.
    expect(res.code).toBe(200);
    task = res.data;
    expect(task).toMatchObject({ status: 1, rate: 100, maxDownloads: 200, timeoutMin: 30, retries: 0 });
    expect((await get<OtaTask>(`otaTask/info?id=${task.id}`)).data.total).toBe(deviceIds.length);
    const nums = await get<OtaNums>(`otaTask/nums?id=${task.id}`);
    expect(nums.data).toMatchObject({ total: deviceIds.length, toUpgrade: deviceIds.length, batchSize: 1, batchDone: 0 });
  });

  it("keeps one active task per device: a second task finds no device, and the database refuses a second active row", async () => {
    const second = await post("otaTask/add", { taskName: "Again", packageId: pkg.id, target: 4, deviceIds }, "zh-cn");
    expect(second.msg).toBe("没有可升级的设备：没有设备符合目标，或都在其他进行中的任务里");
    const [other] = await cloud.db.insert(otaTasks).values({ tenantId: 1, taskName: "forged", packageId: pkg.id }).returning();
    await expect(cloud.db.insert(otaTaskDevices).values({ taskId: other.id, deviceId: deviceIds[0] })).rejects.toThrow();
    await cloud.db.delete(otaTasks).where(eq(otaTasks.id, other.id));
  });

  it("lists the devices a package may target, with their version and whether another task holds them; a tenant's administrator gets none of the platform's", async () => {
    const res = await get<OtaCandidate[]>(`otaTask/candidates?packageId=${pkg.id}`);
    expect(res.code).toBe(200);
    const mine = res.data.filter((d) => deviceIds.includes(d.id));
    expect(mine).toHaveLength(deviceIds.length);
    expect(mine.every((d) => d.busy && d.version === "V1.0.0" && d.deviceSn.length > 0)).toBe(true);
    expect(res.data.filter((d) => !deviceIds.includes(d.id)).every((d) => !d.busy)).toBe(true);
    expect((await get(`otaTask/candidates?packageId=${pkg.id}`, admin)).code).toBe(403);
    expect((await get("otaTask/candidates?packageId=x")).code).toBe(400);
  });

  it("pages a task's devices by status, first batch first", async () => {
    const res = await get<Page<OtaTaskDevice>>(`otaTask/pageDevice?taskId=${task.id}&status=1`);
    expect(res.data.total).toBe(deviceIds.length);
    expect(res.data.records[0]).toMatchObject({ batch: 1, status: 1, phase: "queued", currentVersion: "V1.0.0" });
    expect((await get<Page<OtaTaskDevice>>(`otaTask/pageDevice?taskId=${task.id}&status=4`)).data.total).toBe(0);
  });

  it("starts through the rollout job: only the first batch is notified, with a signed URL", async () => {
    await cloud.deps.ota!.step();
    expect(published).toHaveLength(1);
    const msg = published[0].body;
    expect(msg).toMatchObject({ taskId: task.id, version: "V1.2.0", size: IMAGE.length, sha256: file.sha256, isDiff: false });
    expect(String(msg.url)).toMatch(/^http:\/\/device\.test\/iotCloud\/device\/ota\/download\?d=\d+&e=\d+&s=[a-f0-9]{64}$/);
    const nums = await get<OtaNums>(`otaTask/nums?id=${task.id}`);
    expect(nums.data).toMatchObject({ upgrading: 1, toUpgrade: deviceIds.length - 1 });
  });

  it("refuses to change or delete a started task, in both languages", async () => {
    expect((await post("otaTask/upd", { id: task.id, taskName: "Renamed" })).msg).toBe("The task has started; it can no longer be changed");
    expect((await post("otaTask/del", { ids: [task.id] }, "zh-cn")).msg).toBe("任务进行中，请先取消再删除");
  });

  it("pauses and resumes; an operation out of place is refused", async () => {
    expect((await post<OtaTask>("otaTask/oper", { id: task.id, action: "pause" })).data.hold).toBe(2);
    expect((await post("otaTask/oper", { id: task.id, action: "pause" })).msg).toBe("The task cannot do that in its present state");
    expect((await post("otaTask/oper", { id: task.id, action: "start" }, "zh-cn")).msg).toBe("任务当前状态下不能执行该操作");
    expect((await post("otaTask/oper", { id: task.id, action: "jump" })).code).toBe(400);
    expect((await post<OtaTask>("otaTask/oper", { id: task.id, action: "resume" })).data.hold).toBe(0);
  });

  it("cancels one device, and the device log says who did it", async () => {
    const [queued] = (await get<Page<OtaTaskDevice>>(`otaTask/pageDevice?taskId=${task.id}&status=1`)).data.records;
    expect((await post("otaTask/deviceCloseUp", { id: queued.id })).code).toBe(200);
    expect((await post("otaTask/deviceCloseUp", { id: queued.id }, "zh-cn")).msg).toBe("该设备的升级已结束");
    const log = await get<{ source: string; text: string }[]>(`otaTask/deviceLog?id=${queued.id}`);
    expect(log.data).toEqual([expect.objectContaining({ source: "person", text: "cancelled:closed" })]);
  });

  it("closes the task: what was not finished is cancelled, and the devices are free for another task", async () => {
    expect((await post("otaTask/close", { id: task.id })).code).toBe(200);
    expect((await post("otaTask/close", { id: task.id })).msg).toBe("The task has finished already");
    const nums = await get<OtaNums>(`otaTask/nums?id=${task.id}`);
    expect(nums.data).toMatchObject({ cancelled: deviceIds.length, upgrading: 0, toUpgrade: 0 });
    const active = await cloud.db.select().from(otaTaskDevices).where(and(inArray(otaTaskDevices.deviceId, deviceIds), inArray(otaTaskDevices.status, [1, 2])));
    expect(active).toEqual([]);
    expect((await post("otaTask/del", { ids: [task.id] })).code).toBe(200);
  });

  it("offers an old device (master below 5.5.0) nothing until it asks; a device on the target succeeds without a download", async () => {
    await cloud.db.insert(otaDeviceVersions).values({ deviceId: deviceIds[0], module: "master", version: "5.4.9", informedAt: cloud.now() });
    await cloud.db.update(devices).set({ firmwareVersion: "V1.2.0" }).where(eq(devices.id, deviceIds[1]));
    const t = (await post<OtaTask>("otaTask/add", { taskName: "Boundary", packageId: pkg.id, target: 4, deviceIds: deviceIds.slice(0, 2) })).data;
    published.length = 0;
    await cloud.deps.ota!.step();
    expect(published).toEqual([]);
    const rows = (await get<Page<OtaTaskDevice>>(`otaTask/pageDevice?taskId=${t.id}`)).data.records;
    expect(rows.find((r) => r.deviceId === deviceIds[0])).toMatchObject({ status: 2, phase: "notified" });
    expect(rows.find((r) => r.deviceId === deviceIds[1])).toMatchObject({ status: 4, phase: "done" });
    const [d0] = await cloud.db.select().from(devices).where(eq(devices.id, deviceIds[0]));
    await cloud.deps.ota!.message({ device: { id: d0.id, tenantId: d0.tenantId, sn: d0.deviceSn, productId: d0.productId, projectId: d0.projectId, deviceName: d0.deviceName, secretHash: "", enabled: true }, channel: "ota/request", body: { module: "default" }, at: cloud.now() });
    expect(published.map((p) => p.topic)).toEqual([`iot/${d0.productId}/${d0.deviceSn}/ota/upgrade`]);
    await post("otaTask/close", { id: t.id });
  });

  it("gives a device's firmware and its upgrades, newest first, to whoever reads the device", async () => {
    const on = await get<OtaDeviceFirmware>(`ota/deviceFirmware?id=${deviceIds[1]}`, admin);
    expect(on.code).toBe(200);
    expect(on.data.modules).toEqual([{ module: "default", version: "V1.2.0", informedAt: null }]);
    expect(on.data.upgrades[0]).toMatchObject({ taskName: "Boundary", packageName: "Tilt firmware", version: "V1.2.0", status: 4, phase: "done" });
    const old = (await get<OtaDeviceFirmware>(`ota/deviceFirmware?id=${deviceIds[0]}`)).data;
    expect(old.modules.map((m) => [m.module, m.version])).toEqual([
      ["default", "V1.0.0"],
      ["master", "5.4.9"],
    ]);
    expect(old.upgrades.map((u) => [u.taskName, u.status, u.errorCode])).toEqual([
      ["Boundary", 3, "closed"],
      // The seeded demo rollout; "Roll V1.2.0" was deleted with its devices.
      ["Demo rollout 1.2.0", 4, null],
    ]);
    expect((await get("ota/deviceFirmware?id=999999")).code).toBe(404);
  });

  it("schedules a task on the tenant's clock: at a time, or at a cron's next run; a schedule with no run ahead is refused", async () => {
    const zone = async (timeZone: string) => (await cloud.request("/sys/company/saveTimeZone", { token: platform, body: { timeZone } })).body;
    const scheduleAt = async (id: number) => (await cloud.db.select({ at: otaTasks.scheduleAt }).from(otaTasks).where(eq(otaTasks.id, id)))[0].at;
    const base = { packageId: pkg.id, target: 4, deviceIds: [deviceIds[2]], taskType: 2 };
    // The platform's clock is Asia/Shanghai (UTC+8) until it says otherwise.
    const at = (await post<OtaTask>("otaTask/add", { ...base, taskName: "At two", scheduleTime: "2099-01-01 02:00:00" })).data;
    expect((await scheduleAt(at.id))?.toISOString()).toBe("2098-12-31T18:00:00.000Z");
    await post("otaTask/del", { ids: [at.id] });
    expect((await zone("Asia/Kolkata")).code).toBe(200);
    const cron = (await post<OtaTask>("otaTask/add", { ...base, taskName: "Nightly", scheduleTime: "0 30 2 * * ? *" })).data;
    expect(cron.scheduleTime).toBe("0 30 2 * * ? *");
    const next = (await scheduleAt(cron.id))!;
    // 02:30 in Kolkata (UTC+5:30) is 21:00 UTC, the first such time after now.
    expect(next.toISOString().slice(11)).toBe("21:00:00.000Z");
    expect(next.getTime()).toBeGreaterThan(cloud.now().getTime());
    expect(next.getTime() - cloud.now().getTime()).toBeLessThanOrEqual(86_400_000);
    // Not started by the job before its time.
    await cloud.deps.ota!.step();
    expect((await get<OtaTask>(`otaTask/info?id=${cron.id}`)).data.status).toBe(1);
    await post("otaTask/del", { ids: [cron.id] });
    const past = await post("otaTask/add", { ...base, taskName: "Gone", scheduleTime: "0 0 2 1 1 ? 2001" }, "zh-cn");
    expect(past.msg).toBe("定时时间已过");
    expect((await post("otaTask/add", { ...base, taskName: "Bad", scheduleTime: "0 0 25 * * ? *" })).code).toBe(400);
    expect((await zone("Asia/Shanghai")).code).toBe(200);
  });

  it("refuses a package in use, and deletes it once its tasks are gone", async () => {
    expect((await post("ota/del", { ids: [pkg.id] })).code).toBe(400);
    await cloud.db.delete(otaTasks).where(eq(otaTasks.packageId, pkg.id));
    expect((await post("ota/del", { ids: [pkg.id] })).code).toBe(200);
  });

  it("fails a differential package at once on a device running another version than it applies to, and offers it to the one it fits", async () => {
    await cloud.db.update(devices).set({ firmwareVersion: "V1.0.0" }).where(eq(devices.id, deviceIds[2]));
    await cloud.db.update(devices).set({ firmwareVersion: "V1.1.0" }).where(eq(devices.id, deviceIds[1]));
    const diffFile = await upload("fw-diff.bin", IMAGE.subarray(0, 4096), `?productId=${productId}`);
    const diff = (await post<OtaPackage>("ota/add", { packageName: "Delta", productId, version: "V1.3.0", upgradeType: 2, fromVersion: "V1.0.0", filePath: diffFile.data.path })).data;
    const t = (await post<OtaTask>("otaTask/add", { taskName: "Delta", packageId: diff.id, target: 4, deviceIds: [deviceIds[1], deviceIds[2]], retries: 2 })).data;
    published.length = 0;
    await cloud.deps.ota!.step();
    const rows = (await get<Page<OtaTaskDevice>>(`otaTask/pageDevice?taskId=${t.id}`)).data.records;
    // No attempt would make a delta fit another version: failed without a retry, with what it runs.
    expect(rows.find((r) => r.deviceId === deviceIds[1])).toMatchObject({ status: 5, errorCode: "notFromVersion", fromVersion: "V1.1.0", attempt: 1 });
    expect(rows.find((r) => r.deviceId === deviceIds[2])).toMatchObject({ status: 2, phase: "notified", fromVersion: "V1.0.0" });
    expect(published).toHaveLength(1);
    expect(published[0].body).toMatchObject({ isDiff: true, fromVersion: "V1.0.0", version: "V1.3.0" });
    await post("otaTask/close", { id: t.id });
    // A cancelled task queues no failed device again: nothing would offer it the upgrade, and it would hold the device.
    expect((await post("otaTask/oper", { id: t.id, action: "retry" })).msg).toBe("The task cannot do that in its present state");
    const after = (await get<Page<OtaTaskDevice>>(`otaTask/pageDevice?taskId=${t.id}`)).data.records;
    expect(after.find((r) => r.deviceId === deviceIds[1])).toMatchObject({ status: 5 });
  });
});
