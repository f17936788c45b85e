import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ROUTES } from "../../lib/shell/routes";
import { LoginPage } from "./pages/login-page";
import { ResourcePageObject } from "./pages/resource-page";
import { LayoutPage, contextFor, signInDemo, signInSuper, type Lang, type Theme } from "./pages/layout-page";

/**
 * WCAG 2.2 AA with axe-core on every screen that exists (issue 22): zh-cn and en, light and dark,
 * no serious or critical violation. The screens are the route catalogue's entries that have a page
 * of their own under app/(console); detail pages open on a known record.
 */
const BUILT = new Set(["home", "menuSet", "roleSet", "groupSet", "departmentSet", "userSet", "userSetInfo", "pwdMode", "tenantSet", "tenantInfo", "tenantRoleSet", "dictSet", "loginPage", "companyInfo", "companyColor", "phoneSet", "expire", "securitySet", "notificationTemplate", "project"]);
const QUERY: Record<string, string> = { userSetInfo: "?id=1", tenantInfo: "?id=2" };
const SCREENS = ROUTES.filter((r) => BUILT.has(r.name)).map((r) => r.path + (QUERY[r.name] ?? ""));
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} (${n.failureSummary?.split("\n")[1]?.trim() ?? ""})`).join("; ")}`);
}

test("every built screen of the catalogue is checked", () => {
  expect(SCREENS).toHaveLength(BUILT.size);
});

/**
 * Each language and each theme once: colours (contrast) depend on the theme alone, names and structure on the
 * language alone, so two passes see what four would (and keep CI within its time).
 */
const PASSES: [Lang, Theme][] = [
  ["zh-cn", "light"],
  ["en", "dark"],
];

for (const [lang, theme] of PASSES) {
  test.describe(`axe ${lang} ${theme}`, () => {
    test.describe.configure({ mode: "serial" });
    let page: Page;
    test.beforeAll(async ({ browser, baseURL }) => {
      const ctx = await contextFor(browser, baseURL!, { lang, theme });
      page = await ctx.newPage();
    });
    test.afterAll(async () => page.context().close());

    test("login", async () => {
      await new LoginPage(page).open();
      expect(await seriousViolations(page)).toEqual([]);
      await signInSuper(page);
    });

    for (const path of SCREENS) {
      test(path, async () => {
        await page.goto(path);
        await new LayoutPage(page).settled();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe("keyboard", () => {
  test("a list's add dialog opens, traps focus, closes and gives focus back, by keys alone", async ({ browser, baseURL }) => {
    const ctx = await contextFor(browser, baseURL!);
    const page = await ctx.newPage();
    await signInDemo(page);
    const list = new ResourcePageObject(page);
    await list.open("/projects/project");
    const add = page.locator("button[data-action=add]");
    await add.focus();
    // Focus is visible: the focused control draws a ring.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(add).toBeFocused();
    expect(await add.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
    await ctx.close();
  });

  test("the tab bar closes the current tab with Delete", async ({ browser, baseURL }) => {
    const ctx = await contextFor(browser, baseURL!);
    const page = await ctx.newPage();
    await signInDemo(page);
    const list = new ResourcePageObject(page);
    await list.open("/projects/project");
    const tab = page.locator('[data-testid=tab][data-path="/projects/project"] [role=tab]');
    await tab.focus();
    await page.keyboard.press("Delete");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('[data-testid=tab][data-path="/projects/project"]')).toHaveCount(0);
    await ctx.close();
  });
});
