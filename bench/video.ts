import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { chromium, type Browser } from "@playwright/test";
import { WebSocket } from "ws";
import { COMMAND_STATUS, type Command } from "@/lib/contract/device/command";
import { CAMERA_TTL_MS, type CameraLiveAnswer, type CameraRow } from "@/lib/contract/video/video";
import { whepPublisher } from "../tests/e2e/whep-publisher";
import { cookieHeader, signIn, withConsole } from "./console-server";

/**
 * `npm run bench:video`: glass-to-glass latency of the simulated cameras through the console's
 * stream proxy, in headless Chromium: the wall's tiles read each presented frame's timestamp strip
 * against the clock every 500 ms; for `BENCH_SECONDS` (60) every tile's readings are collected and
 * p50 / p95 printed, with the console's RSS at the start and the end; FLV, then HLS. Needs a
 * production build and Debian's ffmpeg (without it the clip carries no time), or a running console
 * at `BASE_URL`.
 *
 * Then WebRTC (`BENCH_WHEP`, on; 0 skips it): the wall's cameras get the WHEP endpoint of a publisher
 * browser on loopback (as `video.spec` does: a canvas drawing the same timestamp strip, answered over
 * ICE between the two browsers, signalling through the console), and the tiles playing WebRTC are read
 * the same way. The picture does not pass the console (WebRTC flows between browser and media server),
 * so this is the WebRTC path's own latency on loopback (capture, encode, decode, present), beside FLV's
 * and HLS's through the console.
 *
 * Then the camera pad over the console's live socket, `PAD_ROUNDS` (30) times on one simulated
 * camera: a press until the console answers that the command went out (to the broker), and a
 * release until the camera acknowledged its stop (the round trip through cloud, broker and camera).
 * Every round's release is printed, and for a slow one (over the TTL + 100 ms) what its stop waited
 * on, from the camera's command log: a stop that timed out and the console's retry, or one stop sent
 * several times. Then `PAD_CUTS` (10) held turns whose socket is cut, until the camera's command log
 * shows the console's stop answered. `BENCH_PAD_ONLY=1` runs the pad alone (no browser, no wall).
 *
 * Last, a wall of nine FLV tiles left open for `BENCH_WALL_MINUTES` (15; 0 skips it): every minute
 * the tab's JS heap after a garbage collection, its DOM nodes and the console's RSS, and the trend
 * of each over the run (least-squares slope per minute).
 */
const PORT = Number(process.env.BENCH_PORT ?? 3422);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAD_ROUNDS = Number(process.env.PAD_ROUNDS ?? 30);
const PAD_CUTS = Number(process.env.PAD_CUTS ?? 10);
const WALL_MINUTES = Number(process.env.BENCH_WALL_MINUTES ?? 15);
const WHEP = process.env.BENCH_WHEP !== "0";
const PAD_ONLY = process.env.BENCH_PAD_ONLY === "1";

const STATUS = ["waiting", "timed out", "answered", "failed"];

/** The camera's commands (the handling log's rows), oldest first. */
async function commandLog(base: string, cookies: { name: string; value: string }[], deviceId: number, newest = 2000) {
  const res = await fetch(`${base}/api/comm/instructIot/page?deviceId=${deviceId}&size=${newest}`, { headers: { cookie: cookieHeader(cookies) } });
  return ((await res.json()) as { data: { records: Command[] } }).data.records.sort((a, b) => a.id - b.id);
}

