import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { ReportInfoRow } from "@/lib/contract/report/report";
import type { ReportPlanRow } from "@/lib/contract/report/plan";
import type { ReportTemplateRow } from "@/lib/contract/report/template";
import { zoneDayStart } from "@/lib/time-zone";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { ReportFormat } from "@/lib/contract/report/enums";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { alarms, deviceConfigs, deviceInitValues, devices, pointGroups, products, projects, reports, sceneDevices, scenes, stationMessages, telemetryHourly, telemetryLatest, users } from "../../db/schema";
import { writeRecords } from "../../db/queries/robots";
import { canvas } from "../../lib/png";
import { writeXlsxSheets } from "../../lib/xlsx-export";
import { reportSheets } from "../../report/xlsx";
import { createDelivery } from "../../lib/delivery";
import { attachmentsOf, fakeSmtp } from "../../lib/fake-smtp";
import { signedIn, SETUP_MS, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";
import { runReports } from "../../report/engine";
import { closePdf, chromiumPath } from "../../report/pdf";
import { docxText, HAS_PDFTOTEXT, HAS_UNZIP, pdfText } from "../../report/testing";
import { insertTelemetry } from "../../db/queries/telemetry-props";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
let ids: Record<"admin" | "operator" | "platform", number>;
signedIn((s) => ({ cloud, admin, operator, platform, ids } = s), ["admin", "operator", "platform"]);
afterAll(() => closePdf());

let projectId: number;
let otherProjectId: number;
let foreignProjectId: number;
let deviceId: number;
const ZONE = "Asia/Shanghai";
const MIME_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const call = <T>(path: string, token: string, body?: unknown, prj = projectId, language?: string) => cloud.request<T>(`/stat${path}`, { token, body, language, headers: { projectid: String(prj) } });
/** A file download (the test harness's `request` reads JSON only). */
async function download(id: number, format: ReportFormat, prj = projectId) {
  const res = await cloud.app.request(`/iotCloud/stat/reportInfo/download`, { method: "POST", headers: { authorization: `Bearer ${admin}`, projectid: String(prj), "content-type": "application/json" }, body: JSON.stringify({ id, format }) });
  const type = res.headers.get("content-type") ?? "";
  return type.includes("json") ? { json: (await res.json()) as { code: number; msg: string } } : { bytes: new Uint8Array(await res.arrayBuffer()), type };
}

const BLOCKS = () => `<h2>周报 {{project}}</h2><p>周期 {{period}}</p><div data-report-block="pointTable" data-points="${deviceId}:disp" data-warn="10"></div><div data-report-block="chart" data-points="${deviceId}:disp" data-warn="10"></div><div data-report-block="devices" data-points=""></div><script>alert(1)</script>`;

beforeAll(async () => {
  const db = cloud.db;
  const prjs = await db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id));
  [projectId, otherProjectId] = prjs.map((p) => p.id);
  const [foreign] = await db.insert(projects).values({ tenantId: 1, prjName: "平台项目" } as typeof projects.$inferInsert).returning({ id: projects.id });
  foreignProjectId = foreign.id;
  const [dev] = await db.select().from(devices).where(tenantOf(2).where(devices)).orderBy(asc(devices.id)).limit(1);
  deviceId = dev.id;
  await db.update(devices).set({ projectId }).where(eq(devices.id, deviceId));
  // Displacement rising 0.5 an hour over 2026-02-02 … 2026-02-08 (Shanghai): first 1.25, last 84.75.
  const from = zoneDayStart("2026-02-02", ZONE);
  const rows = Array.from({ length: 7 * 24 }, (_, i) => {
    const hour = new Date(from + i * 3600_000);
    const v = 1.25 + i * 0.5;
    return { deviceId, identifier: "disp", hour, n: 1, sum: v, min: v, minTs: hour, max: v, maxTs: hour, first: v, firstTs: hour, last: v, lastTs: hour };
  });
  await db.insert(telemetryHourly).values(rows).onConflictDoNothing();
}, SETUP_MS);

