import { once } from "node:events";
import { PassThrough, Readable, type Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { Ctx } from "./context";

/** One column of an export: the header is already localised; `value` defaults to row[key]; `numFmt` formats its cells (dates, decimals). */
export type ExportColumn<Row> = { key: string; header: string; width?: number; numFmt?: string; value?: (row: Row) => unknown };
/** One sheet of a workbook: its name (cut to Excel's 31 characters), columns and rows. */
export type ExportSheet<Row> = { name: string; columns: readonly ExportColumn<Row>[]; rows: Iterable<Row> | AsyncIterable<Row> };
/** Most rows a sheet holds (Excel's limit), the header included. */
export const SHEET_MAX_ROWS = 1_048_576;

const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A cell's value: text as written (lists joined, objects as JSON), numbers, booleans and dates as they are. */
export function cellValue(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean" || value instanceof Date) return value;
  return Array.isArray(value) ? value.join(", ") : typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * Spreadsheet formula injection: a text starting with = + - @ (or a tab / carriage return that
 * some programs strip first) would run as a formula once its cell is edited or the sheet is saved
 * as CSV. Such cells get the Text format, which keeps them text without an apostrophe to see.
 */
const FORMULA_LIKE = /^[=+\-@\t\r]/;
export const formulaLike = (value: unknown) => typeof value === "string" && FORMULA_LIKE.test(value);

function addRow(sheet: ExcelJS.Worksheet, values: unknown[]) {
  const row = sheet.addRow(values.map(cellValue));
  values.forEach((v, i) => {
    if (formulaLike(cellValue(v))) row.getCell(i + 1).numFmt = "@";
  });
  return row;
}

/**
 * Lets the zip writer run (it works in later turns of the event loop, which rows read from memory
 * or a fast cursor never give it), then waits until `out` has room again (or is gone): a slow
 * reader holds back the rows instead of memory holding them.
 */
async function room(out: Writable) {
  await new Promise((resolve) => setImmediate(resolve));
  if (!out.writableNeedDrain || out.destroyed) return;
  const gone = new AbortController();
  await Promise.race([once(out, "drain", { signal: gone.signal }), once(out, "close", { signal: gone.signal })]).catch(() => {});
  gone.abort();
}

/**
 * Writes sheets into a streaming workbook (exceljs' WorkbookWriter: each row is committed and
 * freed as it goes, each sheet before the next begins, and every thousand rows the writer waits
 * for the reader), so memory stays flat however long the export.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- sheets of different row types
export async function writeXlsxSheets(out: Writable, sheets: Iterable<ExportSheet<any>> | AsyncIterable<ExportSheet<any>>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  let written = 0;
  for await (const s of sheets) {
    const sheet = workbook.addWorksheet(s.name.slice(0, 31));
    sheet.columns = s.columns.map((c) => ({ key: c.key, width: c.width ?? Math.min(50, Math.max(12, c.header.length * 2 + 4)), ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
    const header = addRow(sheet, s.columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    for await (const row of s.rows as AsyncIterable<Record<string, unknown>>) {
      addRow(sheet, s.columns.map((c) => (c.value ? c.value(row) : row[c.key]))).commit();
      if (++written % 1000 === 0) await room(out);
      if (out.destroyed) break;
    }
    sheet.commit();
    if (out.destroyed) break;
  }
  await workbook.commit();
}

/** Writes rows into a streaming workbook of one sheet. */
export function writeXlsx<Row>(out: Writable, columns: readonly ExportColumn<Row>[], rows: Iterable<Row> | AsyncIterable<Row>, sheetName = "Sheet1") {
  return writeXlsxSheets(out, [{ name: sheetName, columns, rows }]);
}

/** RFC 5987 filename so Chinese names survive; an ASCII fallback for old clients. */
export function contentDisposition(filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A streamed xlsx response for a route: `return xlsxResponse(c, "projects.xlsx", columns, rows)`. */
export function xlsxResponse<Row>(c: Ctx, filename: string, columns: readonly ExportColumn<Row>[], rows: Iterable<Row> | AsyncIterable<Row>, sheetName?: string): Response {
  return xlsxSheetsResponse(c, filename, [{ name: sheetName ?? "Sheet1", columns, rows }]);
}

/** A streamed xlsx response of several sheets, each read as it is written. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- sheets of different row types
export function xlsxSheetsResponse(c: Ctx, filename: string, sheets: Iterable<ExportSheet<any>> | AsyncIterable<ExportSheet<any>>): Response {
  const pass = new PassThrough();
  writeXlsxSheets(pass, sheets).catch((err) => pass.destroy(err as Error));
  return c.body(Readable.toWeb(pass) as ReadableStream, 200, { "content-type": XLSX_MIME, "content-disposition": contentDisposition(filename) });
}