/** A live socket signed in with the cookies, subscribed to the camera, and a wait for its next answer to `op`. */
async function padSocket(base: string, cookies: { name: string; value: string }[], cameraId: number) {
  const ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/live`, { headers: { cookie: cookieHeader(cookies), origin: base } });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  ws.send(JSON.stringify({ type: "sub", topic: `device:${cameraId}` }));
  const answer = (op: string) =>
    new Promise<CameraLiveAnswer>((resolve) => {
      const on = (d: Buffer) => {
        const m = JSON.parse(d.toString()) as CameraLiveAnswer;
        if (m.type !== "camera" || m.op !== op) return;
        ws.off("message", on);
        resolve(m);
      };
      ws.on("message", on);
    });
  return { ws, answer };
}

/** Press → sent and release → stop acknowledged, over one socket signed in with the cookies. */
async function padRounds(base: string, cookies: { name: string; value: string }[], camera: CameraRow) {
  const { ws, answer } = await padSocket(base, cookies, camera.id);
  const press: number[] = [];
  const stop: number[] = [];
  const rounds: { press: number; stop: number }[] = [];
  const before = Math.max(0, ...(await commandLog(base, cookies, camera.id)).map((c) => c.id));
  for (let i = 0; i < PAD_ROUNDS; i++) {
    const dir = i % 2 ? -1 : 1;
    let t = performance.now();
    const moved = answer("move");
    ws.send(JSON.stringify({ type: "camera", deviceId: camera.id, op: "move", axis: "horizontal", dir }));
    const round = { press: NaN, stop: NaN };
    if ((await moved).ok) press.push((round.press = performance.now() - t));
    await new Promise((r) => setTimeout(r, 300));
    t = performance.now();
    const stopped = answer("stop");
    ws.send(JSON.stringify({ type: "camera", deviceId: camera.id, op: "stop", axis: "horizontal" }));
    if ((await stopped).ok) stop.push((round.stop = performance.now() - t));
    rounds.push(round);
    await new Promise((r) => setTimeout(r, 200));
  }
  ws.close();
  // Each round is one move's row and its stop's rows (a timed-out stop and the console's retry are two).
  const log = (await commandLog(base, cookies, camera.id)).filter((c) => c.id > before);
  const stopsOf: Command[][] = [];
  for (const c of log) {
    if ((JSON.parse(c.params || "{}") as { controlValue?: number }).controlValue !== 0) stopsOf.push([]);
    else stopsOf.at(-1)?.push(c);
  }
  return { press, stop, rounds, stopsOf };
}

/**
 * Socket loss → stopped, `PAD_CUTS` times: a held turn, the socket cut without a word, until the
 * camera's command log shows the console's stop answered (read every 20 ms: the figure includes up
 * to one read's delay).
 */
async function cutRounds(base: string, cookies: { name: string; value: string }[], camera: CameraRow) {
  const stopped: number[] = [];
  for (let i = 0; i < PAD_CUTS; i++) {
    const before = Math.max(0, ...(await commandLog(base, cookies, camera.id)).map((c) => c.id));
    const { ws, answer } = await padSocket(base, cookies, camera.id);
    const moved = answer("move");
    ws.send(JSON.stringify({ type: "camera", deviceId: camera.id, op: "move", axis: "vertical", dir: i % 2 ? -1 : 1 }));
    if (!(await moved).ok) continue;
    await new Promise((r) => setTimeout(r, 300));
    const t = performance.now();
    ws.terminate();
    const acknowledged = (log: Command[]) => log.some((c) => c.id > before && c.status === COMMAND_STATUS.success && (JSON.parse(c.params || "{}") as { controlValue?: number }).controlValue === 0);
    while (performance.now() - t < 15_000 && !acknowledged(await commandLog(base, cookies, camera.id, 20))) await new Promise((r) => setTimeout(r, 20));
    stopped.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 300));
  }
  return stopped;
}

/** The release of each round, and what a slow one's stop waited on. */
function printRounds({ rounds, stopsOf }: Awaited<ReturnType<typeof padRounds>>) {
  const slowMs = CAMERA_TTL_MS + 100;
  console.log(`\nrelease → stop acknowledged per round (ms): ${rounds.map((r) => Math.round(r.stop)).join(" ")}`);
  rounds.forEach((r, i) => {
    if (!(r.stop > slowMs)) return;
    const stops = stopsOf[i] ?? [];
    const said = stops.map((c) => `#${c.id} ${STATUS[c.status] ?? c.status}${c.repeats > 1 ? `, sent ${c.repeats}×` : ""}`).join(" → ");
    console.log(`round ${i + 1}: ${Math.round(r.stop)} ms — ${stops.length} stop command${stops.length === 1 ? "" : "s"}: ${said || "none logged"}`);
  });
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
/** Resident memory of a process and its threads (the cloud is a worker thread of the console). */
const rssOf = (pid: number | null) => (pid ? Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024 : NaN);
const rssMb = (pid: number | null) => (pid ? `${Math.round(rssOf(pid))} MB` : "-");
/** Least-squares slope of ys over 0, 1, 2 … (per sample). */
function slope(ys: number[]) {
  const n = ys.length;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  const num = ys.reduce((a, y, x) => a + (x - mx) * (y - my), 0);
  const den = ys.reduce((a, _, x) => a + (x - mx) ** 2, 0);
  return den ? num / den : 0;
}