describe("report templates", () => {
  let templateId: number;
  it("saves a template with its blocks, sanitised, in the project; another project does not see it", async () => {
    const res = await call<ReportTemplateRow>("/reportTemplate/save", admin, { templateName: "周报模板", reportType: 0, content: BLOCKS() });
    expect(res.body.code).toBe(200);
    templateId = res.body.data.id;
    const info = await call<ReportTemplateRow>(`/reportTemplate/byId?id=${templateId}`, admin);
    expect(info.body.data.content).toContain(`data-report-block="pointTable"`);
    expect(info.body.data.content).not.toContain("<script");
    const other = await call<Page<ReportTemplateRow>>("/reportTemplate/list?pageNum=1&pageSize=10", admin, undefined, otherProjectId);
    expect(other.body.data.records.map((r) => r.id)).not.toContain(templateId);
  });

  it("lists the project's numeric points for the blocks' palette", async () => {
    await cloud.db.insert(telemetryLatest).values({ deviceId, identifier: "disp", ts: cloud.now(), num: 84.75 }).onConflictDoUpdate({ target: [telemetryLatest.deviceId, telemetryLatest.identifier], set: { num: 84.75 } });
    const res = await call<{ ref: string; latest: number | null }[]>("/reportTemplate/points", admin);
    expect(res.body.data.find((p) => p.ref === `${deviceId}:disp`)?.latest).toBe(84.75);
    const other = await call<{ ref: string }[]>("/reportTemplate/points", admin, undefined, otherProjectId);
    expect(other.body.data.map((p) => p.ref)).not.toContain(`${deviceId}:disp`);
  });

  it("refuses another tenant's project and a caller without the screen", async () => {
    const foreign = await call("/reportTemplate/list?pageNum=1&pageSize=10", admin, undefined, foreignProjectId);
    expect(foreign.body.code).not.toBe(200);
    const platformCall = await call(`/reportTemplate/byId?id=${templateId}`, platform);
    expect(platformCall.body.code).not.toBe(200);
    const op = await call("/reportTemplate/save", operator, { templateName: "x", reportType: 0, content: "<p>x</p>" });
    expect(op.body.code).not.toBe(200);
  });

  it("previews the template over real data: the period's first and latest values", async () => {
    const res = await call<{ html: string }>("/reportTemplate/preview", admin, { id: templateId, start: "2026-02-02", end: "2026-02-08" });
    expect(res.body.code).toBe(200);
    expect(res.body.data.html).toContain("1.25");
    expect(res.body.data.html).toContain("84.75");
    expect(res.body.data.html).toContain("<svg");
    const bad = await call("/reportTemplate/preview", admin, { id: templateId, start: "2026-02-09", end: "2026-02-02" }, projectId, "en");
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/before the first/);
  });

  it("plans: a weekly plan's day is 1–7, the template must be the project's, statusUpd switches it", async () => {
    const bad = await call("/reportPlane/save", admin, { planName: "周一周报", templateId, reportType: 0, reportDay: 9, dateType: 0, runTime: "08:00" }, projectId, "en");
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/1 \(Monday\) to 7/);
    const elsewhere = await call("/reportPlane/save", admin, { planName: "别处", templateId, reportType: 0, reportDay: 1, dateType: 0, runTime: "08:00" }, otherProjectId);
    expect(elsewhere.body.code).toBe(400);
    const okPlan = await call<ReportPlanRow>("/reportPlane/save", admin, { planName: "周一周报", templateId, reportType: 0, reportDay: 1, dateType: 0, runTime: "08:00", recipients: [ids.operator] });
    expect(okPlan.body.code).toBe(200);
    const off = await call("/reportPlane/statusUpd", admin, { id: okPlan.body.data.id, state: 0 });
    expect(off.body.code).toBe(200);
    const list = await call<Page<ReportPlanRow>>("/reportPlane/list?pageNum=1&pageSize=10", admin);
    expect(list.body.data.records.find((r) => r.id === okPlan.body.data.id)).toMatchObject({ state: 0, templateName: "周报模板" });
    const inUse = await call("/reportTemplate/delete", admin, { ids: [templateId] });
    expect(inUse.body.code).toBe(400);
  });

  it("generates a report: not downloadable while generating; then Word (and PDF with Chromium) holding the data; review sends it", async () => {
    const res = await call<{ id: number }>("/reportInfo/save", admin, { templateId, start: "2026-02-02", end: "2026-02-08" });
    expect(res.body.code).toBe(200);
    const id = res.body.data.id;
    const early = await download(id, "docx");
    expect(early.json?.code).toBe(400);
    const notYet = await call("/reportInfo/review", admin, { id, review: 1 });
    expect(notYet.body.code).toBe(400);
    const noPrint = await call(`/reportInfo/html?id=${id}`, admin, undefined, projectId, "en");
    expect(noPrint.body.msg).toMatch(/Generating/i);
    await runReports(cloud.db, cloud.now);
    const row = await call<ReportInfoRow>(`/reportInfo/byId?id=${id}`, admin);
    expect(row.body.data.status).toBe(1);
    expect(row.body.data.docxSize).toBeGreaterThan(1000);
    const docx = await download(id, "docx");
    expect(docx.type).toContain("wordprocessingml");
    if (HAS_UNZIP) {
      const text = docxText(docx.bytes!);
      expect(text).toContain("1.25");
      expect(text).toContain("84.75");
      expect(text).toContain("83.5"); // the change over the period
    } else console.warn("unzip is not installed: the Word file's text is not read");
    const pdf = await download(id, "pdf");
    if (chromiumPath()) {
      expect(pdf.type).toBe("application/pdf");
      if (HAS_PDFTOTEXT) {
        const text = pdfText(pdf.bytes!);
        expect(text).toContain("84.75");
        expect(text).toContain("2026-02-02");
      } else console.warn("pdftotext (poppler-utils) is not installed: the PDF's text is not read");
    } else {
      expect(pdf.json?.code).toBe(400);
      expect(row.body.data.failReason).toBeTruthy();
    }
    const review = await call("/reportInfo/review", admin, { id, review: 1, note: "ok" });
    expect(review.body.code).toBe(200);
    // The print view (/exportTemplate): the PDF's document, now with the reviewer on its cover.
    const print = await call<{ html: string }>(`/reportInfo/html?id=${id}`, admin);
    expect(print.body.data.html).toContain("84.75");
    expect(print.body.data.html).toMatch(/审核：/);
    expect((await call(`/reportInfo/html?id=${id}`, admin, undefined, foreignProjectId)).body.code).not.toBe(200);
    // A report asked for by a person has no plan: nobody is messaged.
    const foreign = await download(id, "docx", foreignProjectId);
    expect(foreign.json?.code).not.toBe(200);
  }, SETUP_MS);

  it("a failed generation shows its reason and can be regenerated", async () => {
    const res = await call<{ id: number }>("/reportInfo/save", admin, { templateId, start: "2026-02-02", end: "2026-02-03" });
    const id = res.body.data.id;
    // A period the calendar cannot read (a stored row gone bad): the generation fails and says why.
    await cloud.db.update(reports).set({ periodStart: "xxxx-xx-xx" }).where(eq(reports.id, id));
    await runReports(cloud.db, cloud.now);
    const failed = await call<ReportInfoRow>(`/reportInfo/byId?id=${id}`, admin);
    expect(failed.body.data.status).toBe(2);
    expect(failed.body.data.failReason).toMatch(/生成失败/);
    const refused = await download(id, "docx");
    expect(refused.json?.code).toBe(400);
    const again = await call("/reportInfo/reGenerate", admin, { id });
    expect(again.body.code).toBe(200);
    const row = await call<ReportInfoRow>(`/reportInfo/byId?id=${id}`, admin);
    expect(row.body.data.status).toBe(0);
  });
});

/** A workbook's bytes read back. */
async function workbook(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}
const columnA = (sheet: ExcelJS.Worksheet) => sheet.getColumn(1).values.slice(2);

