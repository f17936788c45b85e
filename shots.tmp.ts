import { chromium } from "playwright-core";
const BASE = process.env.BASE ?? "http://127.0.0.1:3401";
const OUT = "/tmp/robots3-shots";
const only = process.env.ONLY?.split(",");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
async function session(locale: string, theme: string, width: number) {
  const ctx = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 }, colorScheme: theme as "dark" | "light", deviceScaleFactor: 1 });
  await ctx.addCookies([{ name: "locale", value: locale, url: BASE }]);
  await ctx.addInitScript((t) => localStorage.setItem("theme", t), theme);
  const page = await ctx.newPage();
  await page.goto(`${BASE}/login?tId=2`);
  await page.locator("#username:visible").fill("demoadmin");
  await page.locator("#password:visible").fill("Demo@2026");
  await page.locator("form:visible button[type=submit]:visible").first().click();
  await page.waitForURL(/home/, { timeout: 90_000 });
  return { ctx, page };
}
const { ctx: c0, page: p0 } = await session("en", "light", 1440);
const get = async (path: string) => (await (await p0.request.get(`${BASE}/api/${path}`)).json()).data;
const robots = await get("device/devRobotConsole/robotList");
const prj = robots[0].prjName as string;
await p0.getByTestId("side-menu").waitFor();
await p0.getByTestId("project-selector").click();
await p0.getByTestId("project-option").filter({ hasText: prj }).click();
await p0.waitForTimeout(1500);
const recs = await get("stat/inspectionRecord/page?current=1&size=50&inspectStatus=1");
const bad = recs.records[0];
const running = (await get("stat/inspectionTask/page?current=1&size=5&patrolStatus=1")).records[0];
console.log("record", bad?.id, "running task", running?.id, "project", prj);
await c0.close();
const pages: [string, string][] = [
  ["record-view", `/robot/inspectionRecord/viewInspectionRecord?id=${bad?.id}`],
  ["point-stat", "/robot/inspectionPointStatistics"],
  ["task-stat", "/robot/inspectionTaskStatistics"],
  ["timeout-stat", "/robot/timeoutTaskStatistics"],
  ["robot-stat", "/robot/robotTaskStatistics"],
  ...(running ? ([["task-where", `/robot/task?where=${running.id}`]] as [string, string][]) : []),
];
for (const locale of ["zh-cn", "en"]) for (const theme of ["light", "dark"]) for (const width of [1440, 390]) {
  const { ctx, page } = await session(locale, theme, width);
  await page.getByTestId("project-selector").click().catch(() => {});
  await page.getByTestId("project-option").filter({ hasText: prj }).click().catch(() => {});
  for (const [name, path] of pages) {
    if (only && !only.includes(name)) continue;
    await page.goto(`${BASE}${path}`);
    await page.waitForLoadState("networkidle").catch(() => {});
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${OUT}/${name}-${locale}-${theme}-${width}.png`, fullPage: width < 800 });
  }
  await ctx.close();
}
await browser.close();
