import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { asc, eq } from "drizzle-orm";
import type { Envelope } from "@/lib/contract/envelope";
import type { ImportResult } from "@/lib/contract/upload";
import { estimateCharge } from "@/lib/contract/device/battery";
import { devices, projects } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let admin: string;
let platform: string;
signedIn((s) => ({ cloud, admin, platform } = s), ["admin", "platform"]);

const good = { batteryName: "ER34615", batteryModel: "D-cell", batteryType: 1, fullVoltage: 3.6, endVoltage: 2.8, capacity: 19, images: [] };

describe("device/battery", () => {
  it("adds, lists and updates battery models of the caller's tenant", async () => {
    const add = await cloud.request<{ id: number }>("/device/battery/add", { token: admin, body: good });
    expect(add.body).toMatchObject({ code: 200, data: { batteryName: "ER34615", fullVoltage: 3.6 } });
    const page = await cloud.request<{ total: number; records: { batteryName: string }[] }>("/device/battery/page?batteryName=ER34", { token: admin });
    expect(page.body.data.records.map((r) => r.batteryName)).toContain("ER34615");
    expect((await cloud.request<{ total: number }>("/device/battery/page?batteryName=ER34", { token: platform })).body.data.total).toBe(0);
    const upd = await cloud.request("/device/battery/upd", { token: admin, body: { id: add.body.data.id, capacity: 20 } });
    expect(upd.body).toMatchObject({ code: 200, data: { capacity: 20, fullVoltage: 3.6 } });
  });

  it("refuses a full-charge voltage not above the termination voltage, too many images and a taken name, in the caller's language", async () => {
    expect((await cloud.request("/device/battery/add", { token: admin, language: "en", body: { ...good, batteryName: "B2", fullVoltage: 2.8 } })).body).toMatchObject({ code: 400, msg: expect.stringContaining("The full-charge voltage must be above the termination voltage") });
    expect((await cloud.request("/device/battery/add", { token: admin, language: "zh-cn", body: { ...good, batteryName: "B3", fullVoltage: 2 } })).body.msg).toContain("满电电压必须高于截止电压");
    expect((await cloud.request("/device/battery/add", { token: admin, body: { ...good, batteryName: "B4", images: ["a", "b", "c", "d", "e", "f"] } })).body.code).toBe(400);
    expect((await cloud.request("/device/battery/add", { token: admin, language: "en", body: good })).body).toMatchObject({ code: 400, msg: "A battery model named ER34615 already exists" });
  });

  it("imports rows through importBattery, each held to the same rules", async () => {
    const tpl = await cloud.app.request("/iotCloud/device/battery/template", { method: "POST", headers: { authorization: `Bearer ${admin}`, language: "en" } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await tpl.arrayBuffer());
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, "Name", "Model", "Type", "Full-charge voltage (V)", "Termination voltage (V)", "Capacity (Ah)"]);
    sheet.addRow(["Li-ion 18650", "INR18650", "Rechargeable", 4.2, 3.0, 2.6]);
    sheet.addRow(["Backwards", "X", "Not rechargeable", 3.0, 4.2, 1]);
    const form = new FormData();
    form.append("file", new File([new Uint8Array(await wb.xlsx.writeBuffer())], "batteries.xlsx"));
    const res = await cloud.app.request("/iotCloud/device/battery/importBattery", { method: "POST", body: form, headers: { authorization: `Bearer ${admin}`, language: "en" } });
    const r = (await res.json()) as Envelope<ImportResult>;
    expect(r.data, JSON.stringify(r)).toMatchObject({ successTotal: 1, failureTotal: 1 });
    expect(r.data.errorList[0].errorMsg).toContain("The full-charge voltage must be above the termination voltage");
  });

  it("estimates a device's charge between the termination and full-charge voltages", () => {
    const model = { fullVoltage: 4.2, endVoltage: 3.0 };
    expect(estimateCharge(3.6, model)).toBe(50);
    expect(estimateCharge(3.9, model)).toBe(75);
    expect(estimateCharge(4.5, model)).toBe(100);
    expect(estimateCharge(2.5, model)).toBe(0);
    expect(estimateCharge(null, model)).toBeNull();
  });
});