describe("raw rows (Excel)", () => {
  it("streams each point's raw values of the period, a sheet per point, times in the report's zone, within its daily window, in its language; refused until generated and to another tenant", async () => {
    const db = cloud.db;
    // Raw "rawdisp" every 30 minutes of 2026-02-16 (Shanghai), and one value either side of the day; its hourly roll-up.
    const day = zoneDayStart("2026-02-16", ZONE);
    const values = Array.from({ length: 48 }, (_, i) => ({ deviceId, identifier: "rawdisp", ts: new Date(day + i * 1800_000), num: i / 2 }));
    await insertTelemetry(db, [...values, { deviceId, identifier: "rawdisp", ts: new Date(day - 1000), num: -1 }, { deviceId, identifier: "rawdisp", ts: new Date(day + 86_400_000), num: 99 }]);
    await db.insert(telemetryHourly).values(
      Array.from({ length: 24 }, (_, h) => {
        const hour = new Date(day + h * 3600_000);
        return { deviceId, identifier: "rawdisp", hour, n: 2, sum: h * 2 + 0.5, min: h, minTs: hour, max: h + 0.5, maxTs: hour, first: h, firstTs: hour, last: h + 0.5, lastTs: hour };
      }),
    );
    // Another tenant's device named in the template is left out.
    const [foreignDev] = await db.select({ id: devices.id }).from(devices).where(tenantOf(1).where(devices)).limit(1);
    const content = `<div data-report-block="pointTable" data-points="${deviceId}:rawdisp,${deviceId}:disp${foreignDev ? `,${foreignDev.id}:disp` : ""}"></div><div data-report-block="chart" data-points="${deviceId}:rawdisp"></div>`;
    const tpl = await call<ReportTemplateRow>("/reportTemplate/save", admin, { templateName: "原始数据模板", reportType: 0, content });
    const saved = await call<{ id: number }>("/reportInfo/save", admin, { templateId: tpl.body.data.id, start: "2026-02-16", end: "2026-02-16" });
    const id = saved.body.data.id;
    const early = await download(id, "xlsx");
    expect(early.json?.code).toBe(400);
    await runReports(cloud.db, cloud.now);

    const file = await download(id, "xlsx");
    expect(file.type).toContain("spreadsheetml");
    let wb = await workbook(file.bytes!);
    const sheets = wb.worksheets.map((w) => w.name);
    expect(sheets.slice(0, 2)).toEqual(["报告", "测点"]);
    // The points sheet names each point's sheet, with the values of the period the roll-up counts.
    const points = wb.getWorksheet("测点")!;
    expect(columnA(points)).toEqual(sheets.slice(2));
    expect(sheets).toHaveLength(4);
    expect(points.getCell("C2").value).toBe("rawdisp");
    expect(points.getCell("D2").value).toBe(48);
    const raw = wb.worksheets[2];
    expect(raw.getRow(1).values).toEqual([undefined, "时间", "数值"]);
    expect(raw.rowCount).toBe(49);
    // Excel has no zones: the cell holds the Shanghai wall clock.
    expect((raw.getCell("A2").value as Date).toISOString()).toBe("2026-02-16T00:00:00.000Z");
    expect(raw.getCell("A2").numFmt).toBe("yyyy-mm-dd hh:mm:ss");
    expect(raw.getColumn(2).values.slice(2)).toEqual(values.map((v) => v.num));
    // "disp" has no raw values that day: its sheet has the header only.
    expect(wb.worksheets[3].rowCount).toBe(1);
    expect(columnA(wb.getWorksheet("报告")!)).toContain("报告名称");

    // A plan's daily window (08:00–12:00) keeps that window's values only; an English report's words are English.
    await db.update(reports).set({ startTime: "08:00", endTime: "12:00", language: "en" }).where(eq(reports.id, id));
    wb = await workbook((await download(id, "xlsx")).bytes!);
    expect(wb.worksheets.slice(0, 2).map((w) => w.name)).toEqual(["Report", "Points"]);
    expect(wb.worksheets[1].getCell("D2").value).toBe(8);
    expect(wb.worksheets[2].getRow(1).values).toEqual([undefined, "Time", "Value"]);
    expect((wb.worksheets[2].getColumn(1).values.slice(2) as Date[]).map((d) => d.toISOString().slice(11, 16))).toEqual(["08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]);

    const foreign = await download(id, "xlsx", foreignProjectId);
    expect(foreign.json?.code).not.toBe(200);
  }, SETUP_MS);

  it("continues a point on a next sheet past a sheet's rows (Excel's 1,048,576)", async () => {
    const [r] = await cloud.db.select().from(reports).where(eq(reports.reportName, "原始数据模板 2026-02-16"));
    await cloud.db.update(reports).set({ startTime: null, endTime: null }).where(eq(reports.id, r.id));
    const [row] = await cloud.db.select().from(reports).where(eq(reports.id, r.id));
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (c: Buffer) => chunks.push(c));
    // 21 rows a sheet: the header and 20 values.
    await writeXlsxSheets(out, reportSheets(cloud.db, row, cloud.now(), 21));
    const wb = await workbook(Buffer.concat(chunks));
    const names = wb.worksheets.map((w) => w.name);
    expect(names.slice(3, 5)).toEqual([`${names[2]} (2)`, `${names[2]} (3)`]);
    expect(wb.worksheets.slice(2, 5).map((w) => w.rowCount)).toEqual([21, 21, 9]);
    expect(wb.worksheets[4].getCell("B9").value).toBe(23.5);
  }, SETUP_MS);
});

describe("site blocks: inclinometer profile, point layout, robot inspections", () => {
  it("render from the period's data in the preview, the Word file and the PDF, in both languages; the palette lists the project's strings and scenes", async () => {
    const db = cloud.db;
    const day = zoneDayStart("2026-02-16", ZONE);
    // An inclinometer string of the project, five 2 m units: upright at 01:00, every unit 1° along A at 23:00.
    const [string] = await db.select({ id: devices.id }).from(devices).innerJoin(products, eq(products.id, devices.productId)).where(tenantOf(2).where(devices, eq(products.monitorType, "inclinometer"))).orderBy(asc(devices.id)).limit(1);
    await db.update(devices).set({ projectId }).where(eq(devices.id, string.id));
    // No initial reading: the curves are counted from the first one.
    await db.delete(deviceInitValues).where(eq(deviceInitValues.deviceId, string.id));
    await db.insert(deviceConfigs).values({ deviceId: string.id, tenantId: 2, configKind: "inclinometer", config: { holePosition: 1, holeDepth: 10, unitLength: 2, unitCount: 5 } }).onConflictDoUpdate({ target: deviceConfigs.deviceId, set: { config: { holePosition: 1, holeDepth: 10, unitLength: 2, unitCount: 5 } } });
    const units = (deg: number) => JSON.stringify(Array.from({ length: 5 }, () => ({ angleA: deg, angleB: 0 })));
    await insertTelemetry(db, [
      { deviceId: string.id, identifier: "points", ts: new Date(day + 3600_000), txt: units(0) },
      { deviceId: string.id, identifier: "points", ts: new Date(day + 23 * 3600_000), txt: units(1) },
    ]);
    // A scene of the project: its plan (a PNG in the uploads) with the first device placed, showing "lay" (last 23.5 that day); an alarm of that device in the period.
    mkdirSync(join(cloud.deps.config.filesDir, "report-test"), { recursive: true });
    writeFileSync(join(cloud.deps.config.filesDir, "report-test", "plan.png"), canvas(80, 45, [200, 220, 240]).png());
    const [scene] = await db.insert(scenes).values({ tenantId: 2, projectId, sceneName: "一层平面", i18n: { sceneName: { en: "Ground floor" } }, sceneType: 0, sceneFile: "report-test/plan.png" }).returning({ id: scenes.id });
    await db.insert(sceneDevices).values({ tenantId: 2, projectId, sceneId: scene.id, deviceId, identifier: "lay", x: 120, y: 200 });
    const hour = (h: number, v: number) => ({ deviceId, identifier: "lay", hour: new Date(day + h * 3600_000), n: 1, sum: v, min: v, minTs: new Date(day), max: v, maxTs: new Date(day), first: v, firstTs: new Date(day), last: v, lastTs: new Date(day) });
    await db.insert(telemetryHourly).values([hour(2, 20), hour(22, 23.5)]);
    await db.insert(alarms).values({ tenantId: 2, projectId, deviceId, alarmName: "位移超限", levelName: "一级", value: 20, triggeredAt: new Date(day + 5 * 3600_000), lastTriggeredAt: new Date(day + 5 * 3600_000) });
    // Three inspection readings of a robot that day, one abnormal.
    const rec = (h: number, status: number, value: number) => ({ tenantId: 2, projectId, trackId: 1, pointId: 7, itemId: 3, deviceId, taskName: "巡检", trackName: "A 轨道", pointName: "配电柜", itemName: "温度", itemType: 1, deviceName: "巡检机器人", value, unit: "℃", inspectStatus: status, recordedAt: new Date(day + h * 3600_000) });
    await writeRecords(db, [rec(9, 0, 30), rec(10, 0, 31), rec(11, 1, 88.5)]);

    const sources = await call<{ strings: { id: number }[]; scenes: { id: number; sceneName: string; plan: boolean }[] }>("/reportTemplate/sources", admin, undefined, projectId, "en");
    expect(sources.body.data.strings.map((x) => x.id)).toContain(string.id);
    expect(sources.body.data.scenes.find((x) => x.id === scene.id)).toEqual({ id: scene.id, sceneName: "Ground floor", plan: true });
    expect((await call<{ scenes: { id: number }[] }>("/reportTemplate/sources", admin, undefined, otherProjectId)).body.data.scenes.map((x) => x.id)).not.toContain(scene.id);

    const content = `<h2>现场</h2><div data-report-block="inclinometer" data-points="" data-devices="${string.id}" data-curves="2"></div><div data-report-block="layout" data-points="" data-scene="${scene.id}"></div><div data-report-block="inspection" data-points=""></div>`;
    const saved = await call<ReportTemplateRow>("/reportTemplate/save", admin, { templateName: "现场模板", reportType: 0, content });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.content).toContain(`data-devices="${string.id}"`);
    expect(saved.body.data.content).toContain(`data-scene="${scene.id}"`);
    // Five units of 2 m each tilted 1°: 5 × 2000 × sin 1° = 174.524 mm at the top.
    const zh = (await call<{ html: string }>("/reportTemplate/preview", admin, { id: saved.body.data.id, start: "2026-02-16", end: "2026-02-16" })).body.data.html;
    expect(zh).toContain("深层位移");
    expect(zh).toContain("174.524 @ 0 m");
    expect(zh).toContain("以所示第一条读数 2026-02-16 01:00 为基准");
    expect(zh).toContain(`<image href="data:image/png;base64,`);
    expect(zh).toMatch(/<circle cx="120" cy="200" r="11" fill="#dc2626"/);
    expect(zh).toContain("有告警");
    expect(zh).toContain("23.5");
    expect(zh).toContain("本期机器人巡检");
    expect(zh).toContain("异常读数（1）");
    expect(zh).toContain("88.5 ℃");
    const en = (await call<{ html: string }>("/reportTemplate/preview", admin, { id: saved.body.data.id, start: "2026-02-16", end: "2026-02-16", language: "en" })).body.data.html;
    expect(en).toContain("Point layout — Ground floor");
    expect(en).toContain("Alarm raised");
    expect(en).toContain("Robot inspections of the period");
    expect(en).toContain("Counted from the first reading shown, 2026-02-16 01:00");
    // A string configured neither itself nor by a point of the project, and a scene of another project, say so instead.
    await db.delete(deviceConfigs).where(eq(deviceConfigs.deviceId, string.id));
    await db.update(pointGroups).set({ holeDepth: null }).where(sql`${string.id} = any(${pointGroups.deviceIds})`);
    const bare = (await call<{ html: string }>("/reportTemplate/preview", admin, { content: content.replace(`data-scene="${scene.id}"`, `data-scene="999999"`), start: "2026-02-16", end: "2026-02-16", language: "en" })).body.data.html;
    expect(bare).toContain("not configured");
    expect(bare).toContain("no longer in the project");
    await db.insert(deviceConfigs).values({ deviceId: string.id, tenantId: 2, configKind: "inclinometer", config: { holePosition: 1, holeDepth: 10, unitLength: 2, unitCount: 5 } });

    const r = await call<{ id: number }>("/reportInfo/save", admin, { templateId: saved.body.data.id, start: "2026-02-16", end: "2026-02-16" });
    await runReports(cloud.db, cloud.now, cloud.deps.config.filesDir);
    const docx = await download(r.body.data.id, "docx");
    expect(docx.type).toContain("wordprocessingml");
    if (HAS_UNZIP) {
      const text = docxText(docx.bytes!);
      for (const s of ["深层位移", "174.524 @ 0 m", "测点布置 — 一层平面", "有告警", "23.5", "本期机器人巡检", "88.5 ℃"]) expect(text).toContain(s);
    }
    const pdf = await download(r.body.data.id, "pdf");
    if (chromiumPath() && HAS_PDFTOTEXT) {
      const text = pdfText(pdf.bytes!);
      for (const s of ["深层位移", "174.524", "测点布置", "本期机器人巡检", "88.5"]) expect(text).toContain(s);
    }
  }, SETUP_MS);
});

