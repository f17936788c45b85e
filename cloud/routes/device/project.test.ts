import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import type { Page } from "@/lib/contract/envelope";
import type { Project } from "@/lib/contract/project";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

const page = (token: string, params = "") => cloud.request<Page<Project>>(`/device/project/page?current=1&size=9999${params}`, { token });

describe("device/project", () => {
  it("shows a manager the whole tenant and a project user only their projects", async () => {
    const all = await page(admin);
    expect(all.body.data.records.map((p) => p.prjName).sort()).toEqual(["地铁 5 号线隧道结构监测", "滨江花园二期基坑监测"]);
    const own = await page(operator);
    expect(own.body.data.records.map((p) => p.prjName)).toEqual(["滨江花园二期基坑监测"]);
    expect((await page(platform)).body.data.total).toBe(0);
  });

  it("filters by name and pages", async () => {
    const res = await page(admin, `&prjName=${encodeURIComponent("地铁")}`);
    expect(res.body.data.total).toBe(1);
    const first = await cloud.request<Page<Project>>("/device/project/page?current=1&size=1", { token: admin });
    expect(first.body.data).toMatchObject({ total: 2 });
    expect(first.body.data.records).toHaveLength(1);
  });

  it("adds, edits and deletes within the caller's tenant, whatever the body says", async () => {
    const add = await cloud.request<Project>("/device/project/add", {
      token: admin,
      body: { prjName: "新项目", tenantId: 1, prjLongitude: "121.5", prjLatitude: "", contactPhone: "" },
    });
    expect(add.body.code).toBe(200);
    expect(add.body.data).toMatchObject({ prjName: "新项目", prjLongitude: 121.5, prjLatitude: null, contactPhone: null });
    const id = add.body.data.id;
    expect((await cloud.request(`/device/project/info?id=${id}`, { token: platform })).body.code).toBe(404);
    const upd = await cloud.request<Project>("/device/project/upd", { token: admin, body: { id, prjName: "新项目（改）" } });
    // An update changes only what it is given: the longitude stays.
    expect(upd.body.data).toMatchObject({ prjName: "新项目（改）", prjLongitude: 121.5 });
    expect((await cloud.request("/device/project/del", { token: platform, body: { ids: [id] } })).body.code).toBe(403);
    expect((await cloud.request("/device/project/del", { token: admin, body: { ids: [id] } })).body.code).toBe(200);
    expect((await cloud.request(`/device/project/info?id=${id}`, { token: admin })).body.code).toBe(404);
  });

  it("refuses a project user without the permission, and bad input with the field named", async () => {
    expect((await cloud.request("/device/project/add", { token: operator, body: { prjName: "x" } })).body.code).toBe(403);
    const bad = await cloud.request("/device/project/add", { token: admin, body: { prjName: "", prjLatitude: 91 }, language: "en" });
    // The message names the field by its label; the data names it by its path, for the form.
    expect(bad.body).toMatchObject({ code: 400, msg: "Project name: Required", data: { field: "prjName", reason: "Required" } });
    const zh = await cloud.request("/device/project/add", { token: admin, body: { prjName: "" } });
    expect(zh.body.msg).toBe("项目名称：必填项");
    const far = await cloud.request("/device/project/add", { token: admin, body: { prjName: "x", prjLatitude: 91 }, language: "en" });
    expect(far.body).toMatchObject({ code: 400, msg: "Latitude: Must not exceed 90" });
  });

  it("filters by type, contact and creation time, and sorts by name", async () => {
    const tunnel = await page(admin, "&prjType=tunnel");
    expect(tunnel.body.data.records.map((p) => p.prjName)).toEqual(["地铁 5 号线隧道结构监测"]);
    expect((await page(admin, "&prjType=tun")).body.data.total).toBe(0);
    expect((await page(admin, `&contactName=${encodeURIComponent("张")}`)).body.data.total).toBe(1);
    // Underscores and percent signs are literal, not wildcards.
    expect((await page(admin, "&prjName=%25")).body.data.total).toBe(0);
    const asc = await page(admin, "&sortField=prjName&sortOrder=asc");
    const desc = await page(admin, "&sortField=prjName&sortOrder=desc");
    expect(asc.body.data.records.map((p) => p.id)).toEqual([...desc.body.data.records.map((p) => p.id)].reverse());
    const created = new Date(asc.body.data.records[0].createTime);
    const day = new Date(created.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await page(admin, `&startTime=${day}&endTime=${day}`)).body.data.total).toBe(2);
    expect((await page(admin, `&endTime=2000-01-01`)).body.data.total).toBe(0);
    expect((await page(admin, "&startTime=yesterday")).body.code).toBe(400);
    expect((await page(admin, "&sortField=tenantId")).body.code).toBe(400);
  });

  it("exports the caller's filtered projects as xlsx with localised headers, neutralising formulas", async () => {
    const add = await cloud.request<Project>("/device/project/add", { token: admin, body: { prjName: "=HYPERLINK(\"http://x\")", areaCode: "330106" } });
    expect(add.body.code).toBe(200);
    const res = await cloud.app.request("/iotCloud/device/project/export", {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json", language: "en" },
      body: JSON.stringify({ prjName: "HYPERLINK" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain("filename*=UTF-8''Projects.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0];
    // Columns follow the contract's export fields, headed in the caller's language.
    const headers = sheet.getRow(1).values as unknown[];
    expect(headers.slice(1)).toEqual(["Project name", "Project ID", "Project type", "Contact", "Contact phone", "Region", "Address", "Longitude", "Latitude", "Created"]);
    expect(sheet.rowCount).toBe(2);
    // Text, not a formula: the cell is formatted as text, without a visible apostrophe.
    expect(sheet.getRow(2).getCell(1).value).toBe(`=HYPERLINK("http://x")`);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe("@");
    expect(sheet.getRow(2).getCell(headers.indexOf("Region")).value).toBe("浙江省 / 杭州市 / 西湖区");
    // A project user exports only their projects, in Chinese by default.
    const own = await cloud.app.request("/iotCloud/device/project/export", { method: "POST", headers: { authorization: `Bearer ${operator}` } });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(await own.arrayBuffer());
    expect(wb2.worksheets[0].getRow(1).getCell(1).value).toBe("项目名称");
    expect(wb2.worksheets[0].getRow(2).getCell(1).value).toBe("滨江花园二期基坑监测");
    expect(wb2.worksheets[0].rowCount).toBe(2);
    await cloud.request("/device/project/del", { token: admin, body: { ids: [add.body.data.id] } });
  });

  it("refuses bad export filters with an envelope, not a file", async () => {
    const res = await cloud.request("/device/project/export", { token: admin, body: { startTime: "soon" }, language: "en" });
    expect(res.body).toMatchObject({ code: 400 });
  });

  it("needs a token", async () => {
    expect((await cloud.request("/device/project/page")).status).toBe(401);
  });
});
