import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { signIn, withConsole } from "./console-server";

/**
 * `npm run bench:video`: glass-to-glass latency of the simulated cameras through the console's
 * stream proxy, in headless Chromium: the wall's tiles read each presented frame's timestamp strip
 * against the clock every 500 ms; for `BENCH_SECONDS` (60) every tile's readings are collected and
 * p50 / p95 printed, with the console's RSS at the start and the end. FLV only (HLS is not served
 * yet). Needs a production build and Debian's ffmpeg (without it the clip carries no time), or a
 * running console at `BASE_URL`.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3422);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
/** Resident memory of a process and its threads (the cloud is a worker thread of the console). */
const rssMb = (pid: number | null) => (pid ? `${Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024)} MB` : "-");

await withConsole("video", PORT, async (base, pid) => {
  const cookies = await signIn(base);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--autoplay-policy=no-user-gesture-required"] });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
    const page = await context.newPage();
    await page.goto(`${base}/videoSurveillances/videoSurveillance`);
    await page.locator('[data-testid="flv-player"][data-state="playing"]').first().waitFor({ timeout: 120_000 });
    const tiles = await page.getByTestId("camera-tile").count();
    const rssStart = rssMb(pid);
    const readings: number[] = [];
    const until = Date.now() + SECONDS * 1000;
    while (Date.now() < until) {
      const ms = await page.locator('[data-testid="tile-latency"][data-ms]').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.ms)));
      readings.push(...ms);
      await page.waitForTimeout(500);
    }
    if (!readings.length) throw new Error("no tile showed a latency (is ffmpeg installed?)");
    console.log(`${tiles} tiles, ${SECONDS} s, ${readings.length} readings through the console's stream proxy`);
    console.log("| stream | p50 | p95 | max | console RSS start → end |");
    console.log("|---|---|---|---|---|");
    console.log(`| HTTP-FLV (mpegts.js) | ${pct(readings, 50)} ms | ${pct(readings, 95)} ms | ${Math.max(...readings)} ms | ${rssStart} → ${rssMb(pid)} |`);
  } finally {
    await browser.close();
  }
});