describe("conclusions written by rules", () => {
  it("say from the period's data which points passed the warning and alarm values, the largest change, the trends, the gaps and the alarms, in the report's language, in the preview, the Word file and the PDF", async () => {
    const db = cloud.db;
    const [dev] = await db.select({ deviceName: devices.deviceName, i18n: devices.i18n }).from(devices).where(eq(devices.id, deviceId));
    // A second property of the device, flat at 3.0 over the same week: stable, within the warning value.
    const from = zoneDayStart("2026-02-02", ZONE);
    await db
      .insert(telemetryHourly)
      .values(Array.from({ length: 7 * 24 }, (_, i) => ({ deviceId, identifier: "tilt", hour: new Date(from + i * 3600_000), n: 1, sum: 3, min: 3, minTs: new Date(from), max: 3, maxTs: new Date(from), first: 3, firstTs: new Date(from), last: 3, lastTs: new Date(from) })))
      .onConflictDoNothing();
    // Two alarms raised in the period (one recovered), one the week after (not counted).
    const alarm = (day: string, recovered: boolean) => ({ tenantId: 2, projectId, deviceId, alarmName: "位移超限", levelName: "一级", value: 60, triggeredAt: new Date(zoneDayStart(day, ZONE) + 3600_000), lastTriggeredAt: new Date(zoneDayStart(day, ZONE) + 3600_000), recoveredAt: recovered ? new Date(zoneDayStart(day, ZONE) + 7200_000) : null });
    await db.insert(alarms).values([alarm("2026-02-03", true), alarm("2026-02-05", false), alarm("2026-02-12", false)]);
    const content = `<h2>结论</h2><div data-report-block="conclusion" data-points="${deviceId}:disp,${deviceId}:tilt,${deviceId}:gone" data-warn="10" data-alarm="50"></div>`;
    const tpl = await call<ReportTemplateRow>("/reportTemplate/save", admin, { templateName: "结论模板", reportType: 0, content });
    expect(tpl.body.code).toBe(200);
    const p = (id: string) => `${dev.deviceName} · ${id}`;
    // An English document names the device in English.
    const pe = (id: string) => `${dev.i18n?.deviceName?.en ?? dev.deviceName} · ${id}`;
    const english = [
      // 1.25 → 84.75, rising 0.5 an hour: 12 a day.
      `The largest change this period is 83.5 at ${pe("disp")} (from 1.25 to 84.75).`,
      `1 point is over the alarm value 50: ${pe("disp")}.`,
      `Trends: rising — ${pe("disp")}; stable — ${pe("tilt")}.`,
      `The fastest rate is 12 per day, at ${pe("disp")}.`,
      `1 point has no values in this period: ${pe("gone")}.`,
      "2 alarms were raised in this period (一级 2); 1 recovered, 1 still open.",
    ];
    const en = await call<{ html: string }>("/reportTemplate/preview", admin, { id: tpl.body.data.id, start: "2026-02-02", end: "2026-02-08", language: "en" });
    const items = (html: string) => [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1].replace(/&#39;/g, "'"));
    expect(items(en.body.data.html)).toEqual(english);
    const zh = await call<{ html: string }>("/reportTemplate/preview", admin, { id: tpl.body.data.id, start: "2026-02-02", end: "2026-02-08" });
    expect(items(zh.body.data.html)).toEqual([
      `本期最大变化为 83.5，位于 ${p("disp")}（由 1.25 变为 84.75）。`,
      `1 个测点超过报警值 50：${p("disp")}。`,
      `变化趋势：上升——${p("disp")}；平稳——${p("tilt")}。`,
      `最大变化速率为每天 12，位于 ${p("disp")}。`,
      `1 个测点本期无数据：${p("gone")}。`,
      "本期共发生 2 条告警（一级 2），已恢复 1 条，仍未恢复 1 条。",
    ]);
    // A lower alarm value and no warning: the other point's rules follow the data, not the text.
    const calm = await call<{ html: string }>("/reportTemplate/preview", admin, { content: `<div data-report-block="conclusion" data-points="${deviceId}:tilt" data-alarm="5"></div>`, start: "2026-02-02", end: "2026-02-08", language: "en" });
    expect(items(calm.body.data.html)).toEqual([`The largest change this period is 0 at ${pe("tilt")} (from 3 to 3).`, "The point stayed within the alarm value 5.", `Trends: stable — ${pe("tilt")}.`, "2 alarms were raised in this period (一级 2); 1 recovered, 1 still open."]);

    // The generated files carry the same sentences.
    const gen = await call<{ id: number }>("/reportInfo/save", admin, { templateId: tpl.body.data.id, start: "2026-02-02", end: "2026-02-08" }, projectId, "en");
    await runReports(cloud.db, cloud.now);
    if (HAS_UNZIP) expect(docxText((await download(gen.body.data.id, "docx")).bytes!)).toContain(english[0]);
    if (chromiumPath() && HAS_PDFTOTEXT) expect(pdfText((await download(gen.body.data.id, "pdf")).bytes!).replace(/\s+/g, " ")).toContain("1 point is over the alarm value 50");
  }, SETUP_MS);
});

describe("conclusions edited by hand before approval", () => {
  it("start as the rules' sentences; edited, the re-rendered PDF, Word file, print view and e-mail carry the edited text and the report says who edited it; approved, they are locked", async () => {
    const content = `<p>{{project}}</p><div data-report-block="conclusion" data-points="${deviceId}:disp" data-warn="10" data-alarm="50"></div><div data-report-block="pointTable" data-points="${deviceId}:disp" data-warn="10"></div><div data-report-block="conclusion" data-points="${deviceId}:disp" data-warn="100"></div>`;
    const tpl = await call<ReportTemplateRow>("/reportTemplate/save", admin, { templateName: "结论编辑模板", reportType: 0, content });
    const plan = await call<ReportPlanRow>("/reportPlane/save", admin, { planName: "结论编辑计划", templateId: tpl.body.data.id, reportType: 0, reportDay: 1, dateType: 0, runTime: "08:00", recipients: [ids.operator] });
    const gen = await call<{ id: number }>("/reportInfo/save", admin, { templateId: tpl.body.data.id, start: "2026-02-02", end: "2026-02-08" }, projectId, "en");
    const id = gen.body.data.id;
    // A plan's report, so approval e-mails it.
    await cloud.db.update(reports).set({ planId: plan.body.data.id }).where(eq(reports.id, id));
    type Conclusions = { blocks: { rules: string[]; lines: string[] }[]; edited: boolean; editedBy: string | null; editedAt: string | null; editable: boolean };
    const early = await call("/reportInfo/updConclusions", admin, { id, blocks: [["x"], ["y"]] }, projectId, "en");
    expect(early.body.code).toBe(400);
    expect(early.body.msg).toMatch(/Only a generated report's conclusions/);
    await runReports(cloud.db, cloud.now);

    const before = await call<Conclusions>(`/reportInfo/conclusions?id=${id}`, admin);
    expect(before.body.code).toBe(200);
    expect(before.body.data).toMatchObject({ edited: false, editedBy: null, editable: true });
    // Two blocks, each its own rules' sentences (over the alarm value 50; the second, warning 100, within it).
    expect(before.body.data.blocks).toHaveLength(2);
    expect(before.body.data.blocks[0].rules[0]).toMatch(/^The largest change this period is 83.5 at /);
    expect(before.body.data.blocks[0].rules).toContain(`1 point is over the alarm value 50: ${before.body.data.blocks[0].rules[0].split(" at ")[1].split(" (")[0]}.`);
    expect(before.body.data.blocks[1].rules.join(" ")).toMatch(/stayed within the warning value 100/);
    expect(before.body.data.blocks.map((b) => b.lines)).toEqual(before.body.data.blocks.map((b) => b.rules));

    // Bad input: a count of blocks other than the report's, an empty line, a line too long; an operator lacks the button.
    const wrongCount = await call("/reportInfo/updConclusions", admin, { id, blocks: [["only one"]] }, projectId, "en");
    expect(wrongCount.body.msg).toMatch(/has 2 conclusions blocks/);
    expect((await call("/reportInfo/updConclusions", admin, { id, blocks: [["  "], ["b"]] })).body.code).toBe(400);
    expect((await call("/reportInfo/updConclusions", admin, { id, blocks: [["a".repeat(501)], ["b"]] })).body.code).toBe(400);
    expect((await call("/reportInfo/updConclusions", operator, { id, blocks: [["a"], ["b"]] })).body.code).not.toBe(200);
    expect((await call(`/reportInfo/conclusions?id=${id}`, admin, undefined, foreignProjectId)).body.code).not.toBe(200);

    const mine = ["The settlement at the east gate is accepted by the designer in the note of 2026-02-09.", "Keep reading daily until the pit is backfilled."];
    const saved = await call("/reportInfo/updConclusions", admin, { id, blocks: [mine, before.body.data.blocks[1].rules] }, projectId, "en");
    expect(saved.body.code).toBe(200);
    expect(saved.body.msg).toMatch(/rendered again/);
    let row = (await call<ReportInfoRow>(`/reportInfo/byId?id=${id}`, admin)).body.data;
    expect(row).toMatchObject({ status: 0, review: 0, conclusionsByName: expect.any(String) });
    expect((await call("/reportInfo/review", admin, { id, review: 1 })).body.code).toBe(400); // rendering: not yet
    await runReports(cloud.db, cloud.now);
    row = (await call<ReportInfoRow>(`/reportInfo/byId?id=${id}`, admin)).body.data;
    expect(row.status).toBe(1);
    expect(row.conclusionsAt).toBeTruthy();
    const after = await call<Conclusions>(`/reportInfo/conclusions?id=${id}`, admin);
    expect(after.body.data).toMatchObject({ edited: true, editedBy: row.conclusionsByName, editable: true });
    expect(after.body.data.blocks[0]).toEqual({ rules: before.body.data.blocks[0].rules, lines: mine });

    const print = (await call<{ html: string }>(`/reportInfo/html?id=${id}`, admin)).body.data.html;
    expect(print).toContain(mine[0]);
    expect(print).not.toContain("over the alarm value 50"); // the first block's rules' sentence, replaced
    expect(print).toContain("stayed within the warning value 100");
    if (HAS_UNZIP) {
      const text = docxText((await download(id, "docx")).bytes!);
      expect(text).toContain(mine[1]);
      expect(text).not.toContain("over the alarm value 50");
    }
    if (chromiumPath() && HAS_PDFTOTEXT) expect(pdfText((await download(id, "pdf")).bytes!).replace(/\s+/g, " ")).toContain("Keep reading daily until the pit is backfilled.");

    // Approved and e-mailed: the attached Word file is the edited one; the conclusions are then locked.
    await cloud.db.update(users).set({ email: "operator@example.test" }).where(eq(users.id, ids.operator));
    const smtp = await fakeSmtp();
    const testDelivery = cloud.deps.delivery;
    cloud.deps.delivery = createDelivery({ db: cloud.db, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, smtpFrom: "reports@example.test", log: () => {} });
    try {
      expect((await call("/reportInfo/review", admin, { id, review: 1 })).body.code).toBe(200);
      const word = attachmentsOf(smtp.mails[0].data).find((f) => f.type === MIME_DOCX)!.bytes;
      if (HAS_UNZIP) expect(docxText(new Uint8Array(word))).toContain(mine[0]);
    } finally {
      cloud.deps.delivery = testDelivery;
      await smtp.close();
    }
    expect((await call<Conclusions>(`/reportInfo/conclusions?id=${id}`, admin)).body.data.editable).toBe(false);
    const locked = await call("/reportInfo/updConclusions", admin, { id, blocks: null }, projectId, "en");
    expect(locked.body.msg).toMatch(/approved report's conclusions cannot be changed/);
  }, SETUP_MS);

  it("null puts back the rules' sentences", async () => {
    const tpl = await call<ReportTemplateRow>("/reportTemplate/save", admin, { templateName: "结论恢复模板", reportType: 0, content: `<div data-report-block="conclusion" data-points="${deviceId}:disp" data-warn="10"></div>` });
    const id = (await call<{ id: number }>("/reportInfo/save", admin, { templateId: tpl.body.data.id, start: "2026-02-02", end: "2026-02-08" })).body.data.id;
    await runReports(cloud.db, cloud.now);
    await call("/reportInfo/updConclusions", admin, { id, blocks: [["手写结论"]] });
    await runReports(cloud.db, cloud.now);
    expect((await call<{ html: string }>(`/reportInfo/html?id=${id}`, admin)).body.data.html).toContain("<li>手写结论</li>");
    expect((await call("/reportInfo/updConclusions", admin, { id, blocks: null })).body.code).toBe(200);
    await runReports(cloud.db, cloud.now);
    const html = (await call<{ html: string }>(`/reportInfo/html?id=${id}`, admin)).body.data.html;
    expect(html).not.toContain("手写结论");
    expect(html).toContain("本期最大变化为 83.5");
    const back = await call<{ edited: boolean; editedBy: string | null }>(`/reportInfo/conclusions?id=${id}`, admin);
    expect(back.body.data.edited).toBe(false);
    expect(back.body.data.editedBy).toBeTruthy();
  }, SETUP_MS);
});

describe("cumulative change as the monitoring screen counts it", () => {
  it("the point table's initial value and cumulative change are the monitoring screen's: the initial value set, absolute zero, else the period's first value", async () => {
    const db = cloud.db;
    // A settlement sensor of the project, in the project's settlement point; readings before and over 2026-02-10 … 11.
    const [dev] = await db.select({ id: devices.id }).from(devices).innerJoin(products, eq(products.id, devices.productId)).where(tenantOf(2).where(devices, eq(products.monitorType, "settlement"))).orderBy(asc(devices.id)).limit(1);
    await db.update(devices).set({ projectId }).where(eq(devices.id, dev.id));
    await db.delete(deviceInitValues).where(eq(deviceInitValues.deviceId, dev.id));
    // Its point as seeded (the project's settlement point), else one made for it.
    const [seeded] = await db.select({ id: pointGroups.id }).from(pointGroups).where(and(eq(pointGroups.projectId, projectId), sql`${dev.id} = any(${pointGroups.deviceIds})`)).orderBy(asc(pointGroups.id)).limit(1);
    const [group] = seeded ? [seeded] : await db.insert(pointGroups).values({ tenantId: 2, projectId, groupName: "CJ-report", monitorKind: "settlement", zeroType: 1, deviceIds: [dev.id] }).returning({ id: pointGroups.id });
    await db.update(pointGroups).set({ zeroType: 1 }).where(eq(pointGroups.id, group.id));
    const day = (d: string, h: number) => zoneDayStart(d, ZONE) + h * 3600_000;
    const readings: [number, number][] = [[day("2026-02-09", 12), 8], [day("2026-02-10", 9), 10], [day("2026-02-10", 15), 12.5], [day("2026-02-11", 20), 15.25]];
    await insertTelemetry(db, readings.map(([ts, v]) => ({ deviceId: dev.id, identifier: "settlement", ts: new Date(ts), num: v })));
    await db.insert(telemetryHourly).values(readings.map(([ts, v]) => ({ deviceId: dev.id, identifier: "settlement", hour: new Date(ts), n: 1, sum: v, min: v, minTs: new Date(ts), max: v, maxTs: new Date(ts), first: v, firstTs: new Date(ts), last: v, lastTs: new Date(ts) })));
    const content = `<div data-report-block="pointTable" data-points="${dev.id}:settlement,${deviceId}:disp" data-warn="10"></div>`;
    /** The report's row of the sensor: its cells, and the note under the table. */
    const reportRow = async (language = "zh-cn") => {
      const html = (await call<{ html: string }>("/reportTemplate/preview", admin, { content, start: "2026-02-10", end: "2026-02-11", language })).body.data.html;
      const row = [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) => [...m[1].matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((c) => c[1])).find((cells) => cells[0].includes("settlement"))!;
      return { initial: row[6], cumulative: row[7], html };
    };
    /** The monitoring screen's cumulative change at the last reading of the same days (the device in its point). */
    const screen = async () => {
      const res = await cloud.request<{ series: { id: string; data: [number, number][] }[] }>("/stat/devOperationMonitoring/view", { token: admin, body: { monitorKind: "settlement", deviceId: dev.id, groupId: group.id, startTime: "2026-02-10", endTime: "2026-02-11", queryType: 1, showValue: 0 }, headers: { projectid: String(projectId) } });
      return String(res.body.data.series.find((x) => x.id === "settlement")!.data.at(-1)![1]);
    };

    // No initial value set: both count from the first value of the days shown.
    expect(await screen()).toBe("5.25");
    expect(await reportRow()).toMatchObject({ initial: "—", cumulative: "5.25" });
    // The initial value set on the monitoring screen from the reading of 2026-02-09 12:00 (8).
    const set = await cloud.request<{ set: number }>("/stat/devOperationMonitoring/setDevInitValue", { token: admin, body: { deviceId: dev.id, dateTime: readings[0][0] }, headers: { projectid: String(projectId) } });
    expect(set.body.code).toBe(200);
    expect(await screen()).toBe("7.25");
    const zh = await reportRow();
    expect(zh).toMatchObject({ initial: "8", cumulative: "7.25" });
    expect(zh.html).toContain("累计变化 = 本次值 − 初始值");
    // The other point is not a monitoring measure of its device: no cumulative change.
    expect(zh.html).toMatch(/<td>[^<]*disp<\/td>(<td>[^<]*<\/td>){5}<td>—<\/td><td>—<\/td>/);
    const en = await reportRow("en");
    expect(en).toMatchObject({ initial: "8", cumulative: "7.25" });
    expect(en.html).toContain("<th>Cumulative change</th>");
    // A point of absolute zero: the sensor reports the change itself.
    await db.update(pointGroups).set({ zeroType: 0 }).where(eq(pointGroups.id, group.id));
    expect(await screen()).toBe("15.25");
    expect(await reportRow()).toMatchObject({ initial: "0", cumulative: "15.25" });
  });
});

describe("report plans on the schedule", () => {
  it("writes one report per plan and period however often the job runs; approving it messages the recipients, and e-mails its files when SMTP is configured (else says e-mail is off)", async () => {
    const tpl = await call<ReportTemplateRow>("/reportTemplate/save", admin, { templateName: "月报模板", reportType: 1, content: BLOCKS() });
    const plan = await call<ReportPlanRow>("/reportPlane/save", admin, { planName: "周报计划", templateId: tpl.body.data.id, reportType: 0, reportDay: 1, dateType: 0, runTime: "08:00", recipients: [ids.operator] });
    expect(plan.body.code).toBe(200);
    // TEST_EPOCH is Monday 2026-03-02 16:00 Shanghai: the plan's first run is the next Monday 08:00.
    await Promise.all([runReports(cloud.db, cloud.now), runReports(cloud.db, cloud.now)]);
    let list = await call<Page<ReportInfoRow>>("/reportInfo/list?pageNum=1&pageSize=50", admin);
    expect(list.body.data.records.filter((r) => r.planId === plan.body.data.id)).toHaveLength(0);
    // A week later (the job's clock; the callers' sessions stay on the test's), three instances run the job at once.
    const later = () => new Date(cloud.now().getTime() + 7 * 86_400_000);
    await Promise.all([runReports(cloud.db, later), runReports(cloud.db, later), runReports(cloud.db, later)]);
    list = await call<Page<ReportInfoRow>>("/reportInfo/list?pageNum=1&pageSize=50", admin);
    const mine = list.body.data.records.filter((r) => r.planId === plan.body.data.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ periodStart: "2026-03-02", periodEnd: "2026-03-09", status: 1 });
    // Without SMTP the answer says e-mail is off; the in-site message still goes.
    const review = await call("/reportInfo/review", admin, { id: mine[0].id, review: 1 }, projectId, "en");
    expect(review.body.code).toBe(200);
    expect(review.body.msg).toMatch(/in 1 recipients' messages; e-mail is off on this server \(no SMTP configured\)/);
    const msgs = await cloud.db.select().from(stationMessages).where(and(eq(stationMessages.bizId, mine[0].id), eq(stationMessages.msgTitle, mine[0].reportName)));
    expect(msgs.map((m) => m.userId)).toEqual([ids.operator]);

    // With SMTP (a loopback server here): regenerated and approved again, it is e-mailed to the recipient with its files.
    await cloud.db.update(users).set({ email: "operator@example.test" }).where(eq(users.id, ids.operator));
    const smtp = await fakeSmtp();
    const testDelivery = cloud.deps.delivery;
    cloud.deps.delivery = createDelivery({ db: cloud.db, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, smtpFrom: "reports@example.test", log: () => {} });
    try {
      await call("/reportInfo/reGenerate", admin, { id: mine[0].id });
      await runReports(cloud.db, cloud.now);
      const mailed = await call("/reportInfo/review", admin, { id: mine[0].id, review: 1 }, projectId, "en");
      expect(mailed.body.msg).toMatch(/in 1 recipients' messages and e-mailed with its files to 1$/);
      expect(smtp.mails).toHaveLength(1);
      const [mail] = smtp.mails;
      expect(mail.to).toEqual(["operator@example.test"]);
      const files = attachmentsOf(mail.data);
      // Word always, the PDF when this server has Chromium; each the report's own bytes.
      expect(files.map((f) => f.type).sort()).toEqual(chromiumPath() ? ["application/pdf", MIME_DOCX] : [MIME_DOCX]);
      expect(files.find((f) => f.type === MIME_DOCX)!.bytes.subarray(0, 2).toString()).toBe("PK");
      if (chromiumPath()) expect(files.find((f) => f.type === "application/pdf")!.bytes.subarray(0, 4).toString()).toBe("%PDF");
      expect(Buffer.from((await download(mine[0].id, "docx")).bytes!).equals(files.find((f) => f.type === MIME_DOCX)!.bytes)).toBe(true);
      // A refusing server: the approval still stands and says who was not e-mailed and why.
      smtp.refuse = true;
      await call("/reportInfo/reGenerate", admin, { id: mine[0].id });
      await runReports(cloud.db, cloud.now);
      const refused = await call("/reportInfo/review", admin, { id: mine[0].id, review: 1 }, projectId, "en");
      expect(refused.body.code).toBe(200);
      expect(refused.body.msg).toMatch(/e-mailed with its files to 0; not e-mailed to 1 \(no address, or refused: .*550/);
    } finally {
      cloud.deps.delivery = testDelivery;
      await smtp.close();
    }
  }, SETUP_MS);
});
