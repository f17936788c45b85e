import { expect, test } from "@playwright/test";
import { loginAs } from "./pages/login-page";
import { HomePage } from "./pages/home-page";
import { seededName } from "./pages/seeded";

/**
 * The home dashboard (issue 19): a tenant administrator's figures, 7-day chart and projects map
 * (coordinate canvas, no key; a project's card switches to it) in both languages; the platform administrator's tenant statistics.
 */
test.describe.configure({ mode: "serial" });

const SHOTS = process.env.E2E_SHOTS_DIR;

const TEXT = {
  "zh-cn": { devices: "设备", alarms: "未处理告警", trend: "近 7 天", map: "项目地图", keyNote: "GOOGLE_MAPS_API_KEY", status: "状态" },
  en: { devices: "Devices", alarms: "Open alarms", trend: "Last 7 days", map: "Projects map", keyNote: "GOOGLE_MAPS_API_KEY", status: "Status" },
} as const;

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];
  test(`${locale}: a tenant administrator sees projects, devices, alarms, the week and the projects map`, async ({ page, context }, testInfo) => {
    await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
    const home = new HomePage(page);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home$/);
    // The seeded tenant: two projects, their devices, alarms in every state.
    expect(await home.figure("projects")).toBe(2);
    expect(await home.figure("devices")).toBeGreaterThan(0);
    await expect(home.tile("devices")).toContainText(T.devices);
    expect(await home.figure("alarms")).toBeGreaterThan(0);
    await expect(home.tile("alarms")).toContainText(T.alarms);
    await expect(home.tile("alarms").locator("[data-level]").first()).toBeVisible();
    await expect(home.tile("devices")).toHaveAttribute("href", "/devices/device");

    await expect(page.getByTestId("home-trend")).toContainText(T.trend);
    await expect(home.chartCanvas()).toBeVisible({ timeout: 30_000 });
    const days = await home.days();
    // Seeded alarms were raised within the week; the simulator has been sending values.
    expect(days.reduce((n, [, a]) => n + a, 0)).toBeGreaterThan(0);
    expect(days.reduce((n, [, , v]) => n + v, 0)).toBeGreaterThan(0);

    // No key: the coordinate canvas with a caption on it (a note arriving under the map would move the page), and a marker click opens the project's card.
    const map = home.map();
    await expect(map).toContainText(T.map);
    await expect(map.getByTestId("display-map")).toBeVisible({ timeout: 30_000 });
    await expect(map.getByTestId("map-key-caption")).toContainText(T.keyNote);
    await expect(map.getByTestId("map-key-notice")).toHaveCount(0);
    await home.marker("滨江花园二期基坑监测").click();
    const card = map.getByTestId("device-card");
    await expect(card).toContainText(seededName("滨江花园二期基坑监测"));
    await expect(card).toContainText(T.status);
    await expect(card).toContainText("120.2119");
    // The card leads into the project: the console switches to it.
    const switchTo = card.getByTestId("home-map-switch");
    await expect(switchTo.or(card.getByTestId("home-map-current"))).toBeVisible();
    if (await switchTo.isVisible()) await switchTo.click();
    await expect(page.getByTestId("project-selector")).toContainText(seededName("滨江花园二期基坑监测"));
    if (SHOTS) {
      await home.marker("滨江花园二期基坑监测").click();
      await page.screenshot({ path: `${SHOTS}/home-map-${locale}.png` });
    }
  });
}

test("the platform administrator sees the tenant statistics with devices", async ({ page }) => {
  const home = new HomePage(page);
  await home.loginAsPlatform();
  await expect(page.getByTestId("home-dashboard")).toHaveCount(0);
  await expect(home.tenantStat("total")).toContainText(/\d/);
  await expect(home.tenantStat("deviceNums").locator("p").nth(1)).not.toHaveText("0");
  await expect(home.tenantStat("projectNums").locator("p").nth(1)).toHaveText("2");
  await expect(page.getByTestId("chart-trend").locator("canvas").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("chart-per-tenant").locator("canvas").first()).toBeVisible();
  await expect(home.tile("todos")).toBeVisible();
});
