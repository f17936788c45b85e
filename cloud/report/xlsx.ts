import { and, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { blocksOf } from "@/lib/contract/report/blocks";
import type { Locale } from "@/lib/contract/locale";
import { zoneOffset } from "@/lib/time-zone";
import type { Db } from "../db/client";
import { tenantZone } from "../db/queries/company";
import { projectNameIn, deviceNameIn } from "../db/queries/names";
import { rawCutOfDevice } from "../db/queries/retention";
import { rawPages, type RawRow } from "../db/queries/telemetry";
import { devices, projects, telemetryHourly, type reports } from "../db/schema";
import { t } from "../lib/i18n";
import { SHEET_MAX_ROWS, type ExportSheet } from "../lib/xlsx-export";
import type { Period } from "./data";
import { periodText } from "./document";
import { stamp } from "./format";
import { reportPeriod } from "./engine";
import { addDays } from "./schedule";

/** What the workbook reads of a report. */
type ReportRow = Pick<typeof reports.$inferSelect, "tenantId" | "projectId" | "content" | "language" | "periodStart" | "periodEnd" | "startTime" | "endTime" | "reportName" | "reportNo">;
type Point = { ref: string; deviceId: number; identifier: string; deviceName: string; sheet: string; values: number; rawFrom: Date | null };

/** Characters a sheet's name may not hold. */
const SHEET_NAME_BAD = /[[\]:*?/\\']/g;

/**
 * The points a report's blocks name, in the document's order, that are devices of its project:
 * each with its sheet's name, the values the hourly roll-up counts in the period (and window) and
 * where the device's kept raw values begin.
 */
async function pointsOf(db: Db, r: ReportRow, period: Period, locale: Locale, now: Date): Promise<Point[]> {
  const refs = [...new Set(blocksOf(r.content).flatMap((b) => b.spec.points))];
  if (!refs.length) return [];
  const parsed = refs.map((ref) => ({ ref, deviceId: Number(ref.slice(0, ref.indexOf(":"))), identifier: ref.slice(ref.indexOf(":") + 1) }));
  const own = await db
    .select({ id: devices.id, deviceName: deviceNameIn(locale) })
    .from(devices)
    .where(and(eq(devices.tenantId, r.tenantId), eq(devices.projectId, r.projectId), inArray(devices.id, [...new Set(parsed.map((p) => p.deviceId))])));
  const names = new Map(own.map((d) => [d.id, d.deviceName]));
  const mine = parsed.filter((p) => names.has(p.deviceId));
  if (!mine.length) return [];
  const counts = await db
    .select({ deviceId: telemetryHourly.deviceId, identifier: telemetryHourly.identifier, n: sql<number>`sum(${telemetryHourly.n})::float8` })
    .from(telemetryHourly)
    .where(
      and(
        inArray(telemetryHourly.deviceId, [...names.keys()]),
        inArray(telemetryHourly.identifier, [...new Set(mine.map((p) => p.identifier))]),
        gte(telemetryHourly.hour, period.from),
        lt(telemetryHourly.hour, period.to),
        windowOf(period, sql`${telemetryHourly.hour}`),
      ),
    )
    .groupBy(telemetryHourly.deviceId, telemetryHourly.identifier);
  const count = new Map(counts.map((c) => [`${c.deviceId}:${c.identifier}`, Number(c.n)]));
  const cuts = new Map<number, Date | null>();
  for (const id of names.keys()) cuts.set(id, await rawCutOfDevice(db, id, now));
  return mine.map((p, i) => {
    const deviceName = names.get(p.deviceId)!;
    return { ...p, deviceName, sheet: `${i + 1} ${deviceName} ${p.identifier}`.replace(SHEET_NAME_BAD, "_").slice(0, 26), values: count.get(p.ref) ?? 0, rawFrom: cuts.get(p.deviceId) ?? null };
  });
}

/** The period's daily window as a condition on an instant (`[fromH, toH)` of the zone's hours); none: every hour. */
function windowOf(period: Period, ts: SQL): SQL | undefined {
  if (!period.window) return undefined;
  const hour = sql`extract(hour from ${ts} at time zone ${period.zone})`;
  return sql`${hour} >= ${period.window.fromH} and ${hour} < ${period.window.toH}`;
}

/** An instant as Excel shows it: the report zone's wall clock written as a date (Excel's dates have no zone). */
const wallDate = (ms: number, zone: string) => new Date(ms + zoneOffset(ms, zone));

/**
 * The sheets of a report's raw rows, written one after another as they are read: "Report" (what,
 * whose, when), "Points" (each point's sheet, the values of the period and whether the raw values
 * are still kept), then one sheet per point — each raw value of the period (within its daily
 * window) with its time in the report's zone — continued on a next sheet past Excel's row limit.
 * Read when downloaded, in pages of the raw reader: nothing is held whole. The report's language.
 * `sheetRows`: rows of a sheet, the header included (tests make it small).
 */
export async function* reportSheets(db: Db, r: ReportRow, now: Date, sheetRows = SHEET_MAX_ROWS): AsyncGenerator<ExportSheet<Record<string, unknown>>> {
  const locale = (r.language === "en" ? "en" : "zh-cn") as Locale;
  const L = (k: string, v?: Record<string, string | number>) => t(locale, `report.doc.${k}`, v);
  const zone = await tenantZone(db, r.tenantId);
  const period = reportPeriod(r, zone);
  const [project] = await db.select({ prjName: projectNameIn(locale) }).from(projects).where(eq(projects.id, r.projectId));
  const points = await pointsOf(db, r, period, locale, now);
  const window = r.startTime && r.endTime ? { from: r.startTime, to: r.endTime } : null;
  const item = [
    { key: "item", header: L("xlsx.item"), width: 18 },
    { key: "value", header: L("value"), width: 48 },
  ];
  yield {
    name: L("xlsx.report"),
    columns: item,
    rows: [
      { item: L("xlsx.name"), value: r.reportName },
      { item: L("project"), value: project?.prjName ?? "" },
      { item: L("reportNo"), value: r.reportNo },
      { item: L("period"), value: periodText({ language: locale, start: r.periodStart, last: addDays(r.periodEnd, -1), window }) },
      { item: L("xlsx.zone"), value: zone },
      { item: L("xlsx.exportedAt"), value: stamp(now, zone) },
    ],
  };
  yield {
    name: L("xlsx.points"),
    columns: [
      { key: "sheet", header: L("xlsx.sheet"), width: 30 },
      { key: "deviceName", header: L("device"), width: 28 },
      { key: "identifier", header: L("property"), width: 16 },
      { key: "values", header: L("samples"), width: 12 },
      { key: "note", header: L("xlsx.note"), width: 60 },
    ],
    rows: points.map((p) => ({ ...p, note: p.rawFrom && p.rawFrom > period.from ? L("xlsx.rawFrom", { at: stamp(p.rawFrom, zone) }) : "" })),
  };
  const columns = [
    { key: "at", header: L("xlsx.time"), width: 20, numFmt: "yyyy-mm-dd hh:mm:ss" },
    { key: "value", header: L("value"), width: 14 },
  ];
  for (const p of points) {
    const from = (p.rawFrom && p.rawFrom > period.from ? p.rawFrom : period.from).toISOString();
    const cells = rawCells(rawPages(db, p.deviceId, p.identifier, from, period.to.toISOString(), { where: period.window ? (ts) => windowOf(period, ts)! : undefined }), zone, sheetRows - 1);
    // The first sheet always (empty when the point has no raw values), the next while values remain.
    for (let part = 1; part === 1 || (await cells.more()); part++) yield { name: part === 1 ? p.sheet : `${p.sheet} (${part})`, columns, rows: cells.sheet() };
  }
}

/** A point's raw values as cells (times as `zone`'s wall clock), read a page at a time; `sheet()` yields the next sheet's worth (`perSheet` values). */
function rawCells(pages: AsyncGenerator<RawRow[]>, zone: string, perSheet: number) {
  let page: RawRow[] = [];
  let i = 0;
  let done = false;
  const more = async () => {
    while (i >= page.length && !done) {
      const next = await pages.next();
      if (next.done) done = true;
      else [page, i] = [next.value, 0];
    }
    return i < page.length;
  };
  async function* sheet() {
    for (let n = 0; n < perSheet && (await more()); n++) {
      const v = page[i++];
      yield { at: wallDate(v.ms, zone), value: v.value };
    }
  }
  return { more, sheet };
}

/** The workbook's file name: the report's name, nothing a file system refuses. */
export const xlsxName = (r: Pick<ReportRow, "reportName">) => `${r.reportName.replace(/[\\/:*?"<>|]/g, "_")}.xlsx`;
