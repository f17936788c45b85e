import { chromium } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

const BASE = process.env.BASE ?? "http://127.0.0.1:3335";
async function shoot(who: { tId: number; username: string; password: string }, locale: string, theme: "light" | "dark", name: string) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 1000 }, colorScheme: theme });
  await ctx.addCookies([{ name: "locale", value: locale, url: BASE }]);
  const page = await ctx.newPage();
  await page.goto(`${BASE}/login?tId=${who.tId}`);
  await page.locator("#username").fill(who.username);
  await page.locator("#password").fill(who.password);
  await page.locator("form button[type=submit]").first().click();
  await page.waitForURL(/\/home/);
  if (theme === "dark") await page.evaluate(() => { localStorage.setItem("theme", "dark"); });
  await page.reload();
  await page.waitForTimeout(6000);
  await page.screenshot({ path: `/work/shots/home/${name}.png`, fullPage: true });
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  console.log(name, "axe:", axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`));
  const marker = page.getByTestId("home-map").getByRole("button").first();
  if (await marker.count()) {
    await page.getByTestId("home-map").locator("[data-marker] button").first().click();
    await page.waitForTimeout(500);
    await page.getByTestId("home-map").screenshot({ path: `/work/shots/home/${name}-map.png` });
  }
  await browser.close();
}
(async () => {
  const demo = { tId: 2, username: "demoadmin", password: "Demo@2026" };
  const sup = { tId: 1, username: "superadmin", password: "Super@2026" };
  await shoot(demo, "zh-cn", "light", "tenant-zh-light");
  await shoot(demo, "en", "dark", "tenant-en-dark");
  await shoot(sup, "en", "light", "platform-en-light");
  await shoot(sup, "zh-cn", "dark", "platform-zh-dark");
})();
