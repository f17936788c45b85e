import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { asc, eq, sql } from "drizzle-orm";
import { blockTag } from "@/lib/contract/report/blocks";
import { openDb, type Db } from "../cloud/db/client";
import { devices, projects, telemetryHourly } from "../cloud/db/schema";
import { seed } from "../cloud/seed";
import { tenantOf } from "../cloud/lib/scope";
import { startPgCluster } from "../scripts/pg-cluster";
import { writeXlsxSheets } from "../cloud/lib/xlsx-export";
import { reportDoc } from "../cloud/report/engine";
import { reportHtml } from "../cloud/report/document";
import { renderDocx } from "../cloud/report/docx";
import { chromiumPath, closePdf, renderPdf } from "../cloud/report/pdf";
import { reportSheets } from "../cloud/report/xlsx";
import { propId } from "../cloud/db/queries/telemetry-props";

/**
 * `npm run bench:reports`: a monthly report of BENCH_POINTS points (default 50; a point table of all, and one chart
 * per point over the month's 720 hourly values) rendered from the data to Word and, when Chromium is installed, to
 * PDF, then its raw rows as XLSX (BENCH_RAW_EVERY_S seconds between raw values, default 600: 4,320 a point; 0 skips
 * it): time of each (goal ≤ 10 s each at 50 points, ≤ 40 s at 200) and the process's peak resident memory (goal
 * ≤ 600 MB), overall and per phase — Linux's high-water mark (`VmHWM`), reset before each phase, so a peak inside a
 * synchronous stretch is not missed. BENCH_OUT=dir keeps the files.
 *
 * As a user gets it: the database already holds the month (a process of its own seeds it and loads the data, then
 * ends), and this process opens it as the cloud's start does, then renders. PGlite on disk in a temporary folder by
 * default, as `npm start` keeps it; BENCH_DB=postgres on a throwaway PostgreSQL cluster (the engine outside the
 * process); BENCH_PGLITE=memory: PGlite in memory, seeded and loaded in this same process (as before 2026-11-29).
 */
const POINTS = Number(process.env.BENCH_POINTS ?? 50);
const RAW_EVERY_S = Number(process.env.BENCH_RAW_EVERY_S ?? 600);
const DAYS = 30;

const status = () => {
  try {
    return readFileSync("/proc/self/status", "utf8");
  } catch {
    return null;
  }
};
const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status() ?? "")?.[1] ?? NaN) / 1024;
/** The peak RSS since the last reset (Linux), else the RSS now. */
const peakMb = () => (status() ? kb("VmHWM") : process.memoryUsage().rss / 1048576);
const resetPeak = () => {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    // Not Linux: the peaks are the RSS at the phase's end.
  }
};
let overall = 0;
/** The highest peak of the report's own phases (the database's set-up apart). */
let reportPeak = 0;
const phases: string[] = [];
/** Ends a phase: its peak, and the RSS it leaves. */
function phase(name: string, detail = "") {
  const peak = peakMb();
  overall = Math.max(overall, peak);
  if (!name.startsWith("database")) reportPeak = Math.max(reportPeak, peak);
  phases.push(`${name.padEnd(36)} peak ${peak.toFixed(0).padStart(4)} MB, after ${(process.memoryUsage().rss / 1048576).toFixed(0).padStart(4)} MB${detail ? `  ${detail}` : ""}`);
  resetPeak();
}

const ROLE = process.env.BENCH_REPORTS_ROLE;
const MEMORY = process.env.BENCH_DB !== "postgres" && process.env.BENCH_PGLITE === "memory";
const load = () => loadavg().map((l) => l.toFixed(2)).join(" ");
const from = Date.parse("2026-01-31T16:00:00Z");

/** The demo tenant's first project and POINTS points over its devices (a device has several properties). */
async function target(db: Db) {
  const [project] = await db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id)).limit(1);
  const devs = await db.select({ id: devices.id }).from(devices).where(eq(devices.projectId, project.id)).orderBy(asc(devices.id));
  return { project, points: Array.from({ length: POINTS }, (_, i) => `${devs[i % devs.length].id}:p${Math.floor(i / devs.length)}`) };
}

