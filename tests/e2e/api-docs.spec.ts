import { expect, test, type Page } from "@playwright/test";
import { loginAs } from "./pages/login-page";
import { contextFor, signInDemo } from "./pages/layout-page";

const SHOTS = process.env.E2E_SHOTS_DIR;

test("an anonymous visit to the API reference goes to login and back", async ({ page }) => {
  await page.goto("/api/docs");
  await expect(page).toHaveURL(/\/login\?.*redirect=%2Fapi%2Fdocs/);
  await loginAs(page, "demoadmin", `&redirect=${encodeURIComponent("/api/docs")}`);
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.locator(".swagger-ui .title")).toContainText("物联网监测控制台", { timeout: 60_000 });
});

/** An element Swagger UI names by its id, which it passes through CSS.escape (`device.device` → `device\.device`). */
const byId = (page: Page, id: string) => page.locator(`[id="${id.replace(/\./g, "\\\\.")}"]`);
/** The operation Swagger UI draws for a deep link `#/{tag}/{operationId}` (its element id joins them with `-`). */
const operation = (page: Page, tag: string, id: string) => byId(page, `operations-${tag}-${id}`);

for (const [lang, summary, module] of [
  ["zh-cn", "设备物模型各属性的最新值", "设备列表"],
  ["en", "Newest value of every property of a device's thing model", "Devices"],
] as const) {
  test(`a deep link opens one call with its summary and answer, and it stays open (${lang})`, async ({ browser, baseURL }) => {
    // Swagger UI parses a 2 MB document and draws the module in the browser: slow on a busy machine, not a failure.
    test.slow();
    const ctx = await contextFor(browser, baseURL!, { lang });
    const page = await ctx.newPage();
    const deepLinkWarnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && /deep link/i.test(m.text())) deepLinkWarnings.push(m.text());
    });
    await signInDemo(page);
    // Services start folded; the link opens its module (device.device) and its call.
    await page.goto("/api/docs#/device.device/device.device.getDevRealTimeData");
    const realTime = operation(page, "device.device", "device.device.getDevRealTimeData");
    await expect(realTime).toHaveClass(/is-open/, { timeout: 60_000 });
    await expect(realTime.locator(".opblock-summary-description")).toHaveText(summary);
    await expect(realTime.locator(".responses-wrapper")).toContainText("lastReportTime", { timeout: 60_000 });
    // The module is a tag of its own, titled by its entity, beside the others of its service.
    const tag = byId(page, "operations-tag-device.device");
    await expect(tag).toContainText(module);
    await expect(byId(page, "operations-tag-device.product")).toBeVisible();
    // Still open once the page has settled: nothing redraws it folded (the `_` of older ids did).
    await page.waitForLoadState("networkidle");
    await expect(realTime).toHaveClass(/is-open/);
    await expect(realTime.locator(".responses-wrapper")).toContainText("lastReportTime");
    expect(deepLinkWarnings).toEqual([]);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/api-docs-${lang}.png` });
      // The modules, folded, as an integrator first sees them; and on a phone.
      await page.goto("/api/docs");
      await expect(byId(page, "operations-tag-sys.login")).toBeVisible({ timeout: 60_000 });
      await page.screenshot({ path: `${SHOTS}/api-docs-modules-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/api-docs-phone-${lang}.png` });
    }
    // Its files load from our own origin, not a CDN.
    expect(await page.locator("script[src]").evaluateAll((s) => s.map((e) => (e as HTMLScriptElement).src).every((src) => src.startsWith(location.origin)))).toBe(true);
    await ctx.close();
  });
}
