import { expect, test, type Page } from "@playwright/test";
import { FirstPaintPage } from "./pages/first-paint-page";
import { loginAs } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { contextFor } from "./pages/layout-page";

test.describe.configure({ mode: "serial" });

async function signIn(page: Page) {
  await loginAs(page, "demoadmin");
  await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });
  const shell = new ShellPage(page);
  await shell.ready();
  return shell;
}

test("an unknown path answers 404 with the not-found view, in both languages", async ({ page, browser }) => {
  const shell = await signIn(page);
  const visitor = new FirstPaintPage(page);
  expect(await visitor.visit("/no-such-page")).toBe(404);
  await expect(visitor.notFound()).toContainText("您访问的页面不存在");
  // Its link leads back home, into the shell.
  await visitor.notFound().getByRole("link").click();
  await shell.ready();

  await shell.switchLanguage("en");
  await expect(page.getByTestId("home-welcome")).toContainText("Welcome");
  expect(await visitor.visit("/no/such/page?x=1")).toBe(404);
  await expect(visitor.notFound()).toContainText("The page you visited does not exist");

  // Anonymous visitors are sent to login first, unknown path or not.
  const anonymous = await browser.newPage();
  await anonymous.goto("/no-such-page");
  await expect(anonymous).toHaveURL(/\/login\?redirect=%2Fno-such-page$/);
  await anonymous.close();
});

test("a deep link with tId survives login, and an ended session reopens that tenant's login", async ({ page }) => {
  const visitor = new FirstPaintPage(page);
  await page.goto("/systemSet/userSet?size=20&tId=2");
  await expect(page).toHaveURL(/\/login\?tId=2&redirect=%2FsystemSet%2FuserSet%3Fsize%3D20%26tId%3D2$/);
  await expect(visitor.tenantLine()).toHaveText("租户 ID：2");
  await visitor.signInHere("demoadmin");
  await expect(page).toHaveURL(/\/systemSet\/userSet\?size=20&tId=2$/, { timeout: 60_000 });
  await expect(page.getByTestId("data-table")).toBeVisible();

  // The session ends behind the visitor's back: the next page load goes to tenant 2's login.
  await visitor.expireSession();
  await page.goto("/home?from=expired");
  await expect(page).toHaveURL(/\/login\?tId=2&redirect=%2Fhome%3Ffrom%3Dexpired$/);
  await expect(visitor.tenantLine()).toHaveText("租户 ID：2");
  await visitor.signInHere("demoadmin");
  await expect(page).toHaveURL(/\/home\?from=expired$/, { timeout: 60_000 });

  // The same from a call the page makes (the cloud answers 401): the fetcher keeps the tenant too.
  const shell = new ShellPage(page);
  await shell.ready();
  // The home's map and chart load after the first paint and ask for the map key: let them finish,
  // or that call (not the menu's) would meet the ended session first.
  await page.waitForLoadState("networkidle");
  await visitor.expireSession();
  await shell.openEntry("/systemSet/roleSet");
  await expect(page).toHaveURL(/\/login\?tId=2&redirect=%2FsystemSet%2FroleSet/, { timeout: 30_000 });
});

test("log out returns to tenant 1's login and forgets the tenant", async ({ page }) => {
  await signIn(page);
  const visitor = new FirstPaintPage(page);
  await visitor.logout();
  await expect(page).toHaveURL(/\/login$/);
  await expect(visitor.tenantLine()).toHaveText("租户 ID：1");
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
});

test("⌘-K loads pinyin on first opening and still finds 用户 by yh and yonghu", async ({ page }) => {
  const shell = await signIn(page);
  const scripts = () => page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.includes("/_next/static/chunks/")));
  const before = new Set(await scripts());
  const users = page.getByTestId("palette-item").filter({ hasText: "用户管理" });

  await shell.palette("yh");
  await expect(users).toBeVisible();
  // The dictionary came with the opening, not with the page.
  expect((await scripts()).some((s) => !before.has(s))).toBe(true);

  await page.getByTestId("palette").getByRole("combobox").fill("yonghu");
  await expect(users).toBeVisible();
  await users.click();
  await expect(page).toHaveURL(/\/systemSet\/userSet$/);
});

test("a repeat visit to login paints the card's frame in the chosen theme from the first frame, never a white page", async ({ browser, baseURL }) => {
  const ctx = await contextFor(browser, baseURL!, { theme: "dark" });
  const page = await ctx.newPage();
  const visitor = new FirstPaintPage(page);
  await visitor.recordFirstFrames();
  await visitor.login.open("?tId=2");
  await visitor.login.open("?tId=2");
  const frames = await visitor.firstFrames();
  expect(frames.length).toBeGreaterThan(0);
  // Every frame is dark (the theme is set before the body paints) and the card's frame comes while the page streams.
  expect(frames.every((f) => f.dark && f.bg !== "rgb(255, 255, 255)")).toBe(true);
  expect(frames.some((f) => f.card)).toBe(true);
  await ctx.close();
});

test("the header's theme switch turns the console dark and back; the choice survives a reload and leaves no rule behind", async ({ page }) => {
  const shell = await signIn(page);
  const html = page.locator("html");
  const stored = () => page.evaluate(() => localStorage.getItem("theme"));
  const stillRules = () => page.evaluate(() => [...document.querySelectorAll("style")].filter((s) => s.textContent?.includes("transition:none")).length);
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.getByTestId("theme-toggle").click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await stored()).toBe("dark");
  // Transitions are off only while the theme changes.
  await expect.poll(stillRules).toBe(0);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");

  await page.reload();
  await shell.ready();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.getByTestId("theme-toggle").click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await stored()).toBe("light");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("light");
});
