import { readFileSync, writeFileSync } from "node:fs";
import { Writable } from "node:stream";
import { asc, eq, sql } from "drizzle-orm";
import { blockTag } from "@/lib/contract/report/blocks";
import { openDb } from "../cloud/db/client";
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
 * `npm run bench:reports` on in-memory PGlite (BENCH_DB=postgres: a throwaway PostgreSQL cluster, so
 * the process holds the renderer alone, not the database engine): a monthly report of BENCH_POINTS points (default 50;
 * a point table of all, and one chart per point over the month's 720 hourly values) rendered from
 * the data to Word and, when Chromium is installed, to PDF, then its raw rows as XLSX
 * (BENCH_RAW_EVERY_S seconds between raw values, default 600: 4,320 a point; 0 skips it): time of
 * each (goal ≤ 10 s each at 50 points, ≤ 40 s at 200) and the process's peak resident memory (goal
 * ≤ 600 MB), overall and per phase — Linux's high-water mark (`VmHWM`), reset before each phase, so
 * a peak inside a synchronous stretch is not missed. BENCH_OUT=dir keeps the files.
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
  phases.push(`${name.padEnd(28)} peak ${peak.toFixed(0).padStart(4)} MB, after ${(process.memoryUsage().rss / 1048576).toFixed(0).padStart(4)} MB${detail ? `  ${detail}` : ""}`);
  resetPeak();
}

resetPeak();
const cluster = process.env.BENCH_DB === "postgres" ? await startPgCluster() : null;
const handle = await openDb(cluster ? { url: cluster.url } : { dataDir: "memory" });
const db = handle.db;
await seed(db, {});
const [project] = await db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id)).limit(1);
const devs = await db.select({ id: devices.id }).from(devices).where(eq(devices.projectId, project.id)).orderBy(asc(devices.id));
// POINTS points over the project's devices (a device has several properties), a month of hourly roll-ups each.
const points = Array.from({ length: POINTS }, (_, i) => `${devs[i % devs.length].id}:p${Math.floor(i / devs.length)}`);
const from = Date.parse("2026-01-31T16:00:00Z");
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
phase("database: seed and data");
const content = `<h1>{{project}}</h1><p>{{period}}</p><h2>1.</h2>${blockTag({ kind: "pointTable", points, warn: 5 })}<h2>2.</h2>${blockTag({ kind: "chart", points, warn: 5 })}${blockTag({ kind: "alarms", points: [], warn: null })}${blockTag({ kind: "devices", points: [], warn: null })}`;
const row = { tenantId: 2, projectId: project.id, reportName: "Bench monthly report", reportNo: "BENCH-1", periodStart: "2026-02-01", periodEnd: "2026-03-03", startTime: null, endTime: null, content, language: "zh-cn", review: 0, reviewedAt: null, reviewedByName: null };
const before = process.memoryUsage().rss / 1048576;

let t0 = performance.now();
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
console.log(`monthly report, ${POINTS} points × ${DAYS * 24} hourly values${RAW_EVERY_S > 0 ? `, raw values every ${RAW_EVERY_S} s` : ""}, on ${cluster ? "PostgreSQL" : "PGlite in memory"}`);
for (const p of phases) console.log(p);
console.log(`peak RSS of this process: ${overall.toFixed(0)} MB overall, ${reportPeak.toFixed(0)} MB while the report rendered; ${before.toFixed(0)} MB before it (Chromium's own memory is apart)`);
await handle.close();
cluster?.stop();
