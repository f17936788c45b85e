import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DataScreenPage } from "./pages/data-screen-page";
import { DEMO, LoginPage, loginAs } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { seededName } from "./pages/seeded";

// One database for the whole file: the project chosen in the first test is the session's.
test.describe.configure({ mode: "serial" });

const PROJECT = "滨江花园二期基坑监测";
const SHOTS = process.env.E2E_SHOTS ?? "tests/e2e/.out/shots";
mkdirSync(SHOTS, { recursive: true });

async function signIn(page: Page) {
  await loginAs(page, "demoadmin");
  await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });
  const shell = new ShellPage(page);
  await shell.ready();
  await shell.chooseProject(PROJECT);
  return shell;
}

/** Opened from the menu: a new tab with tId and projId, outside the shell, and no console tab for it. */
async function openFromMenu(shell: ShellPage, path: string) {
  const screen = await DataScreenPage.fromMenu(shell, path);
  expect(new URL(screen.page.url()).pathname).toBe(path);
  expect(screen.page.url()).toMatch(/[?&]tId=2(&|$)/);
  expect(screen.page.url()).toMatch(/[?&]projId=\d+(&|$)/);
  await screen.page.setViewportSize({ width: 1920, height: 1080 });
  await screen.ready();
  await expect(screen.project()).toHaveText(seededName(PROJECT));
  await expect(screen.page.getByTestId("side-menu")).toHaveCount(0);
  await expect(screen.page.getByTestId("tab")).toHaveCount(0);
  expect(await shell.tabPaths()).not.toContain(path);
  return screen;
}

test("globalDataScreen: from the menu, live figures, map, projects and alarms; reconnecting keeps the data", async ({ page }) => {
  test.slow();
  const shell = await signIn(page);
  const screen = await openFromMenu(shell, "/globalDataScreen");
  await expect(screen.title()).toHaveText("全局监测大屏");
  await expect(screen.kpi("projects")).toContainText("2");
  await expect(screen.kpi("online")).toContainText(/\d+\/\d+/);
  await expect(screen.panel("devices").getByTestId("devices-total")).toContainText(/[1-9]/);
  await expect(screen.panel("map").getByTestId("display-map")).toBeVisible();
  await expect(screen.panel("map").getByTestId("live-panel")).toHaveCount(2);
  await expect(screen.panel("projects").getByTestId("project-row")).toHaveCount(2);
  await expect(screen.panel("projects")).toContainText(seededName(PROJECT));
  await expect(screen.panel("latest").getByTestId("latest-alarms")).toBeVisible();
  await expect(screen.panel("levels").locator("canvas")).toBeVisible({ timeout: 30_000 });
  await expect(screen.panel("trend").locator("canvas")).toBeVisible();
  await screen.shot(SHOTS, "global-1920-zh");
  await screen.page.setViewportSize({ width: 1366, height: 768 });
  await expect(screen.panel("map")).toBeInViewport();
  await screen.shot(SHOTS, "global-1366-zh");

  // The network drops: a visible "reconnecting" state, the last figures stay; back when it returns.
  await screen.page.goto(`${screen.page.url()}&refresh=500`);
  await screen.ready();
  await screen.dropNetwork();
  await expect(screen.reconnecting()).toBeVisible({ timeout: 15_000 });
  await expect(screen.kpi("projects")).toContainText("2");
  await expect(screen.panel("projects").getByTestId("project-row")).toHaveCount(2);
  await screen.shot(SHOTS, "global-1366-reconnecting");
  await screen.restore();
  await expect(screen.live()).toBeVisible({ timeout: 15_000 });
  await screen.page.close();
});

test("globalDataScreen1: ranking, device types and the 30-day trend, in both languages", async ({ page }) => {
  test.slow();
  const shell = await signIn(page);
  const screen = await openFromMenu(shell, "/globalDataScreen1");
  await expect(screen.title()).toHaveText("全局数据分析大屏");
  for (const name of ["ranking", "types", "trend"]) await expect(screen.panel(name).locator("canvas")).toBeVisible({ timeout: 30_000 });
  await expect(screen.kpi("types")).toContainText(/[1-9]/);
  await screen.shot(SHOTS, "global1-1920-zh");

  await screen.switchLanguage("en");
  await expect(screen.title()).toHaveText("Global analysis screen", { timeout: 30_000 });
  await expect(screen.panel("ranking")).toContainText("Projects by alarms");
  await expect(screen.live()).toHaveText("Live");
  await screen.shot(SHOTS, "global1-1920-en");
  await screen.page.setViewportSize({ width: 1366, height: 768 });
  await screen.shot(SHOTS, "global1-1366-en");
  await screen.switchLanguage("zh-cn");
  await expect(screen.title()).toHaveText("全局数据分析大屏", { timeout: 30_000 });
  await screen.page.close();
});

test("a visitor without a session (or of another tenant) signs in and comes back to the same screen, tenant and project", async ({ browser, page }) => {
  const shell = await signIn(page);
  const screen = await openFromMenu(shell, "/globalDataScreen");
  const address = new URL(screen.page.url());
  await screen.page.close();

  // Signed in to the demo tenant, a link of another tenant goes to that tenant's login, keeping the address.
  const foreign = `${address.pathname}?tId=1&projId=${address.searchParams.get("projId")}`;
  await page.goto(foreign);
  await expect(page).toHaveURL(/\/login\?/, { timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get("tId")).toBe("1");
  expect(new URL(page.url()).searchParams.get("redirect")).toBe(foreign);

  const anonymous = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const visitor = await anonymous.newPage();
  await visitor.goto(address.pathname + address.search);
  await expect(visitor).toHaveURL(/\/login\?/);
  const login = new URL(visitor.url());
  expect(login.searchParams.get("tId")).toBe("2");
  expect(login.searchParams.get("redirect")).toBe(address.pathname + address.search);
  await new LoginPage(visitor).submit(DEMO.demoadmin.username, DEMO.demoadmin.password);
  await expect(visitor).toHaveURL(address.href, { timeout: 60_000 });
  const back = new DataScreenPage(visitor);
  await back.ready();
  await expect(back.project()).toHaveText(seededName(PROJECT));
  await anonymous.close();
});