describe("device/buildInfo", () => {
  it("records a first installation of a project's device and lists it with the names", async () => {
    const [prj] = await cloud.db.select({ id: projects.id }).from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id)).limit(1);
    const [dev] = await cloud.db.insert(devices).values({ tenantId: 2, projectId: prj.id, productId: 1, deviceName: "Install me", deviceSn: "BUILD0001", secretHash: "x" }).returning({ id: devices.id });
    const body = { projectId: prj.id, deviceId: dev.id, buildType: 1, personnel: "Li Lei, Han Meimei", buildDate: "2026-03-01", summary: "Mounted on pier 3", outboundDate: "2026-02-20", warrantyDate: "2027-02-20", photos: ["f/1.jpg"] };
    const add = await cloud.request<{ id: number }>("/device/buildInfo/add", { token: admin, body });
    expect(add.body.code).toBe(200);
    const page = await cloud.request<{ records: { personnel: string; deviceName: string; projectName: string; buildType: number }[] }>(`/device/buildInfo/page?projectId=${prj.id}`, { token: admin });
    expect(page.body.data.records[0]).toMatchObject({ personnel: "Li Lei, Han Meimei", deviceName: "Install me", buildType: 1 });
    expect(page.body.data.records[0].projectName).toBeTruthy();
    expect((await cloud.request<{ deviceSn: string }[]>(`/device/buildInfo/deviceList?projectId=${prj.id}`, { token: admin })).body.data.map((d) => d.deviceSn)).toContain("BUILD0001");
  });

  it("refuses a warranty before the outbound date, long remarks, too many photos and a foreign project's device", async () => {
    const [prj, other] = await cloud.db.select({ id: projects.id }).from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id)).limit(2);
    const base = { projectId: prj.id, buildType: 2, personnel: "Wang", buildDate: "2026-03-02" };
    expect((await cloud.request("/device/buildInfo/add", { token: admin, language: "en", body: { ...base, outboundDate: "2026-03-01", warrantyDate: "2026-02-01" } })).body).toMatchObject({ code: 400, msg: expect.stringContaining("The warranty deadline must be on or after the outbound date") });
    expect((await cloud.request("/device/buildInfo/add", { token: admin, body: { ...base, remarks: "x".repeat(501) } })).body.code).toBe(400);
    expect((await cloud.request("/device/buildInfo/add", { token: admin, body: { ...base, photos: Array.from({ length: 101 }, (_, i) => `p/${i}.jpg`) } })).body.code).toBe(400);
    const [dev] = await cloud.db.select({ id: devices.id }).from(devices).where(eq(devices.deviceSn, "BUILD0001"));
    if (other) expect((await cloud.request("/device/buildInfo/add", { token: admin, language: "en", body: { ...base, projectId: other.id, deviceId: dev.id } })).body).toMatchObject({ code: 400, msg: "The device is not in the record's project" });
  });

  it("lets only a platform administrator add a record for a tenant (addAdmin)", async () => {
    const [prj] = await cloud.db.select({ id: projects.id }).from(projects).where(tenantOf(2).where(projects)).limit(1);
    const body = { tenantId: 2, projectId: prj.id, buildType: 2, personnel: "Platform crew", buildDate: "2026-03-05" };
    expect((await cloud.request("/device/buildInfo/addAdmin", { token: admin, body })).body.code).toBe(403);
    expect((await cloud.request("/device/buildInfo/addAdmin", { token: platform, body })).body).toMatchObject({ code: 200, data: { personnel: "Platform crew" } });
    expect((await cloud.request<{ total: number }>("/device/buildInfo/page?personnel=Platform", { token: admin })).body.data.total).toBe(1);
  });
});
