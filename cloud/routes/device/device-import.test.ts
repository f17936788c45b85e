import { beforeAll, describe, expect, it } from "vitest";
import { asc, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { Envelope, Page } from "@/lib/contract/envelope";
import type { ImportResult } from "@/lib/contract/upload";
import type { Project } from "@/lib/contract/project";
import { devices } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

let prj: number;
beforeAll(async () => {
  prj = (await cloud.request<Page<Project>>("/device/project/page", { token: admin })).body.data.records[0].id;
});

const headers = (language: string) => ({ authorization: `Bearer ${admin}`, projectid: String(prj), language });

async function template(language: string): Promise<ExcelJS.Workbook> {
  const res = await cloud.app.request("/iotCloud/device/device/template", { method: "POST", headers: headers(language) });
  expect(res.headers.get("content-type")).toContain("spreadsheetml");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb;
}

async function upload(wb: ExcelJS.Workbook, language = "en") {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(await wb.xlsx.writeBuffer())], "devices.xlsx"));
  const res = await cloud.app.request("/iotCloud/device/device/deviceListImport", { method: "POST", body: form, headers: headers(language) });
  return (await res.json()) as Envelope<ImportResult>;
}

describe("device/device import", () => {
  it("offers a template with the localised header row", async () => {
    expect((await template("en")).worksheets[0].getRow(1).values).toEqual([
      undefined,
      "Device name",
      "SN",
      "Model",
      "Product",
      "Gateway SN",
      "Channel",
      "Longitude",
      "Latitude",
      "Altitude (m)",
      "Drawing number",
      "Firmware",
      "Reporting cycle (s)",
      "Power supply",
    ]);
  });

  it("imports good rows into the call's project (product by name) and names the field of each bad one", async () => {
    const sheet = (await template("zh-cn")).worksheets[0];
    const wb = sheet.workbook;
    sheet.addRow(["导入倾角-1", "IMP-001", "QJ-2000", "双轴倾角计", null, null, 120.1, 30.2, null, null, "1.0.0", 600, "battery"]);
    sheet.addRow(["导入倾角-2", "IMP-002", null, "没有这个产品", null, null, null, null, null, null, null, 600, null]);
    sheet.addRow(["导入倾角-3", "SIM01001", null, "双轴倾角计", null, null, null, null, null, null, null, 600, null]);
    sheet.addRow(["导入倾角-4", "IMP-004", null, "双轴倾角计", null, 10000, null, null, null, null, null, 600, null]);
    const r = await upload(wb);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ successTotal: 1, failureTotal: 3 });
    expect(r.data.errorList.map((e) => e.errorMsg)).toEqual([
      "Row 3: Product: Invalid option",
      "Row 4: SN SIM01001 is already used by another device",
      "Row 5: Channel: Must not exceed 9999",
    ]);
    const rows = await cloud.db
      .select({ sn: devices.deviceSn, projectId: devices.projectId, powerSupply: devices.powerSupply, reportCycle: devices.reportCycle })
      .from(devices)
      .where(inArray(devices.deviceSn, ["IMP-001", "IMP-002", "IMP-004"]))
      .orderBy(asc(devices.id));
    expect(rows).toEqual([{ sn: "IMP-001", projectId: prj, powerSupply: "battery", reportCycle: 600 }]);
  });

  it("exports the query's devices with dictionary labels in the caller's language, not codes", async () => {
    const sheetOf = async (language: string) => {
      const res = await cloud.app.request("/iotCloud/device/device/deviceListExport", { method: "POST", body: JSON.stringify({ deviceSn: "IMP-001" }), headers: { ...headers(language), "content-type": "application/json" } });
      expect(res.headers.get("content-type")).toContain("spreadsheetml");
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      const sheet = wb.worksheets[0];
      const head = sheet.getRow(1).values as unknown[];
      const row = sheet.getRow(2).values as unknown[];
      expect(sheet.rowCount).toBe(2);
      return (header: string) => row[head.indexOf(header)];
    };
    const en = await sheetOf("en");
    expect([en("SN"), en("Status"), en("Enabled")]).toEqual(["IMP-001", "Inactive", "Enabled"]);
    const zh = await sheetOf("zh-cn");
    expect([zh("状态"), zh("启用状态")]).toEqual(["未激活", "启用"]);
  });
});
