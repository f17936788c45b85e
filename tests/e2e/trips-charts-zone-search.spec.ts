import { expect, test, type Browser, type Page } from "@playwright/test";
import { DeviceViewPage } from "./pages/device-view-page";
import { loginAs } from "./pages/login-page";
import { MonitoringPage } from "./pages/monitoring-page";
import { ShellPage } from "./pages/shell-page";

/**
 * What a site engineer trips over (issue 40), with the browser in UTC while the tenant keeps
 * Asia/Shanghai: a monitoring chart opens on its newest points and a click in it picks a recent
 * sample; the chart names the zone; a device's history axis and the table beneath read the same
 * time; ⌘K finds a device by SN and a point by pinyin initials — in both languages.
 */
test.describe.configure({ mode: "serial" });

const PROJECT = "滨江花园二期基坑监测";
const SN = "SIM01001";
const ZONE = "Asia/Shanghai (UTC+08:00)";

for (const locale of ["zh-cn", "en"] as const) {
  /** demoadmin in a browser whose own zone is UTC, in this language, in the demo project. */
  async function signedIn(browser: Browser, baseURL: string | undefined): Promise<Page> {
    const context = await browser.newContext({ baseURL, timezoneId: "UTC", viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: "locale", value: locale, url: baseURL ?? "http://127.0.0.1" }]);
    const page = await context.newPage();
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    const shell = new ShellPage(page);
    await shell.ready();
    await shell.chooseProject(PROJECT);
    return page;
  }

  test(`${locale}: a year's chart opens on its newest points, the click picks a recent sample, the zone is named`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const page = await signedIn(browser, baseURL);
    const screen = new MonitoringPage(page);
    await screen.open("settlement");
    const year = await screen.span("1y");
    const data = year.data.series.find((s) => s.id === "settlement")!.data;
    expect(data.length).toBeGreaterThan(100);
    await expect(screen.chart().getByTestId("chart-zone")).toHaveText(ZONE);
    await expect(screen.chart().locator('[data-span="1y"]')).toHaveAttribute("aria-pressed", "true");
    // The middle of the plot lies within the newest 25 points, not a year back.
    const asked = page.waitForRequest((r) => r.url().includes("/getDevInitValue"));
    await screen.clickPlot();
    const picked = (JSON.parse((await asked).postData() ?? "{}") as { dateTime: number }).dateTime;
    expect(picked).toBeGreaterThanOrEqual(data[data.length - 25][0]);
    expect(picked).toBeLessThanOrEqual(data[data.length - 1][0]);
    await page.screenshot({ path: `tests/e2e/.out/trips-monitor-${locale}.png` });
    await page.context().close();
  });

  test(`${locale}: one time zone — a device's history axis and its table read the same time in a UTC browser`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const page = await signedIn(browser, baseURL);
    const view = new DeviceViewPage(page);
    await view.open(await view.idOf(SN));
    await view.tab("history");
    await view.period("7d");
    const chart = page.getByTestId("history-chart");
    await expect(chart.locator("canvas").first()).toBeVisible({ timeout: 30_000 });
    await expect(chart.getByTestId("chart-zone")).toHaveText(ZONE);
    await expect(view.historyRows().first()).toBeVisible({ timeout: 30_000 });
    // Hovering the plot's right edge shows the newest point; its tooltip time (the axis's) is a row of the table, in the tenant's zone.
    // The tooltip is drawn on the canvas (the chart worker's); what it shows is also said as text beside it.
    await chart.locator("canvas").first().scrollIntoViewIfNeeded();
    const box = (await chart.locator("canvas").first().boundingBox())!;
    const tip = chart.getByTestId("chart-tip");
    await expect(async () => {
      await page.mouse.move(box.x + box.width - 26 - Math.random(), box.y + box.height / 2);
      await expect(tip).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} · /, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const shown = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.exec((await tip.textContent())!)![0];
    await expect(page.getByTestId("history-table")).toContainText(shown);
    await page.screenshot({ path: `tests/e2e/.out/trips-history-${locale}.png` });
    await page.context().close();
  });

  test(`${locale}: ⌘K finds a device by its SN and a point by pinyin initials`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const page = await signedIn(browser, baseURL);
    // A point with a Chinese name (沉降监测 → cjjc) on a settlement device of the project.
    const devs = (await (await page.request.get("/api/device/pointGroup/devices?monitorKind=settlement")).json()) as { data: { id: number }[] };
    const name = `沉降监测${locale === "en" ? "甲" : "乙"}`;
    const added = (await (await page.request.post("/api/device/pointGroup/add", { data: { groupName: name, monitorKind: "settlement", zeroType: 1, deviceIds: [devs.data[0].id] } })).json()) as { code: number };
    expect(added.code).toBe(200);

    await page.keyboard.press("Control+k");
    const palette = page.getByTestId("palette");
    await expect(palette).toBeVisible();
    await palette.getByRole("combobox").fill(SN.toLowerCase());
    const device = palette.getByTestId("palette-item").filter({ hasText: SN });
    await expect(device.first()).toHaveAttribute("data-href", /\/devices\/viewDevice\?id=\d+/);
    await expect(palette).toContainText(locale === "en" ? "Devices" : "设备");

    await palette.getByRole("combobox").fill("cjjc");
    const point = palette.getByTestId("palette-item").filter({ hasText: name });
    await expect(point).toHaveAttribute("data-href", /\/pointCorrelation\/pointDetails\?id=\d+/);
    await expect(palette).toContainText(locale === "en" ? "Measurement points" : "测点");
    await page.screenshot({ path: `tests/e2e/.out/trips-palette-${locale}.png` });
    await point.click();
    await expect(page).toHaveURL(/\/pointCorrelation\/pointDetails\?id=\d+/);
    await page.context().close();
  });
}
