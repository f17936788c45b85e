import { expect, test } from "@playwright/test";
import { DeviceViewPage } from "./pages/device-view-page";
import { loginAs } from "./pages/login-page";
import { ResourcePageObject } from "./pages/resource-page";
import { ShellPage } from "./pages/shell-page";

/**
 * The device page and spaces (issue 15): a simulator device's values changing live, a year of
 * back-filled history on a chart and in a table, the MQTT card; a space added, a device bound, its
 * deletion refused while bound and allowed once unbound — in both languages.
 */
test.describe.configure({ mode: "serial" });

const PROJECT = "滨江花园二期基坑监测";
// The first tilt meter: the simulator back-fills a year of history for it.
const SN = "SIM01001";
const RUN = Math.random().toString(36).slice(2, 6).toUpperCase();
const TEXT = {
  "zh-cn": { live: /自动刷新|实时推送/, day: "按天平均", refused: "不能删除", bound: "空间的设备", ok: "确定" },
  en: { live: /Refreshes every|Live: values arrive/, day: "Daily average", refused: "unbind them before deleting", bound: "Devices of the space", ok: "OK" },
} as const;

for (const locale of ["zh-cn", "en"] as const) {
  test.describe(locale, () => {
    const T = TEXT[locale];

    test.beforeEach(async ({ page, context }, testInfo) => {
      await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
      await loginAs(page, "demoadmin");
      await expect(page).toHaveURL(/\/home/);
      const shell = new ShellPage(page);
      await shell.ready();
      await shell.chooseProject(PROJECT);
    });

    test(`${locale}: a simulator device's values change live, a year of history is charted`, async ({ page }) => {
      test.setTimeout(180_000);
      const view = new DeviceViewPage(page);
      const id = await view.idOf(SN);
      await view.open(id);
      await expect(view.section("connection").getByTestId("mqtt-username")).toHaveText(SN);
      await expect(view.section("connection")).toContainText(`iot/`);
      await expect(view.section("state").getByTestId("device-status")).toBeVisible();

      // Real-time: the tiles fill in, then a new report changes them (the simulator posts every 30 s).
      await expect(page.getByTestId("realtime")).toContainText(T.live);
      await expect(view.tile("angleX").getByTestId("realtime-value")).toHaveText(/\d/, { timeout: 60_000 });
      const before = await view.values();
      await expect.poll(async () => JSON.stringify(await view.values()), { timeout: 90_000, intervals: [2_000] }).not.toBe(JSON.stringify(before));

      // History: a year, averaged per day, on the chart and in the table.
      await view.tab("history");
      await view.period("1y");
      await expect(page.getByTestId("history-bucket")).toHaveText(T.day, { timeout: 30_000 });
      await expect(page.getByTestId("history-chart").locator("canvas")).toBeVisible();
      await expect(page.getByTestId("history-chart").getByTestId("chart-empty")).toHaveCount(0);
      expect(await view.historyRows().count()).toBeGreaterThan(5);
      // The last hour: raw values.
      await view.period("1h");
      await expect(page.getByTestId("history-bucket")).not.toHaveText(T.day);
      await expect(view.historyRows().first()).toBeVisible();
    });

    test(`${locale}: a space gets a device, refuses deletion while it has it, and goes once it is unbound`, async ({ page }) => {
      const name = `E2E 空间 ${locale} ${RUN}`;
      const spaces = new ResourcePageObject(page);
      await spaces.open("/spaces/space");
      await spaces.toolbarButton("add").click();
      await spaces.fill("spaceName", name);
      await spaces.fill("spaceCode", `E2E_${RUN}`);
      await spaces.submit("create");
      await expect(spaces.dialog("create")).toBeHidden();
      await spaces.search(name);
      await expect(spaces.row(name)).toBeVisible();

      // Bind the device through the devices dialog and its picker.
      await spaces.rowAction(name, "devices");
      const dialog = page.getByTestId("space-devices-dialog");
      await expect(dialog).toContainText(T.bound);
      await dialog.getByTestId("space-devices-bind").click();
      // The picker opens over the devices dialog.
      const picker = page.getByRole("dialog").last();
      await picker.getByRole("row").filter({ hasText: SN }).getByRole("checkbox").click();
      await picker.getByRole("button", { name: T.ok, exact: true }).click();
      await expect(dialog.getByRole("row").filter({ hasText: SN })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await spaces.waitIdle();
      // The devices column (name, ID, code, type, devices…) counts it.
      await expect(spaces.row(name).locator("td").nth(4)).toHaveText("1");

      // Refused while bound, with the reason named.
      await spaces.rowAction(name, "del");
      await spaces.confirm();
      await expect(page.getByText(T.refused).first()).toBeVisible();
      await expect(spaces.row(name)).toBeVisible();

      // Unbound, then deleted.
      await spaces.rowAction(name, "devices");
      await dialog.getByRole("row").filter({ hasText: SN }).getByRole("button").click();
      await page.getByTestId("confirm-dialog").getByRole("button").last().click();
      await expect(dialog.getByRole("row").filter({ hasText: SN })).toHaveCount(0);
      await page.keyboard.press("Escape");
      await spaces.rowAction(name, "del");
      await spaces.confirm();
      await expect(spaces.row(name)).toHaveCount(0);
    });
  });
}