/** The cameras' WHEP source set to a publisher browser on loopback for the time of `measure`, then removed. */
async function measureWhep(base: string, cookies: { name: string; value: string }[], measure: () => Promise<void>) {
  const headers = { cookie: cookieHeader(cookies), origin: base, "content-type": "application/json" };
  const cameras = ((await (await fetch(`${base}/api/device/video/cameraList`, { headers })).json()) as { data: CameraRow[] }).data;
  const setSource = async (whepUrl: string) => {
    for (const c of cameras) {
      const answer = (await (await fetch(`${base}/api/device/video/sourcesSave`, { method: "POST", headers, body: JSON.stringify({ id: c.id, whepUrl }) })).json()) as { code: number; msg: string };
      if (answer.code !== 200) throw new Error(`camera ${c.id}'s WHEP source: ${answer.msg}`);
    }
  };
  const publisher = await whepPublisher({ chromium } as unknown as Parameters<typeof whepPublisher>[0]);
  try {
    await setSource(publisher.url);
    await measure();
  } finally {
    await setSource("").catch(() => {});
    await publisher.close();
  }
}

/** Nine FLV tiles left open: the tab's heap, DOM and the console's RSS each minute, and their trends. */
async function wallMemory(base: string, pid: number | null, browser: Browser, cookies: { name: string; value: string }[]) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
  const page = await context.newPage();
  await page.goto(`${base}/videoSurveillances/videoSurveillance`);
  await page.evaluate(() => localStorage.setItem("video.streamKind", "flv"));
  await page.reload();
  await page.getByTestId("split-9").click();
  // Fill the empty tiles from the tree with cameras not on the wall yet (a camera shows on one tile only).
  for (const button of await page.getByTestId("tree-camera").all()) {
    if ((await page.locator('[data-testid="stream-player"]').count()) >= 9) break;
    if (await button.evaluate((e) => e.classList.contains("text-primary"))) continue;
    await button.click();
  }
  const playing = page.locator('[data-testid="stream-player"][data-state="playing"]');
  // Nine encoders start on two cores: give them a minute, then measure what plays.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="stream-player"][data-state="playing"]').length >= 9, null, { timeout: 60_000 }).catch(() => {});
  const states = await page.locator('[data-testid="stream-player"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.state));
  const tiles = states.filter((s) => s === "playing").length;
  if (tiles < states.length) console.log(`tiles not playing after a minute: ${states.join(", ")}`);
  const cdp = await context.newCDPSession(page);
  const sample = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    const heap = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
    const dom = (await cdp.send("Memory.getDOMCounters")) as { nodes: number };
    return { heap: heap.usedSize / 1024 / 1024, nodes: dom.nodes, rss: rssOf(pid), playing: await playing.count() };
  };
  console.log(`\n${tiles} FLV tiles playing, left open ${WALL_MINUTES} min`);
  console.log("| minute | tiles playing | tab JS heap | DOM nodes | console RSS |");
  console.log("|---|---|---|---|---|");
  const rows: Awaited<ReturnType<typeof sample>>[] = [];
  for (let m = 0; m <= WALL_MINUTES; m++) {
    if (m) await page.waitForTimeout(60_000);
    const r = await sample();
    rows.push(r);
    console.log(`| ${m} | ${r.playing} | ${r.heap.toFixed(1)} MB | ${r.nodes} | ${Math.round(r.rss)} MB |`);
  }
  const trend = (ys: number[], unit: string) => `${slope(ys) >= 0 ? "+" : ""}${slope(ys).toFixed(2)} ${unit}/min`;
  console.log(`trend over the run: tab heap ${trend(rows.map((r) => r.heap), "MB")}, DOM ${trend(rows.map((r) => r.nodes), "nodes")}, console RSS ${trend(rows.map((r) => r.rss), "MB")}`);
  await context.close();
}

