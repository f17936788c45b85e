import { PassThrough, Readable, type Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { Ctx } from "./context";

/** One column of an export: the header is already localised; `value` defaults to row[key]. */
export type ExportColumn<Row> = { key: string; header: string; width?: number; value?: (row: Row) => unknown };

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
 * Writes rows into a streaming workbook (exceljs' WorkbookWriter: each row is committed and
 * freed as it goes, so memory stays flat however long the export).
 */
export async function writeXlsx<Row>(out: Writable, columns: readonly ExportColumn<Row>[], rows: Iterable<Row> | AsyncIterable<Row>, sheetName = "Sheet1") {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ key: c.key, width: c.width ?? Math.min(50, Math.max(12, c.header.length * 2 + 4)) }));
  const header = addRow(sheet, columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  for await (const row of rows as AsyncIterable<Row>) {
    addRow(sheet, columns.map((c) => (c.value ? c.value(row) : (row as Record<string, unknown>)[c.key]))).commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** RFC 5987 filename so Chinese names survive; an ASCII fallback for old clients. */
export function contentDisposition(filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A streamed xlsx response for a route: `return xlsxResponse(c, "projects.xlsx", columns, rows)`. */
export function xlsxResponse<Row>(c: Ctx, filename: string, columns: readonly ExportColumn<Row>[], rows: Iterable<Row> | AsyncIterable<Row>, sheetName?: string): Response {
  const pass = new PassThrough();
  writeXlsx(pass, columns, rows, sheetName).catch((err) => pass.destroy(err as Error));
  return c.body(Readable.toWeb(pass) as ReadableStream, 200, { "content-type": XLSX_MIME, "content-disposition": contentDisposition(filename) });
}
