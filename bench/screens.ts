import { DEMO, signIn, withConsole } from "./console-server";
import { chromium, type Page } from "@playwright/test";
import { DEFAULT_REFRESH_MS } from "../components/data-screen/scale";

/**
 * `npm run bench:screens`: does a data screen left open on a wall keep its memory? Opens each
 * global data screen with a fast-forwarded refresh (`?refresh=`, `BENCH_REFRESH_MS`, default 200)
 * until every live call has been answered as often as in `BENCH_MINUTES` (60) at the real pace
 * (one call per 15 s), and prints the page's JS heap after a garbage collection at the start and
 * at the end, with the DOM node count. Exits non-zero when the heap grew beyond
 * `BENCH_MAX_GROWTH` (2×). Needs a production build (`npm run build`), which it serves on a fresh
 * database, or a running console at `BASE_URL`.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3321);
const REFRESH_MS = Number(process.env.BENCH_REFRESH_MS ?? 200);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 60);
const MAX_GROWTH = Number(process.env.BENCH_MAX_GROWTH ?? 2);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SCREENS = ["/globalDataScreen", "/globalDataScreen1"];
const CALLS = /\/api\/stat\/monitorScreen\//;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function heapOf(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const heap = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number; totalSize: number };
  const dom = (await cdp.send("Memory.getDOMCounters")) as { nodes: number; jsEventListeners: number };
  await cdp.detach();
  return { used: heap.usedSize, nodes: dom.nodes, listeners: dom.jsEventListeners };
}

async function measure(base: string): Promise<boolean> {
  const cookies = await signIn(base);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  const needed = Math.ceil((MINUTES * 60_000) / DEFAULT_REFRESH_MS);
  let ok = true;
  try {
    const projects = (await (await fetch(`${base}/api/device/project/page?current=1&size=1`, { headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") } })).json()) as { data: { records: { id: number }[] } };
    const projId = projects.data.records[0]?.id ?? 1;
    console.log(`${MINUTES} min at one refresh per ${DEFAULT_REFRESH_MS / 1000} s = ${needed} answers per live call, fast-forwarded at one per ${REFRESH_MS} ms`);
    console.log("| screen | live calls × answers | wall time | JS heap start → end | growth | DOM nodes start → end | listeners start → end |");
    console.log("|---|---|---|---|---|---|---|");
    for (const path of SCREENS) {
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
      const page = await context.newPage();
      const answers = new Map<string, number>();
      page.on("response", (r) => {
        const url = new URL(r.url());
        if (CALLS.test(url.pathname) && r.ok()) answers.set(url.pathname, (answers.get(url.pathname) ?? 0) + 1);
      });
      await page.goto(`${base}${path}?tId=${DEMO.tId}&projId=${projId}&refresh=${REFRESH_MS}`);
      await page.getByTestId("screen-live").waitFor({ timeout: 120_000 });
      // Charts and the map settle (lazy chunks, first draws) before the baseline.
      await page.waitForTimeout(3_000);
      const start = await heapOf(page);
      const startAnswers = new Map(answers);
      const began = Date.now();
      const least = () => (answers.size ? Math.min(...[...answers].map(([k, n]) => n - (startAnswers.get(k) ?? 0))) : 0);
      while (least() < needed) {
        if (Date.now() - began > needed * REFRESH_MS * 10 + 120_000) throw new Error(`${path}: only ${least()} of ${needed} answers came`);
        await page.waitForTimeout(1_000);
      }
      const end = await heapOf(page);
      const growth = end.used / start.used;
      if (growth > MAX_GROWTH) ok = false;
      console.log(
        `| ${path} | ${answers.size} × ${least()} | ${((Date.now() - began) / 1000).toFixed(0)} s | ${mb(start.used)} → ${mb(end.used)} | ${growth.toFixed(2)}× | ${start.nodes} → ${end.nodes} | ${start.listeners} → ${end.listeners} |`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(ok ? `no screen's heap grew beyond ${MAX_GROWTH}×` : `a screen's heap grew beyond ${MAX_GROWTH}×`);
  return ok;
}

const main = () => withConsole("screens", PORT, measure);

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
