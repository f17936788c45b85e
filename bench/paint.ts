import { chromium, type Browser } from "@playwright/test";
import { cookieHeader, cookiesOfHeader, signIn, withConsole } from "./console-server";
import { isDetail, projectSession, withRow } from "./detail-rows";

/**
 * `npm run bench:paint`: how fast the key routes paint in headless Chromium, beside a bare page of
 * the same build — LCP (and its element), CLS and TBT, each route opened `BENCH_RUNS` times in a
 * fresh browser context (a first visit: nothing cached), at 1440 × 900. Builds nothing: needs a
 * production build (`npm run build`), which it serves on a fresh database, or a running console at
 * `BASE_URL`. Prints figures only (no goal is asserted: the host's load moves them).
 */
const PORT = Number(process.env.BENCH_PORT ?? 3323);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The bare page: Next's own 404 route of this build (root layout, a heading, a line and a link), as `bench:firstload`. */
const BARE = "/_not-found";
/**
 * Login, the home, a list, a monitoring screen, a data screen and a detail page (opened with its list's first
 * seeded row, as `bench:firstload` does); `BENCH_ROUTES` (comma-separated) to choose.
 */
const ROUTES = (process.env.BENCH_ROUTES ?? "/login,/home,/devices/device,/operationMonitoring/settlement,/globalDataScreen,/devices/viewDevice").split(",").map((r) => r.trim()).filter(Boolean);
/** After the page's `load`, how long it is watched once the network is quiet (late widgets shift and paint then). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 2000);

type Run = { lcp: number; lcpElement: string; fcp: number; cls: number; tbt: number };

/** Watches paints, shifts and long tasks from the first byte (runs before the page's own scripts). */
const OBSERVE = `(() => {
  const p = (window.__paint = { lcp: 0, lcpElement: "", fcp: 0, cls: 0, tasks: [] });
  const describe = (el) => el ? el.tagName.toLowerCase() + (el.dataset && el.dataset.testid ? "[data-testid=" + el.dataset.testid + "]" : "") + " " + JSON.stringify((el.textContent || "").trim().slice(0, 40)) : "?";
  const watch = (type, fn) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true }); } catch {} };
  watch("largest-contentful-paint", (e) => { p.lcp = e.startTime; p.lcpElement = describe(e.element); });
  watch("paint", (e) => { if (e.name === "first-contentful-paint") p.fcp = e.startTime; });
  watch("layout-shift", (e) => { if (!e.hadRecentInput) p.cls += e.value; });
  watch("longtask", (e) => p.tasks.push([e.startTime, e.duration]));
})();`;

type Cookie = { name: string; value: string };

async function open(browser: Browser, base: string, path: string, cookies: Cookie[]): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    if (path !== "/login") await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    const res = await page.goto(base + path, { waitUntil: "load", timeout: 120_000 });
    const status = res?.status() ?? 0;
    if (path === BARE ? status !== 404 : status >= 400) throw new Error(`${path}: ${status}`);
    if (new URL(page.url()).pathname !== new URL(path, base).pathname) throw new Error(`${path}: redirected to ${page.url()}`);
    await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(SETTLE_MS);
    const p = await page.evaluate(() => (window as unknown as { __paint: { lcp: number; lcpElement: string; fcp: number; cls: number; tasks: [number, number][] } }).__paint);
    // Total blocking time after the first paint (Lighthouse's reading, to the end of the watch).
    const tbt = p.tasks.filter(([start]) => start >= p.fcp).reduce((n, [, d]) => n + Math.max(0, d - 50), 0);
    return { lcp: p.lcp, lcpElement: p.lcpElement, fcp: p.fcp, cls: p.cls, tbt };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Each route as it is opened, with the session that opens it (a detail page's row may be a project's). */
async function routesOf(base: string, cookies: Cookie[]): Promise<Map<string, Cookie[]>> {
  const cookie = cookieHeader(cookies);
  const project = projectSession(base, cookie);
  const routes = new Map<string, Cookie[]>([[BARE, cookies]]);
  for (const path of ROUTES) {
    if (!isDetail(path)) {
      routes.set(path, cookies);
      continue;
    }
    const found = await withRow(base, path, cookie, project);
    if (!found) throw new Error(`${path}: no seeded row to open`);
    routes.set(found.path, cookiesOfHeader(found.cookie));
  }
  return routes;
}

async function measure(base: string) {
  const routes = await routesOf(base, await signIn(base));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  try {
    // One visit each first: the server compiles nothing in production, but its caches and the database warm up.
    for (const [path, cookies] of routes) await open(browser, base, path, cookies);
    const results = new Map<string, Run[]>();
    // Rounds alternate the routes, so a burst of load on the host falls on all of them alike.
    for (let i = 0; i < RUNS; i++) for (const [path, cookies] of routes) results.set(path, [...(results.get(path) ?? []), await open(browser, base, path, cookies)]);
    const bare = median(results.get(BARE)!.map((r) => r.lcp));
    console.log(`${RUNS} fresh visits per route at 1440 × 900; medians (CLS also its largest); bare page ${BARE}`);
    console.log("| route | FCP | LCP | LCP / bare | CLS median (max) | TBT | LCP element (last visit) |");
    console.log("|---|---|---|---|---|---|---|");
    for (const [path, runs] of results) {
      const lcp = median(runs.map((r) => r.lcp));
      const cls = runs.map((r) => r.cls);
      console.log(
        `| ${path} | ${median(runs.map((r) => r.fcp)).toFixed(0)} ms | ${lcp.toFixed(0)} ms | ${(lcp / bare).toFixed(2)}× | ${median(cls).toFixed(3)} (${Math.max(...cls).toFixed(3)}) | ${median(runs.map((r) => r.tbt)).toFixed(0)} ms | ${runs.at(-1)!.lcpElement.replace(/\|/g, "¦")} |`,
      );
    }
  } finally {
    await browser.close();
  }
}

withConsole("paint", PORT, measure).then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