/** The demo data, then a month of hourly roll-ups (and raw values) for each point. */
async function prepare(db: Db) {
  await seed(db, {});
  const { points } = await target(db);
  for (const ref of points) {
    const [deviceId, identifier] = ref.split(":");
    const rows = Array.from({ length: DAYS * 24 }, (_, h) => {
      const hour = new Date(from + h * 3600_000);
      const v = Math.sin(h / 24) * 3 + h * 0.01;
      return { deviceId: Number(deviceId), identifier, hour, n: 60, sum: v * 60, min: v - 0.2, minTs: hour, max: v + 0.2, maxTs: hour, first: v, firstTs: hour, last: v, lastTs: hour };
    });
    await db.insert(telemetryHourly).values(rows);
    if (RAW_EVERY_S > 0)
      await db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
        select ${Number(deviceId)}, ${await propId(db, identifier)}, ${new Date(from).toISOString()}::timestamptz + make_interval(secs => i * ${RAW_EVERY_S}), sin(i / 144.0) * 3
        from generate_series(0, ${Math.floor((DAYS * 86_400) / RAW_EVERY_S) - 1}) i`);
  }
}

if (ROLE === "prepare") {
  // The database's preparation, in a process of its own: what it holds is not the report's.
  const t = performance.now();
  const handle = await openDb(process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : { dataDir: process.env.BENCH_DATA_DIR });
  await prepare(handle.db);
  await handle.close();
  process.send!({ peak: peakMb(), s: (performance.now() - t) / 1000 });
  process.disconnect();
} else await main();

async function main() {
  console.log(`bench:reports — load average at the start: ${load()}`);
  const cluster = process.env.BENCH_DB === "postgres" ? await startPgCluster() : null;
  const dataDir = cluster || MEMORY ? null : mkdtempSync(join(tmpdir(), "bench-reports-"));
  try {
    if (!MEMORY) {
      const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_REPORTS_ROLE: "prepare", BENCH_DATABASE_URL: cluster?.url ?? "", BENCH_DATA_DIR: join(dataDir ?? "", "pglite") } });
      const done = new Promise<{ peak: number; s: number }>((resolve, reject) => {
        child.once("message", (m) => resolve(m as { peak: number; s: number }));
        child.once("exit", (code) => reject(new Error(`the preparing process ended with ${code}`)));
      });
      const prepared = await done;
      phases.push(`(another process) seed and data: ${prepared.s.toFixed(1)} s, its peak ${prepared.peak.toFixed(0)} MB`);
    }
    resetPeak();
    await report(cluster ? { url: cluster.url } : MEMORY ? { dataDir: "memory" } : { dataDir: join(dataDir!, "pglite") }, cluster ? "PostgreSQL" : MEMORY ? "PGlite in memory" : "PGlite on disk");
  } finally {
    cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function report(at: Parameters<typeof openDb>[0], kind: string) {
  let t0 = performance.now();
  const handle = await openDb(at);
  const db = handle.db;
  if (MEMORY) {
    await prepare(db);
    phase("database: seed and data", `${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } else phase("database: open (holding the month)", `${((performance.now() - t0) / 1000).toFixed(2)} s`);
  const { project, points } = await target(db);
  const content = `<h1>{{project}}</h1><p>{{period}}</p><h2>1.</h2>${blockTag({ kind: "pointTable", points, warn: 5 })}<h2>2.</h2>${blockTag({ kind: "chart", points, warn: 5 })}${blockTag({ kind: "alarms", points: [], warn: null })}${blockTag({ kind: "devices", points: [], warn: null })}`;
  const row = { tenantId: 2, projectId: project.id, reportName: "Bench monthly report", reportNo: "BENCH-1", periodStart: "2026-02-01", periodEnd: "2026-03-03", startTime: null, endTime: null, content, language: "zh-cn", review: 0, reviewedAt: null, reviewedByName: null };
  const before = process.memoryUsage().rss / 1048576;

  t0 = performance.now();
  const doc = await reportDoc(db, row, new Date());
  const readMs = performance.now() - t0;
  phase("data read", `${(readMs / 1000).toFixed(2)} s`);
  t0 = performance.now();
  const docx = await renderDocx(doc);
  const docxMs = performance.now() - t0;
  phase("Word", `${(docxMs / 1000).toFixed(2)} s, ${(docx.length / 1024).toFixed(0)} KB`);
  if (process.env.BENCH_OUT) writeFileSync(`${process.env.BENCH_OUT}/bench-report.docx`, docx);
  const chromium = chromiumPath();
  if (chromium) {
    t0 = performance.now();
    const html = reportHtml(doc);
    const htmlMs = performance.now() - t0;
    phase("HTML (SVG charts)", `${(htmlMs / 1000).toFixed(2)} s, ${(html.length / 1024).toFixed(0)} KB`);
    const pdf = await renderPdf(html, chromium);
    const pdfMs = performance.now() - t0;
    phase("PDF (HTML, Chromium's print)", `${(pdfMs / 1000).toFixed(2)} s, ${(pdf.length / 1024).toFixed(0)} KB`);
    if (process.env.BENCH_OUT) writeFileSync(`${process.env.BENCH_OUT}/bench-report.pdf`, pdf);
  } else phases.push("PDF: off (no Chromium at /usr/bin/chromium or CHROMIUM_PATH)");
  if (RAW_EVERY_S > 0) {
    // The download's path: sheets written as the raw pages come, into a reader that takes all at once.
    let bytes = 0;
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => ((bytes += chunk.length), done()) });
    t0 = performance.now();
    await writeXlsxSheets(sink, reportSheets(db, row, new Date()));
    const values = POINTS * Math.floor((DAYS * 86_400) / RAW_EVERY_S);
    phase("XLSX of the raw rows", `${((performance.now() - t0) / 1000).toFixed(2)} s, ${values.toLocaleString("en")} values, ${(bytes / 1048576).toFixed(1)} MB`);
  }
  await closePdf();
  console.log(`monthly report, ${POINTS} points × ${DAYS * 24} hourly values${RAW_EVERY_S > 0 ? `, raw values every ${RAW_EVERY_S} s` : ""}, on ${kind}, load average now ${load()}`);
  for (const p of phases) console.log(p);
  console.log(`peak RSS of this process: ${overall.toFixed(0)} MB overall, ${reportPeak.toFixed(0)} MB while the report rendered; ${before.toFixed(0)} MB before it (Chromium's own memory is apart)`);
  await handle.close();
}
