import { expect, test } from "@playwright/test";
import { loginAs } from "./pages/login-page";

test("an anonymous visit to the API reference goes to login and back", async ({ page }) => {
  await page.goto("/api/docs");
  await expect(page).toHaveURL(/\/login\?.*redirect=%2Fapi%2Fdocs/);
  await loginAs(page, "demoadmin", `&redirect=${encodeURIComponent("/api/docs")}`);
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.locator(".swagger-ui .title")).toContainText("物联网监测控制台");
});

test("the API reference lists the declared calls with their answers", async ({ page }) => {
  await loginAs(page, "demoadmin");
  await expect(page).toHaveURL(/\/home$/);
  // A deep link opens its service and its call (services start folded).
  await page.goto("/api/docs#/device/device_device_getDevRealTimeData");
  const realTime = page.locator("#operations-device-device_device_getDevRealTimeData");
  await expect(realTime).toContainText("设备物模型各属性的最新值", { timeout: 30_000 });
  // The reference may draw the operation again as it settles (the spec holds 500+ calls): wait as long for its schema.
  await expect(realTime).toContainText("lastReportTime", { timeout: 30_000 });
  // Its files load from our own origin, not a CDN.
  expect(await page.locator("script[src]").evaluateAll((s) => s.map((e) => (e as HTMLScriptElement).src).every((src) => src.startsWith(location.origin)))).toBe(true);
});
