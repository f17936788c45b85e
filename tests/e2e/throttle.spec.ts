import { expect, test } from "@playwright/test";
import { LoginPage } from "./pages/login-page";

// Last of the suite (its own project in playwright.config.ts depends on the rest): it leaves the
// loopback address under captcha and throttled for 15 minutes, which would break every login after it.

test("wrong passwords bring the captcha, then the throttle message", async ({ page }) => {
  const login = new LoginPage(page);
  await login.open("?tId=2");
  for (let i = 0; i < 3; i++) {
    await login.submit("operator01", `wrong-${i}`);
    await expect(login.error()).toBeVisible();
  }
  await expect(login.error()).toContainText(/用户名或密码错误|图形验证码/);
  await expect(login.captchaImage()).toBeVisible();
  // Wrong captchas count as failures too; the fifth failure for this user and address locks it.
  for (let i = 0; i < 3; i++) {
    await page.locator("#captcha").fill("zzzz");
    await login.submit("operator01", `wrong-again-${i}`);
    await expect(login.error()).toBeVisible();
  }
  await expect(login.error()).toContainText("请求过于频繁，请稍后再试");
});
