import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { and, asc, eq, sql } from "drizzle-orm";
import { openDb } from "../cloud/db/client";
import { pointGroups, projects } from "../cloud/db/schema";
import { rebuildHourly } from "../cloud/db/queries/telemetry-hourly";
import { ensurePartitions } from "../cloud/ingest/partitions";
import { seed } from "../cloud/seed";
import { DEMO, signIn, withConsole } from "./console-server";
import { propId, propIdOf } from "../cloud/db/queries/telemetry-props";

/**
 * `npm run bench:chart`: one sensor, one year at a 1-minute cycle (525,600 rows, a slow wave with
 * one spike of 250 mm in the middle of the year) loaded as the demo's settlement point's device
 * into a fresh console (the production build: `npm run build` first), then:
 * - the API: `stat/devOperationMonitoring/view` for the year through the console, p50 / p99 over
 *   BENCH_RUNS calls, with the points and the JSON / gzip bytes it answers, and whether the year's
 *   spike is among the points (the chart draws every point it gets — no filtering nor sampling —
 *   so the spike is drawn at full-year zoom);
 * - the browser (Chromium): from the click on the "last year" quick range to the chart drawn (the
 *   answer received and two frames painted after it), on a fresh page each time.
 * Goals (issue 17): ≤ 4,000 points, ≤ 50 KB gzip, ≤ 500 ms click → drawn.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3322);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CLICKS = Number(process.env.BENCH_CLICKS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SPIKE = 250;
const DAY = 86_400_000;
const VIEW = "/api/stat/devOperationMonitoring/view";
/** When the loaded year's spike is (epoch ms). */
let spikeTs = 0;

const pct = (ms: number[], p: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))];
const f = (n: number) => `${n.toFixed(0)} ms`;

/** Seeds the console's database as its first start would, and gives the settlement point's device a year of 1-minute values. */
async function loadYear(dataDir: string) {
  const handle = await openDb({ dataDir: join(dataDir, "pglite") });
  const db = handle.db;
  try {
    await seed(db);
    const [project] = await db.select().from(projects).where(eq(projects.tenantId, DEMO.tId)).orderBy(asc(projects.id)).limit(1);
    const [point] = await db
      .select()
      .from(pointGroups)
      .where(and(eq(pointGroups.projectId, project.id), eq(pointGroups.monitorKind, "settlement")))
      .orderBy(asc(pointGroups.sort), asc(pointGroups.id))
      .limit(1);
    const deviceId = point.deviceIds[0];
    const to = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const from = new Date(to.getTime() - 365 * DAY);
    spikeTs = from.getTime() + 182 * DAY + 12 * 3_600_000;
    const spikeAt = new Date(spikeTs).toISOString();
    await ensurePartitions(db, from, to);
    await db.execute(sql`delete from telemetry where device_id = ${deviceId} and prop_id = ${propIdOf("settlement")}`);
    const t = performance.now();
    await db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
      select ${deviceId}, ${await propId(db, "settlement")}, ts, case when ts = ${spikeAt}::timestamptz then ${SPIKE} else 5 * sin(extract(epoch from ts) / 86400.0) end
      from generate_series(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz - interval '1 minute', interval '1 minute') ts`);
    await rebuildHourly(db, [deviceId]);
    await db.execute(sql`analyze telemetry`);
    console.log(`[bench:chart] point "${point.groupName}", device ${deviceId}: 525,600 rows loaded in ${((performance.now() - t) / 1000).toFixed(1)} s, spike ${SPIKE} at ${spikeAt}`);
  } finally {
    await handle.close();
  }
}

async function measure(base: string) {
  const cookies = await signIn(base);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  const clicks: number[] = [];
  let body: string | null = null;
  try {
    for (let i = 0; i < CLICKS; i++) {
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
      await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
      const page = await context.newPage();
      const first = page.waitForResponse((r) => r.url().includes(VIEW), { timeout: 120_000 });
      await page.goto(`${base}/operationMonitoring/settlement`);
      await first;
      const quick = page.getByTestId("monitor-chart").locator('[data-quick="lastYear"]');
      await quick.waitFor({ timeout: 60_000 });
      await page.getByTestId("monitor-chart").locator("canvas").first().waitFor({ timeout: 60_000 });
      const year = page.waitForResponse((r) => r.url().includes(VIEW), { timeout: 120_000 });
      const started = Date.now();
      await quick.click();
      const res = await year;
      await res.finished();
      body ??= res.request().postData();
      // Drawn: the answer is in, React has rendered it and ECharts painted it in the frames after.
      await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
      clicks.push(Date.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  if (!body) throw new Error("the year's analysis was never asked for");

  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const api: number[] = [];
  let last = "";
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const res = await fetch(`${base}${VIEW}`, { method: "POST", headers: { cookie, "content-type": "application/json", origin: base }, body });
    last = await res.text();
    api.push(performance.now() - t);
  }
  const view = JSON.parse(last) as { code: number; data: { series: { id: string; data: [number, number][] }[] } };
  if (view.code !== 200) throw new Error(`the view answered ${last.slice(0, 200)}`);
  const series = view.data.series.find((s) => s.id === "settlement") ?? view.data.series[0];
  const points = series.data.length;
  // Shown as the cumulative change since the initial value: the spike is found by its time, and is the year's largest.
  const spike = series.data.find(([t]) => t === spikeTs);
  const largest = series.data.reduce((m, [, v]) => Math.max(m, v), -Infinity);
  const gzip = gzipSync(last).length;
  console.log("| measure | figure | goal |");
  console.log("|---|---|---|");
  console.log(`| API p50 / p99 (${RUNS} calls) | ${f(pct(api, 50))} / ${f(pct(api, 99))} | – |`);
  console.log(`| points of the year | ${points} | ≤ 4,000 |`);
  console.log(`| answer JSON / gzip | ${(last.length / 1024).toFixed(1)} KB / ${(gzip / 1024).toFixed(1)} KB | ≤ 50 KB gzip |`);
  console.log(`| click → drawn p50 / max (${CLICKS} fresh pages) | ${f(pct(clicks, 50))} / ${f(Math.max(...clicks))} | ≤ 500 ms |`);
  const kept = !!spike && spike[1] === largest;
  console.log(`| the year's spike among the points, as their largest | ${kept ? "yes" : "NO"} (${spike ? spike[1] : "-"} of ${largest}) | kept |`);
  return points <= 4000 && gzip <= 50 * 1024 && kept;
}

withConsole("chart", PORT, measure, { prepare: loadYear }).then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
