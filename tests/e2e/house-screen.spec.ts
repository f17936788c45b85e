import { png } from "./pages/png";
import { expect, test } from "@playwright/test";
import { HouseScreenPage, ScenePlacerPage } from "./pages/house-screen-page";
import { loginAs } from "./pages/login-page";
import { ResourcePageObject } from "./pages/resource-page";
import { SettingsPageObject } from "./pages/settings-page";
import { ShellPage } from "./pages/shell-page";
import { seededName } from "./pages/seeded";

/**
 * Scenes and the building data screen (issue 19): a scene made with a 16:9 floor plan (a square
 * one refused), a device placed on it in /dataScreenPoint, the scene chosen in /dataScreenSet,
 * then houseDataScreen opened from the menu in a new tab (tId and projId, no tab bar) showing the
 * marker and live values — in both languages.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.random().toString(36).slice(2, 6).toUpperCase();
const PROJECT = "滨江花园二期基坑监测";
const TEXT = {
  "zh-cn": { notPlaced: "未放置", ratio: "图片须为 16:9", noValue: "暂无数据", saved: "已保存" },
  en: { notPlaced: "Not placed", ratio: "The image must be 16:9", noValue: "No data", saved: "Saved" },
} as const;

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];
  const SCENE = `E2E ${locale} ${RUN}`;

  test(`${locale}: place a device on a scene, then see it live on the building screen opened from the menu`, async ({ page, context }, testInfo) => {
    test.setTimeout(240_000);
    await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    const shell = new ShellPage(page);
    await shell.ready();
    await shell.chooseProject(PROJECT);

    // A scene: a square plan is refused before it is sent, a 16:9 one is taken.
    const scenes = new ResourcePageObject(page);
    await scenes.open("/dataScreenPoint");
    await scenes.toolbarButton("add").click();
    await scenes.fill("sceneName", SCENE);
    const input = scenes.field("sceneFile").getByTestId("upload-input");
    await input.setInputFiles({ name: "square.png", mimeType: "image/png", buffer: png(90, 90) });
    await expect(page.getByText(T.ratio)).toBeVisible();
    await input.setInputFiles({ name: "plan.png", mimeType: "image/png", buffer: png(320, 180) });
    await expect(scenes.field("sceneFile").locator("img")).toBeVisible();
    await scenes.submit("create");
    await expect(scenes.dialog("create")).toBeHidden();
    await scenes.search(SCENE);
    await scenes.row(SCENE).getByText(SCENE).click();

    // Place the first device not on the scene yet.
    const placer = new ScenePlacerPage(page);
    await expect(placer.plan()).toBeVisible();
    await expect(placer.root().getByTestId("placer-devices").locator("li").first()).toBeVisible();
    const device = await placer.firstUnplaced(T.notPlaced);
    await placer.place(device, 0.3, 0.4);
    await expect(placer.marker(device)).toBeVisible();

    // The building screen shows that scene.
    const settings = new SettingsPageObject(page);
    await settings.open("/dataScreenSet");
    await settings.field("screen-config", "sceneId").getByRole("combobox").click();
    await page.getByRole("option", { name: SCENE }).click();
    const saved = await settings.save("screen-config");
    expect((await saved.json()).code).toBe(200);

    // Opened from the menu: a new tab with tId and projId, outside the shell.
    await page.goto("/home");
    await shell.ready();
    const [screenTab] = await Promise.all([context.waitForEvent("page"), shell.openEntry("/houseDataScreen")]);
    await screenTab.waitForLoadState();
    const url = new URL(screenTab.url());
    expect(url.pathname).toBe("/houseDataScreen");
    expect(url.searchParams.get("tId")).toBe("2");
    expect(Number(url.searchParams.get("projId"))).toBeGreaterThan(0);
    const house = new HouseScreenPage(screenTab);
    await expect(house.root()).toBeVisible({ timeout: 60_000 });
    await expect(screenTab.getByTestId("tab")).toHaveCount(0);
    await expect(screenTab.getByTestId("screen-project")).toContainText(seededName(PROJECT));
    await expect(house.scene()).toContainText(SCENE);
    await expect(house.marker(device)).toBeVisible({ timeout: 30_000 });
    // Live values: the configured points show numbers (the simulator reports every 30 s).
    await expect(house.pointValues().first()).toBeVisible();
    await expect(house.pointValues().filter({ hasNotText: T.noValue }).first()).toBeVisible({ timeout: 90_000 });
    await expect(screenTab.getByTestId("house-video-tile").first()).toBeVisible();
    await screenTab.screenshot({ path: testInfo.outputPath(`house-screen-${locale}.png`) });
    await screenTab.close();
  });
}
