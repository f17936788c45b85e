import { expect, test } from "@playwright/test";
import { loginAs } from "./pages/login-page";
import { DebugPageObject } from "./pages/device-ops-page";
import { ResourcePageObject } from "./pages/resource-page";

/**
 * Device operations (issue 16): from /debug a reporting cycle and a restart reach a simulated
 * device over MQTT and turn success on its replies, and a restart to a device told to ignore it
 * turns timeout; the handling log shows them; a battery model
 * and a construction record are added through their forms, with their rules enforced — in both
 * languages.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.random().toString(36).slice(2, 6).toUpperCase();
const TEXT = {
  "zh-cn": { sn: "SIM01002", success: "成功", timeout: "超时", voltage: "满电电压必须高于截止电压", warranty: "质保截止日期不能早于出库日期", firstInstall: "首次安装", live: "实时", airAgent: "掺引气剂", noProject: "选择项目", manual: "手动输入 a、b" },
  en: { sn: "SIM02002", success: "Success", timeout: "Timeout", voltage: "The full-charge voltage must be above the termination voltage", warranty: "The warranty deadline must be on or after the outbound date", firstInstall: "First install", live: "Live", airAgent: "Air-entraining agent", noProject: "Select a project", manual: "Manual a and b" },
} as const;

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];

  test.describe(locale, () => {
  test.beforeEach(async ({ page, context }, testInfo) => {
    await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
  });

  test(`${locale}: a cycle-set and a restart from /debug succeed and show in the handling log`, async ({ page }) => {
    const debug = new DebugPageObject(page);
    await debug.open();
    await debug.pick(T.sn);
    await expect(page.getByTestId("stream-state")).toHaveText(T.live, { timeout: 20_000 });

    const cycle = 40 + (locale === "en" ? 5 : 0);
    await debug.setCycle(cycle);
    await expect(debug.cycle().getByTestId("command-status")).toHaveAttribute("data-status", "2", { timeout: 20_000 });
    await expect(debug.cycle().getByTestId("cycle-current")).toContainText(String(cycle));
    // The command went down and the confirmation came up through the live stream.
    await expect(debug.stream().locator("li[data-dir=down]").filter({ hasText: "cycle/set" })).toHaveCount(1);
    await expect(debug.stream().locator("li[data-dir=up]").filter({ hasText: "cycle/reply" })).toHaveCount(1);

    await debug.reboot();
    await expect(debug.lastStatus()).toHaveAttribute("data-status", "2", { timeout: 20_000 });
    await expect(page.getByTestId("request-reply")).toContainText('"code":200');

    const log = new ResourcePageObject(page);
    await log.open("/devices/handleLog");
    await log.search(T.sn === "SIM01002" ? "双轴倾角计-02" : "倾角位移计-02");
    // Newest first: the restart, then the cycle, both of this device (the demo history has older ones).
    const rows = page.getByTestId("data-table").locator("tbody tr");
    await expect(rows.nth(0)).toContainText(T.sn);
    // The command by its name in the reader's language (the identifier column gives way first at narrow widths).
    await expect(rows.nth(0)).toContainText(/重启|Reboot/);
    await expect(rows.nth(0)).toContainText(T.success);
    await expect(rows.nth(1)).toContainText(`"cycle":${cycle}`);
    await expect(rows.nth(1)).toContainText(T.success);
  });

  test(`${locale}: a restart to a device that ignores commands waits, then turns timeout`, async ({ page }) => {
    const debug = new DebugPageObject(page);
    await debug.open();
    // The e2e server starts the simulator with SIMULATOR_IGNORE=SIM01003: it takes commands in and never answers.
    await debug.pick("SIM01003");
    await expect(page.getByTestId("stream-state")).toHaveText(T.live, { timeout: 20_000 });
    await debug.reboot();
    await expect(debug.lastStatus()).toHaveAttribute("data-status", "0", { timeout: 10_000 });
    await expect(debug.stream().locator("li[data-dir=down]").filter({ hasText: "service/call" })).toHaveCount(1);
    // The command's time-out is 15 s: the badge turns without a reload.
    await expect(debug.lastStatus()).toHaveAttribute("data-status", "1", { timeout: 40_000 });
    await expect(debug.lastStatus()).toHaveText(T.timeout);
    await expect(debug.stream().locator("li[data-dir=up]").filter({ hasText: "service/reply" })).toHaveCount(0);
  });

  test(`${locale}: a battery model and a construction record through their forms`, async ({ page }) => {
    const batteries = new ResourcePageObject(page);
    await batteries.open("/battery");
    const name = `E2E ${locale} ${RUN}`;
    await batteries.toolbarButton("add").click();
    await batteries.fill("batteryName", name);
    await batteries.fill("fullVoltage", "3");
    await batteries.fill("endVoltage", "3.6");
    await batteries.submit("create");
    await expect(batteries.fieldError("fullVoltage")).toHaveText(T.voltage);
    await batteries.fill("fullVoltage", "4.2");
    await batteries.submit("create");
    await expect(batteries.dialog("create")).toBeHidden();
    await batteries.search(name);
    await expect(batteries.row(name)).toContainText("4.2");

    const records = new ResourcePageObject(page);
    await records.open("/constructionRecord");
    const crew = `E2E crew ${locale} ${RUN}`;
    await records.toolbarButton("add").click();
    await records.field("projectId").getByRole("combobox").click();
    await page.getByRole("option").first().click();
    await records.fill("personnel", crew);
    await records.fill("buildDate", "2026-03-01");
    await records.fill("outboundDate", "2026-02-20");
    await records.fill("warrantyDate", "2026-02-01");
    await records.submit("create");
    await expect(records.fieldError("warrantyDate")).toHaveText(T.warranty);
    await records.fill("warrantyDate", "2027-02-20");
    await records.submit("create");
    await expect(records.dialog("create")).toBeHidden();
    await records.search(crew);
    await expect(records.row(crew)).toContainText(T.firstInstall);
  });

    test(`${locale}: a calibration rule in the selected project, bound to its concrete devices`, async ({ page }) => {
      await page.getByTestId("project-selector").click();
      await page.getByTestId("project-option").first().click();
      await expect(page.getByTestId("project-selector")).not.toContainText(T.noProject);
      const rules = new ResourcePageObject(page);
      await rules.open("/devices/calibrationRules");
      const name = `C30 ${locale} ${RUN}`;
      await rules.toolbarButton("add").click();
      await rules.fill("ruleName", name);
      await rules.field("airType").getByText(T.airAgent, { exact: true }).click();
      await rules.field("coefType").getByText(T.manual, { exact: true }).click();
      await rules.fill("coefA", "-20");
      await rules.submit("create");
      await expect(rules.fieldError("coefB")).toBeVisible();
      await expect(rules.fieldError("airContent")).toBeVisible();
      await rules.fill("coefB", "12");
      await rules.fill("airContent", "2.5");
      await rules.submit("create");
      await expect(rules.dialog("create")).toBeHidden();
      await rules.search(name);
      await rules.rowAction(name, "bind");
      const dialog = page.getByTestId("bind-dialog");
      await dialog.getByRole("checkbox").first().click();
      await dialog.getByTestId("bind-save").click();
      await expect(dialog).toBeHidden();
      // The rule now counts the device bound to it.
      const res = await page.request.get(`/api/device/betonRule/page?ruleName=${encodeURIComponent(name)}`);
      expect((await res.json()).data.records[0]).toMatchObject({ ruleName: name, deviceCount: 1 });
    });
  });
}