/** The pad's rounds, printed with the load average before and after (the machine may be shared). */
async function pad(base: string, cookies: { name: string; value: string }[]) {
  const load = () => loadavg().map((l) => l.toFixed(1)).join(" ");
  const loadBefore = load();
  const cameras = ((await (await fetch(`${base}/api/device/video/cameraList`, { headers: { cookie: cookieHeader(cookies) } })).json()) as { data: CameraRow[] }).data;
  const camera = cameras.find((c) => c.ptz && c.status === 2);
  if (!camera) throw new Error("no online PTZ camera");
  const rounds = await padRounds(base, cookies, camera);
  const cuts = await cutRounds(base, cookies, camera);
  const ms = (xs: number[], p: number) => (xs.length ? `${Math.round(pct(xs, p))} ms` : "-");
  console.log(`\ncamera pad over the live socket, ${PAD_ROUNDS} rounds (${rounds.press.length} presses, ${rounds.stop.length} stops answered) and ${cuts.length} cut sockets, load average ${loadBefore} → ${load()}`);
  console.log("| step | p50 | p95 | max |");
  console.log("|---|---|---|---|");
  console.log(`| press → command sent | ${ms(rounds.press, 50)} | ${ms(rounds.press, 95)} | ${ms(rounds.press, 100)} |`);
  console.log(`| release → stop acknowledged by the camera | ${ms(rounds.stop, 50)} | ${ms(rounds.stop, 95)} | ${ms(rounds.stop, 100)} |`);
  console.log(`| socket cut → stop acknowledged (command log, read every 20 ms) | ${ms(cuts, 50)} | ${ms(cuts, 95)} | ${ms(cuts, 100)} |`);
  printRounds(rounds);
}

await withConsole("video", PORT, async (base, pid) => {
  const cookies = await signIn(base);
  if (PAD_ONLY) return pad(base, cookies);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--autoplay-policy=no-user-gesture-required"] });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
    const page = await context.newPage();
    console.log("| stream | tiles | readings | p50 | p95 | max | console RSS start → end |");
    console.log("|---|---|---|---|---|---|---|");
    // The same wall, FLV then HLS (the browser's choice, as the stream buttons keep it), then WebRTC.
    const measure = async (kind: "flv" | "hls" | "webrtc", name: string) => {
      await page.goto(`${base}/videoSurveillances/videoSurveillance`);
      await page.evaluate((k) => localStorage.setItem("video.streamKind", k), kind);
      await page.reload();
      await page.locator(`[data-testid="stream-player"][data-kind="${kind}"][data-state="playing"]`).first().waitFor({ timeout: 120_000 });
      // Only the tiles playing this kind (with WebRTC chosen, a camera without a WHEP source plays FLV).
      const ofKind = page.locator(`[data-testid="camera-tile"]:has([data-testid="stream-player"][data-kind="${kind}"])`);
      const tiles = await ofKind.count();
      const rssStart = rssMb(pid);
      const readings: number[] = [];
      const until = Date.now() + SECONDS * 1000;
      while (Date.now() < until) {
        const ms = await ofKind.locator('[data-testid="tile-latency"][data-ms]').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.ms)));
        readings.push(...ms);
        await page.waitForTimeout(500);
      }
      if (!readings.length) throw new Error(`no tile showed a latency over ${kind} (is ffmpeg installed?)`);
      console.log(`| ${name} | ${tiles} | ${readings.length} in ${SECONDS} s | ${pct(readings, 50)} ms | ${pct(readings, 95)} ms | ${Math.max(...readings)} ms | ${rssStart} → ${rssMb(pid)} |`);
    };
    await measure("flv", "HTTP-FLV (mpegts.js)");
    await measure("hls", "HLS (hls.js)");
    if (WHEP) await measureWhep(base, cookies, () => measure("webrtc", "WebRTC (WHEP, publisher browser on loopback)"));
    await pad(base, cookies);
    if (WALL_MINUTES > 0) await wallMemory(base, pid, browser, cookies);
  } finally {
    await browser.close();
  }
});
