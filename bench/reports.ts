import { writeFileSync } from "node:fs";
import { asc, eq } from "drizzle-orm";
import { blockTag } from "@/lib/contract/report/blocks";
import { openDb } from "../cloud/db/client";
import { devices, projects, telemetryHourly } from "../cloud/db/schema";
import { seed } from "../cloud/seed";
import { tenantOf } from "../cloud/lib/scope";
import { reportDoc } from "../cloud/report/engine";
import { reportHtml } from "../cloud/report/document";
import { renderDocx } from "../cloud/report/docx";
import { chromiumPath, closePdf, renderPdf } from "../cloud/report/pdf";

/**
 * `npm run bench:reports` on in-memory PGlite: a monthly report of BENCH_POINTS points (default 50;
 * a point table of all, and one chart per point over the month's 720 hourly values) rendered from
 * the data to Word and, when Chromium is installed, to PDF: time of each (goal ≤ 10 s each at 50
 * points, ≤ 40 s at 200) and the process's peak resident memory (goal ≤ 600 MB). BENCH_OUT=dir keeps the files.
 */
const POINTS = Number(process.env.BENCH_POINTS ?? 50);
const DAYS = 30;

const handle = await openDb({ dataDir: "memory" });
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
}
const content = `<h1>{{project}}</h1><p>{{period}}</p><h2>1.</h2>${blockTag({ kind: "pointTable", points, warn: 5 })}<h2>2.</h2>${blockTag({ kind: "chart", points, warn: 5 })}${blockTag({ kind: "alarms", points: [], warn: null })}${blockTag({ kind: "devices", points: [], warn: null })}`;
const row = { tenantId: 2, projectId: project.id, reportName: "Bench monthly report", reportNo: "BENCH-1", periodStart: "2026-02-01", periodEnd: "2026-03-03", startTime: null, endTime: null, content, language: "zh-cn", review: 0, reviewedAt: null, reviewedByName: null };

let peak = process.memoryUsage().rss;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
let t0 = performance.now();
const doc = await reportDoc(db, row, new Date());
const readMs = performance.now() - t0;
t0 = performance.now();
const docx = await renderDocx(doc);
const docxMs = performance.now() - t0;
if (process.env.BENCH_OUT) writeFileSync(`${process.env.BENCH_OUT}/bench-report.docx`, docx);
const chromium = chromiumPath();
let pdfLine = "PDF: off (no Chromium at /usr/bin/chromium or CHROMIUM_PATH)";
if (chromium) {
  t0 = performance.now();
  const html = reportHtml(doc);
  const htmlMs = performance.now() - t0;
  const pdf = await renderPdf(html, chromium);
  const pdfMs = performance.now() - t0;
  if (process.env.BENCH_OUT) writeFileSync(`${process.env.BENCH_OUT}/bench-report.pdf`, pdf);
  pdfLine = `PDF: ${(pdfMs / 1000).toFixed(2)} s (HTML with ${POINTS} SVG charts ${(htmlMs / 1000).toFixed(2)} s, Chromium print the rest), ${(pdf.length / 1024).toFixed(0)} KB`;
}
clearInterval(sample);
await closePdf();
console.log(`monthly report, ${POINTS} points × ${DAYS * 24} hourly values`);
console.log(`data read: ${(readMs / 1000).toFixed(2)} s`);
console.log(`Word: ${(docxMs / 1000).toFixed(2)} s, ${(docx.length / 1024).toFixed(0)} KB`);
console.log(pdfLine);
console.log(`peak RSS of this process: ${(peak / 1024 / 1024).toFixed(0)} MB (Chromium's own memory is apart)`);
await handle.close();
