import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3340";
(async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  for (const [locale, theme] of [["en", "dark"], ["zh-cn", "light"]]) {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await ctx.addCookies([{ name: "locale", value: locale, url: base }]);
    await ctx.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const page = await ctx.newPage();
    await page.goto(base + "/login?tId=2");
    await page.locator("#username:visible").fill("demoadmin");
    await page.locator("#password:visible").fill("Demo@2026");
    await page.locator("form:visible button[type=submit]:visible").first().click();
    await page.waitForURL(/home/);
    await page.goto(base + "/battery");
    await page.getByTestId("data-table").waitFor();
    await page.waitForTimeout(1500);
    // a failing action toasts: delete a row in use? use export instead (success toast)
    const exportBtn = page.getByRole("button", { name: locale === "en" ? /Export/ : /导出/ }).first();
    await exportBtn.click();
    await page.locator("[data-sonner-toast]").first().waitFor({ timeout: 10000 }); await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/toast-${locale}-${theme}.png` });
    await page.goto(base + "/media/library");
    await page.waitForTimeout(3000); await page.screenshot({ path: `/tmp/shots/media-${locale}-${theme}.png` });
    await page.getByRole("button", { name: locale === "en" ? "New folder" : "新建文件夹" }).click();
    await page.getByRole("dialog").locator("input").first().fill("Photos " + locale);
    await page.getByRole("dialog").locator("button[type=submit]").click();
    await page.getByTestId("media-item-menu").first().click();
    await page.getByRole("menuitem").first().waitFor();
    await page.screenshot({ path: `/tmp/shots/media-menu-${locale}-${theme}.png` });
    await ctx.close();
  }
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
