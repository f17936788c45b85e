import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO, loginAs } from "./pages/login-page";
import { HAS_PDFTOTEXT } from "../../cloud/report/testing";
import { MediaPage } from "./pages/media-page";
import { nextRunIn, platformApi, ReportPage, tenantZone } from "./pages/report-page";
import { seededName } from "./pages/seeded";
import { ShellPage } from "./pages/shell-page";

/**
 * Monitoring reports (issue 38), in both languages: a template is made, a point table, a chart and
 * conclusions are inserted in the editor and the live preview shows them, then an inclinometer profile,
 * a point layout and the robot inspections; a plan saved early, due a minute or two later, generates its
 * report on schedule while the rest runs; a report is
 * generated now, its conclusions rewritten by hand, reviewed and approved, and both its PDF (read
 * with pdftotext when installed) and its Word file download and hold the project's name and the
 * edited conclusions. A rich-text document is written on /quillEditor from the media library.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.random().toString(36).slice(2, 6).toUpperCase();
const PROJECT = "滨江花园";
const TEXT = {
  "zh-cn": { pointTable: "测点表", chart: "测点曲线", conclusion: "结论", inclinometer: "测斜剖面", layout: "测点布置图", inspection: "机器人巡检", profileTitle: /深层位移/, layoutTitle: "测点布置 — 总平面图", inspectionTitle: "本期机器人巡检", saved: "模板已保存", pageSaved: "页面已保存", largest: "本期最大变化", generated: "已生成", approved: "已通过", reportType: "周报", refused: "没有权限执行此操作" },
  en: { pointTable: "Point table", chart: "Chart of points", conclusion: "Conclusions", inclinometer: "Inclinometer profile", layout: "Point layout", inspection: "Robot inspections", profileTitle: /^Deep displacement of /, layoutTitle: "Point layout — Site plan", inspectionTitle: "Robot inspections of the period", saved: "Template saved", pageSaved: "Page saved", largest: "The largest change this period", generated: "Generated", approved: "Approved", reportType: "Weekly", refused: "You are not allowed to do this" },
} as const;

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];
  const NAME = `E2E report ${locale} ${RUN}`;

  test(`${locale}: a template with a table and a chart, a plan, a generated report reviewed and downloaded`, async ({ page, context }, testInfo) => {
    test.setTimeout(300_000);
    await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    await new ShellPage(page).chooseProject(PROJECT);
    const ui = new ReportPage(page);

    // The template: made in the list, its document written in the editor with two data blocks.
    await ui.open("/reportTemplate");
    await ui.toolbarButton("add").click();
    await ui.fill("templateName", NAME);
    await ui.submit("create");
    await expect(ui.dialog("create")).toBeHidden();

    // A weekly plan over the template, switched on, due in a minute or two (today's week day and the next
    // minutes in the tenant's zone): the scheduler's job (every 60 s) generates its report while the steps
    // below run, and the list shows it at the end. No clock is moved.
    const PLAN = `Plan ${locale} ${RUN}`;
    const zone = await tenantZone(page, DEMO.demoadmin.tId);
    await ui.open("/reportPlan");
    await ui.toolbarButton("add").click();
    await ui.fill("planName", PLAN);
    await ui.choose("templateId", NAME);
    const due = nextRunIn(zone);
    await ui.fill("reportDay", String(due.weekDay));
    await ui.fill("runTime", due.time);
    await ui.submit("create");
    await expect(ui.dialog("create")).toBeHidden();
    await expect(ui.row(PLAN)).toContainText(T.reportType);
    await expect(ui.row(PLAN)).toContainText(due.time);

    await ui.open("/reportTemplate");
    await ui.rowAction(NAME, "document");
    await expect(page).toHaveURL(/\/editTemplate\?id=\d+/);
    const templateId = new URL(page.url()).searchParams.get("id");
    await ui.insertBlock(T.pointTable, "10");
    await ui.insertBlock(T.chart, "10");
    await ui.insertBlock(T.conclusion, "10");
    await expect(page.getByTestId("report-block")).toHaveCount(3);
    await page.getByTestId("template-save").click();
    await expect(page.getByText(T.saved).first()).toBeVisible();
    const preview = page.frameLocator('[data-testid="template-preview"]');
    await expect(preview.locator("table.data")).toBeVisible({ timeout: 30_000 });
    await expect(preview.locator("header.cover")).toContainText(seededName(PROJECT));
    // Conclusions written from the period's data, in the page's language.
    await expect(preview.locator("ul.conclusion li").first()).toBeVisible();
    // The site blocks: the project's first inclinometer string, the plan of its scene with the placed points, the robot inspections.
    await ui.insertSiteBlock(T.inclinometer, "#block-strings");
    await ui.insertSiteBlock(T.layout, "#block-scene");
    await ui.insertSiteBlock(T.inspection);
    await expect(page.getByTestId("report-block")).toHaveCount(6);
    await page.getByTestId("template-save").click();
    await expect(preview.locator("div.profile figure.chart").first()).toBeVisible({ timeout: 30_000 });
    await expect(preview.locator("h3").filter({ hasText: T.profileTitle })).toHaveCount(1);
    await expect(preview.locator("h3", { hasText: T.layoutTitle })).toBeVisible();
    await expect(preview.locator("figure.layout svg circle").first()).toBeVisible();
    await expect(preview.locator("h3", { hasText: T.inspectionTitle })).toBeVisible();

    // A custom page saved with three blocks shows them over live data (each language its own page).
    const custom = `/page/page${locale === "en" ? 2 : 1}`;
    await page.goto(custom);
    await page.getByTestId("page-edit").click();
    await ui.insertBlock(T.pointTable, "10");
    await ui.insertBlock(T.chart, "10");
    await ui.insertBlock(T.conclusion, "10");
    await page.getByTestId("page-save").click();
    await expect(page.getByText(T.pageSaved).first()).toBeVisible();
    const blocks = page.frameLocator('[data-testid="page-blocks"]');
    await expect(blocks.locator("table.data tbody tr").first()).toBeVisible({ timeout: 30_000 });
    await expect(blocks.locator("figure.chart").first()).toBeVisible();
    // `.first()`: a retry finds the blocks of the failed attempt on the page too.
    await expect(blocks.locator("ul.conclusion").first()).toContainText(T.largest);

    // Generated now, reviewed, downloaded in both formats.
    await ui.open("/reportList");
    await ui.toolbarButton("generate").click();
    const gen = page.getByTestId("report-generate");
    await gen.getByRole("combobox").click();
    await page.getByRole("option", { name: NAME }).click();
    await gen.locator("#gen-name").fill(NAME);
    await gen.locator('button[type="submit"], button:has-text("OK"), button:has-text("确定")').last().click();
    await expect(gen).toBeHidden();
    await ui.waitGenerated(NAME, T.generated);
    const period = (await ui.row(NAME).first().textContent())!.match(/\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/)![0];
    // Its conclusions rewritten by hand before approval: the report is rendered again with them.
    const MINE = `E2E conclusion ${locale} ${RUN}`;
    await ui.rowAction(NAME, "conclusions");
    const concl = page.getByTestId("report-conclusions");
    // The rules' sentences first (over the default last week: its data and alarms).
    await expect(concl.locator("#conclusion-0")).toHaveValue(/\S/);
    await concl.locator("#conclusion-0").fill(MINE);
    await concl.getByTestId("conclusions-save").click();
    await expect(concl).toBeHidden();
    await ui.waitGenerated(NAME, T.generated);
    await ui.rowAction(NAME, "review");
    await page.getByTestId("review-approve").click();
    await expect(ui.row(NAME).first()).toContainText(T.approved);
    const pdf = await ui.downloadOf(() => ui.rowAction(NAME, "pdf"));
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 4).toString()).toBe("%PDF");
    if (HAS_PDFTOTEXT) {
      const file = join(mkdtempSync(join(tmpdir(), "e2e-report-")), "r.pdf");
      writeFileSync(file, pdf.bytes);
      const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
      expect(text).toMatch(seededName(PROJECT));
      expect(text).toContain(MINE);
      expect(text).toContain(T.inspectionTitle);
      // The period on its cover, as the list shows it.
      expect(text).toContain(period);
    } else testInfo.annotations.push({ type: "skip", description: "pdftotext (poppler-utils) is not installed: the PDF's text is not read" });
    const docx = await ui.downloadOf(() => ui.rowAction(NAME, "docx"));
    expect(docx.name).toMatch(/\.docx$/);
    expect(docx.bytes.subarray(0, 2).toString()).toBe("PK");
    // The print view: the document the PDF is printed from.
    await ui.rowAction(NAME, "print");
    await expect(page).toHaveURL(/\/exportTemplate\?id=\d+/);
    // Under load React can leave a streamed boundary's hidden copy beside the shown one: the visible frame.
    const printFrame = () => page.getByTestId("print-view").filter({ visible: true }).first().contentFrame();
    await expect(printFrame().locator("header.cover")).toContainText(seededName(PROJECT));
    await expect(printFrame().locator("ul.conclusion").first()).toHaveText(MINE);
    const printView = page.url();

    // Another tenant (the platform's administrator, signed in through the console's /api as a browser is)
    // is refused this tenant's report and template in its language, and gets none of their data.
    const reportId = Number(new URL(printView).searchParams.get("id"));
    const platform = await platformApi(testInfo.project.use.baseURL!, locale);
    for (const res of [
      await platform.post("/api/stat/reportInfo/download", { data: { id: reportId, format: "pdf" } }),
      await platform.get(`/api/stat/reportInfo/html?id=${reportId}`),
      await platform.get(`/api/stat/reportTemplate/byId?id=${templateId}`),
    ]) {
      expect(res.headers()["content-type"]).toContain("application/json");
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ code: 403, msg: T.refused });
      expect(text).not.toContain(NAME);
    }
    await platform.dispose();

    // A rich-text document of the media library, written on /quillEditor and opened again.
    const media = new MediaPage(page);
    await media.open();
    await media.toolbar("newDocument").click();
    await expect(page).toHaveURL(/\/quillEditor$/);
    await page.getByTestId("doc-name").fill(`Notice ${locale} ${RUN}`);
    await page.locator("#doc-body").click();
    await page.keyboard.type(`Gate B closed ${RUN}`);
    await page.getByTestId("doc-save").click();
    await expect(page).toHaveURL(/\/quillEditor\?id=\d+/);
    const docView = page.url();
    await media.open();
    await media.item(`Notice ${locale} ${RUN}`).locator("button").first().click();
    await expect(page.locator("#doc-body")).toContainText(`Gate B closed ${RUN}`);

    // Pictures of the screens to look at (light and dark, 1440 px and a phone): not compared, kept in .out.
    for (const [scheme, width, height] of [["light", 1440, 900], ["dark", 1440, 900], ["light", 390, 844], ["dark", 390, 844]] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      for (const path of ["/reportList", "/reportPlan", "/reportTemplate", custom, printView, docView]) {
        if (path === custom || path === printView || path === docView) await page.goto(path);
        else await ui.open(path);
        if (path === custom) await expect(blocks.locator("ul.conclusion").first()).toBeVisible({ timeout: 30_000 });
        if (path === printView) await expect(printFrame().locator("header.cover")).toBeVisible({ timeout: 30_000 });
        if (path === docView) await expect(page.locator("#doc-body")).toContainText(RUN);
        await page.screenshot({ path: testInfo.outputPath(`${locale}-${new URL(path, "http://x").pathname.slice(1).replace(/\//g, "-")}-${scheme}-${width}.png`), fullPage: path === custom });
      }
    }

    // The plan's report, generated on schedule meanwhile: the seven days before today's run.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(async () => {
      await ui.open("/reportList");
      await expect(ui.row(PLAN).first()).toContainText(T.generated, { timeout: 2_000 });
    }).toPass({ timeout: 180_000, intervals: [3_000] });
    await expect(ui.row(PLAN)).toHaveCount(1);
    await expect(ui.row(PLAN)).toContainText(`${PLAN} ${due.periodStart}`);
    await expect(ui.row(PLAN)).toContainText(`${due.periodStart} – ${due.periodLast}`);
  });
}
