import { readFileSync } from "node:fs";
import { WebSocket } from "ws";
import type { LiveServerMessage } from "@/lib/contract/live/live";
import { deviceTopic, LIVE_PATH } from "@/lib/contract/live/topics";
import { cookieHeader, signIn, withConsole } from "./console-server";

/**
 * `npm run bench:live`: the live channel's fan-out on one console (issue 34). `BENCH_SUBSCRIBERS`
 * (1,000) WebSocket clients open the console's `/api/live` as browser tabs do (a session cookie, a
 * same-origin `Origin`), `BENCH_SOCKETS_PER_SESSION` (50) of them per sign-in of the demo administrator,
 * and each subscribes to the same `BENCH_DEVICES` (3) demo devices (the first whose values a probe
 * socket sees), which the cloud's simulator reports every 30 s over MQTT. Every subscription is checked
 * with the cloud under its socket's session (one check per session and device when asked together).
 * Refused subscriptions are counted by their message.
 * For `BENCH_SECONDS` (95) every event a client receives is timed against the value's own time
 * (the device's report: MQTT → ingest → commit → the cloud's bus → the console's one event
 * stream → every socket): p50 / p95 / p99 / max, with the console's RSS and CPU time. Needs a
 * production build (or a running console at `BASE_URL`).
 */
const PORT = Number(process.env.BENCH_PORT ?? 3423);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 95);
const PER_SESSION = Math.max(1, Number(process.env.BENCH_SOCKETS_PER_SESSION ?? 50));

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const status = (pid: number) => readFileSync(`/proc/${pid}/status`, "utf8");
const rssMb = (pid: number | null) => (pid ? Math.round(Number(/VmRSS:\s+(\d+)/.exec(status(pid))?.[1] ?? 0) / 1024) : null);
/** CPU seconds the process has used (user + system), from /proc. */
function cpuS(pid: number | null) {
  if (!pid) return null;
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
}

await withConsole(
  "live",
  PORT,
  async (base, pid) => {
    const headers = { cookie: cookieHeader(await signIn(base)), origin: base };
    // The devices the simulator reports: a probe socket asks for the first 200 ids and keeps those whose values arrive first.
    const ids = await new Promise<number[]>((resolve, reject) => {
      const probe = new WebSocket(`${base.replace(/^http/, "ws")}${LIVE_PATH}`, { headers });
      const seen = new Set<number>();
      const timer = setTimeout(() => (probe.close(), reject(new Error(`only ${seen.size} devices reported in 90 s (is the simulator on?)`))), 90_000);
      probe.on("message", (d) => {
        const m = JSON.parse(d.toString()) as LiveServerMessage;
        if (m.type !== "event" || !m.data?.values.length) return;
        seen.add(Number(m.topic.slice(7)));
        if (seen.size < DEVICES) return;
        clearTimeout(timer);
        probe.close();
        resolve([...seen]);
      });
      probe.once("open", () => {
        for (let id = 1; id <= 200; id++) probe.send(JSON.stringify({ type: "sub", topic: deviceTopic(id) }));
      });
      probe.once("error", reject);
    });

    const latencies: number[] = [];
    const refused = new Map<string, number>();
    let granted = 0;
    /** Sockets that received at least one value in the window. */
    const reached = new Set<WebSocket>();
    let closed = 0;
    let measuring = false;
    const sockets: WebSocket[] = [];
    // A sign-in per PER_SESSION sockets (users with several tabs), made before the clock of the opening starts.
    const sessions: Record<string, string>[] = [];
    for (let i = 0; i < SUBSCRIBERS; i += PER_SESSION) sessions.push(i === 0 ? headers : { cookie: cookieHeader(await signIn(base)), origin: base });
    const opened = performance.now();
    // Opened in batches of 50, as tabs come and go, not one burst.
    for (let i = 0; i < SUBSCRIBERS; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, SUBSCRIBERS - i) }, async (_, j) => {
          const ws = new WebSocket(`${base.replace(/^http/, "ws")}${LIVE_PATH}`, { headers: sessions[Math.floor((i + j) / PER_SESSION)] });
          ws.on("message", (d) => {
            const at = Date.now();
            const m = JSON.parse(d.toString()) as LiveServerMessage;
            if (m.type === "refused") refused.set(m.msg, (refused.get(m.msg) ?? 0) + 1);
            if (m.type === "subscribed") granted++;
            if (m.type !== "event" || !measuring || !m.data?.values.length) return;
            reached.add(ws);
            // One reading per event: against its newest value's time.
            latencies.push(at - Math.max(...m.data.values.map((v) => Date.parse(v.ts))));
          });
          ws.on("close", () => closed++);
          ws.on("error", () => {});
          await new Promise<void>((resolve, reject) => ws.once("open", () => resolve()).once("error", reject));
          for (const id of ids) ws.send(JSON.stringify({ type: "sub", topic: deviceTopic(id) }));
          sockets.push(ws);
        }),
      );
    }
    const openS = (performance.now() - opened) / 1000;
    // Every subscription answered (granted or refused) before the clock starts.
    await new Promise((r) => setTimeout(r, 5_000));
    const ping = setInterval(() => sockets.forEach((s) => s.readyState === WebSocket.OPEN && s.send('{"type":"ping"}')), 30_000);
    const rss0 = rssMb(pid);
    const cpu0 = cpuS(pid);
    measuring = true;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    measuring = false;
    clearInterval(ping);
    const rss1 = rssMb(pid);
    const cpu1 = cpuS(pid);
    for (const s of sockets) s.close();

    const ms = (p: number) => (latencies.length ? `${Math.round(pct(latencies, p))} ms` : "-");
    const refusedN = [...refused.values()].reduce((a, b) => a + b, 0);
    console.log(`${sockets.length} sockets of ${sessions.length} sessions opened in ${openS.toFixed(1)} s, ${ids.length} devices each (${granted} subscriptions granted, ${refusedN} refused, ${closed} sockets closed by the console); ${reached.size} sockets received values in the window`);
    for (const [msg, n] of refused) console.log(`  refused ${n}×: ${msg}`);
    console.log("| subscribers | values received | p50 | p95 | p99 | max | console RSS start → end | console CPU |");
    console.log("|---|---|---|---|---|---|---|---|");
    console.log(
      `| ${sockets.length} sockets × ${ids.length} devices (${sessions.length} sessions; ${granted} of ${sockets.length * ids.length} granted; ${reached.size} reached) | ${latencies.length} in ${SECONDS} s | ${ms(50)} | ${ms(95)} | ${ms(99)} | ${ms(100)} | ${rss0 ?? "-"} → ${rss1 ?? "-"} MB | ${cpu0 === null || cpu1 === null ? "-" : `${(cpu1 - cpu0).toFixed(1)} s`} |`,
    );
  },
  { env: process.env.MQTT_PORT ? { MQTT_PORT: process.env.MQTT_PORT } : {} },
);
