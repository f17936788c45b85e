import { describe, expect, it } from "vitest";
import { asc, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { Envelope } from "@/lib/contract/envelope";
import type { ImportResult } from "@/lib/contract/upload";
import { projects } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);

const url = (path: string) => `/iotCloud/device/project/${path}`;

async function template(token: string, language: string): Promise<ExcelJS.Workbook> {
  const res = await cloud.app.request(url("template"), { method: "POST", headers: { authorization: `Bearer ${token}`, language } });
  expect(res.headers.get("content-type")).toContain("spreadsheetml");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb;
}

async function upload(token: string, wb: ExcelJS.Workbook, language = "en") {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(await wb.xlsx.writeBuffer())], "projects.xlsx"));
  const res = await cloud.app.request(url("import"), { method: "POST", body: form, headers: { authorization: `Bearer ${token}`, language } });
  return (await res.json()) as Envelope<ImportResult>;
}

describe("device/project import", () => {
  it("offers a template with the localised header row", async () => {
    const header = async (language: string) => (await template(admin, language)).worksheets[0].getRow(1).values;
    expect(await header("en")).toEqual([undefined, "Project name", "Contact", "Contact phone", "Address", "Longitude", "Latitude"]);
    expect(await header("zh-cn")).toEqual([undefined, "项目名称", "联系人", "联系电话", "详细地址", "经度", "纬度"]);
    const res = await cloud.app.request(url("template"), { method: "POST", headers: { authorization: `Bearer ${admin}`, language: "en" } });
    expect(res.headers.get("content-disposition")).toContain("filename*=UTF-8''Project%20import%20template.xlsx");
  });

  it("imports the good rows into the caller's tenant and names the field of each bad one", async () => {
    // A Chinese template uploaded by an English-speaking caller: the header is accepted in either locale, the messages follow the caller.
    const wb = await template(admin, "zh-cn");
    const sheet = wb.worksheets[0];
    sheet.addRow(["导入项目甲", "王五", 13800000001, "杭州市西湖区", 120.1, 30.2]);
    sheet.addRow(["导入项目乙", null, null, null, "121.5", null]);
    sheet.addRow([null, "赵六", "13800000002"]);
    sheet.addRow(["导入项目丙", null, null, null, 200]);
    const r = await upload(admin, wb);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ successTotal: 2, failureTotal: 2 });
    expect(r.data.errorList).toEqual([
      { rowNum: 4, rowData: [null, "赵六", "13800000002"], errorMsg: "Row 4: Project name: Required" },
      { rowNum: 5, rowData: ["导入项目丙", null, null, null, 200], errorMsg: "Row 5: Longitude: Must not exceed 180" },
    ]);

    const rows = await cloud.db
      .select({ prjName: projects.prjName, tenantId: projects.tenantId, contactPhone: projects.contactPhone, prjLongitude: projects.prjLongitude })
      .from(projects)
      .where(inArray(projects.prjName, ["导入项目甲", "导入项目乙", "导入项目丙"]))
      .orderBy(asc(projects.id));
    expect(rows).toEqual([
      { prjName: "导入项目甲", tenantId: 2, contactPhone: "13800000001", prjLongitude: 120.1 },
      { prjName: "导入项目乙", tenantId: 2, contactPhone: null, prjLongitude: 121.5 },
    ]);
  });

  it("answers in the caller's language", async () => {
    const wb = await template(admin, "en");
    wb.worksheets[0].addRow(["x", null, "123"]);
    const r = await upload(admin, wb, "zh-cn");
    expect(r.data.errorList[0].errorMsg).toBe("第 2 行：联系电话：请输入以 1 开头的 11 位手机号");
  });

  it("refuses a header that differs from the template", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("Sheet1").addRows([
      ["Name", "Contact", "Contact phone", "Address", "Longitude", "Latitude"],
      ["a", null, null, null, 1, 1],
    ]);
    expect(await upload(admin, wb)).toMatchObject({ code: 400, msg: "The header differs from the template, download the latest template" });
    expect((await cloud.db.select().from(projects).where(inArray(projects.prjName, ["a"]))).length).toBe(0);
  });

  it("refuses a caller without the add permission", async () => {
    const wb = await template(operator, "en");
    wb.worksheets[0].addRow(["不该导入"]);
    expect((await upload(operator, wb)).code).toBe(403);
    expect((await cloud.db.select().from(projects).where(inArray(projects.prjName, ["不该导入"]))).length).toBe(0);
  });
});
