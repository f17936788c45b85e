import { createReadStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { z } from "zod";
import { Code } from "@/lib/contract/envelope";
import type { Locale } from "@/lib/contract/locale";
import { IMPORT_EXTS, IMPORT_LIMITS, type ImportError, type ImportResult } from "@/lib/contract/upload";
import { issueMessage } from "@/lib/contract/validation";
import type { Ctx } from "./context";
import { receiveUpload } from "./files";
import { AppError } from "./http";
import { t } from "./i18n";
import { xlsxResponse } from "./xlsx-export";

/**
 * Spreadsheet imports (widgets §5, core §9): `POST <entity>/import` streams the sheet with exceljs,
 * checks the header against the template, stops at the first row or column past the limits, and
 * validates every row with the caller's zod schema. Rows are saved only when the whole file is
 * within the limits, so a refused file changes nothing. `save` stores a row at a time; `saveMany`
 * takes them all (an entity's import writes them in chunks) and answers the rows it refused.
 *
 *   serve(userApi.import, (c) => importUpload(c, { columns, schema: userImportRow, save: (row) => addUser(c, row) })),
 *   serve(userApi.template, (c) => templateResponse(c, "users.xlsx", columns)),
 */
export type ImportColumn = {
  key: string;
  /** The header in the caller's locale, as the template writes it. */
  header: string;
  /** Other accepted spellings (e.g. the header in the other locale). */
  aliases?: readonly string[];
  /** An option's label (in any locale) → its value: a dictionary field is typed by its label. */
  options?: Readonly<Record<string, string>>;
};

/** A valid row of the sheet, numbered as the sheet numbers it. */
export type ImportRow<T> = { row: T; rowNum: number };
/** A valid row the store refused, with the refusal (its message is the row's reason). */
export type ImportRefusal = { rowNum: number; error: AppError };

/** What an import reads and how it stores the valid rows. */
export type ImportSpec<S extends z.ZodTypeAny> = {
  columns: readonly ImportColumn[];
  schema: S;
  limits?: { rows: number; columns: number };
} & (
  | {
      /** Stores one valid row; an AppError thrown here fails that row with its message. */
      save: (row: z.output<S>, rowNum: number) => Promise<void>;
      saveMany?: never;
    }
  | {
      /** Stores all the valid rows at once (in batches of its own) and answers those it refused. */
      saveMany: (rows: ImportRow<z.output<S>>[]) => Promise<ImportRefusal[]>;
      save?: never;
    }
);
export type ImportOptions<S extends z.ZodTypeAny> = ImportSpec<S> & { locale: Locale };

/** Stores rows one at a time, each refusal kept beside its row. */
async function saveEach<T>(rows: ImportRow<T>[], save: (row: T, rowNum: number) => Promise<void>): Promise<ImportRefusal[]> {
  const refused: ImportRefusal[] = [];
  for (const v of rows) {
    try {
      await save(v.row, v.rowNum);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      refused.push({ rowNum: v.rowNum, error: e });
    }
  }
  return refused;
}

type Cell = string | number | boolean | null;

/** A cell as plain data. Formula cells give their cached result, never the formula. */
function cellValue(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return v.trim() || null;
  if (typeof v === "number" || typeof v === "boolean") return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") {
    const o = v as { richText?: { text: string }[]; result?: unknown; formula?: string; sharedFormula?: string; text?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join("").trim() || null;
    if ("formula" in o || "sharedFormula" in o) return o.result === undefined || (typeof o.result === "object" && o.result !== null && "error" in o.result) ? null : cellValue(o.result);
    if (o.text !== undefined) return cellValue(o.text);
  }
  return null;
}

/** A row's cells by 1-based column, trailing empties dropped. */
function cellsOf(values: unknown): Cell[] {
  // exceljs rows are sparse: Array.from visits the holes that map() would skip.
  const cells = Array.isArray(values) ? Array.from(values.slice(1), cellValue) : [];
  while (cells.length && cells[cells.length - 1] === null) cells.pop();
  return cells;
}

const refuse = (key: string, values?: Record<string, string | number>) => new AppError(Code.BAD_REQUEST, key, values);


const UNREADABLE = "widgets.importFile.unreadable";

/**
 * Reads the first worksheet of an xlsx stream or file and imports its rows. A file the reader could not read is read
 * once more: exceljs 4.4's stream reader now and then, on a loaded machine, takes a part of a sound workbook as empty
 * ("reading 'sheets'" of a workbook it did not parse), and the same file reads the second time (a stream cannot be read
 * again). Nothing is saved before the whole sheet is read, so the second read starts clean.
 */
export async function readImport<S extends z.ZodTypeAny>(input: Readable | string | Buffer, o: ImportOptions<S>): Promise<ImportResult> {
  try {
    return await readOnce(input, o);
  } catch (e) {
    const again = typeof input === "string" || Buffer.isBuffer(input);
    if (!again || !(e instanceof AppError) || e.key !== UNREADABLE) throw e;
    return readOnce(input, o);
  }
}

async function readOnce<S extends z.ZodTypeAny>(input: Readable | string | Buffer, o: ImportOptions<S>): Promise<ImportResult> {
  const limits = o.limits ?? IMPORT_LIMITS;
  const stream = typeof input === "string" ? createReadStream(input) : Buffer.isBuffer(input) ? Readable.from(input) : input;
  const valid: { row: z.output<S>; rowNum: number; cells: Cell[] }[] = [];
  const errorList: ImportError[] = [];
  const rowError = (rowNum: number, cells: Cell[], reason: string) => errorList.push({ rowNum, rowData: cells, errorMsg: t(o.locale, "widgets.importFile.rowError", { row: rowNum, reason }) });
  let headerSeen = false;
  let dataRows = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, { worksheets: "emit", sharedStrings: "cache", hyperlinks: "ignore", styles: "ignore", entries: "emit" });
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const cells = cellsOf(row.values);
        if (cells.length > limits.columns) throw refuse("widgets.importFile.tooManyColumns", { max: limits.columns });
        if (!headerSeen) {
          if (!cells.length) continue;
          headerSeen = true;
          const ok = cells.length === o.columns.length && o.columns.every((c, i) => [c.header, ...(c.aliases ?? [])].includes(String(cells[i] ?? "")));
          if (!ok) throw refuse("widgets.importFile.badHeader");
          continue;
        }
        if (!cells.length) continue;
        if (++dataRows > limits.rows) throw refuse("widgets.importFile.tooManyRows", { max: limits.rows, row: row.number });
        // The schema sees what a form would send: text, so a phone number typed into Excel (a number cell) passes as typed.
        const input = Object.fromEntries(
          o.columns.map((c, i) => {
            const text = typeof cells[i] === "number" ? String(cells[i]) : (cells[i] ?? "");
            return [c.key, c.options?.[String(text).trim()] ?? text];
          }),
        );
        const parsed = o.schema.safeParse(input);
        if (parsed.success) {
          valid.push({ row: parsed.data, rowNum: row.number, cells });
          continue;
        }
        const issue = parsed.error.issues[0];
        const { key, values } = issueMessage(issue);
        const column = o.columns.find((c) => c.key === issue.path[0]);
        const reason = t(o.locale, key, values);
        rowError(row.number, cells, column ? t(o.locale, "cloud.fieldError", { field: column.header, reason }) : reason);
      }
      // Only the first worksheet is the data.
      break;
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    // The user gets the plain refusal; the log keeps the reader's own reason.
    console.warn("[import] unreadable workbook:", (e as Error).message);
    throw refuse(UNREADABLE);
  } finally {
    stream.destroy();
  }
  if (!headerSeen) throw refuse("widgets.importFile.badHeader");
  if (!dataRows) throw refuse("widgets.importFile.empty");

  const rows = valid.map(({ row, rowNum }) => ({ row, rowNum }));
  const refused = o.saveMany ? await o.saveMany(rows) : await saveEach(rows, o.save);
  const cellsAt = new Map(valid.map((v) => [v.rowNum, v.cells]));
  for (const r of refused) rowError(r.rowNum, cellsAt.get(r.rowNum) ?? [], t(o.locale, r.error.key, r.error.values));
  errorList.sort((a, b) => a.rowNum - b.rowNum);
  return { successTotal: valid.length - refused.length, failureTotal: errorList.length, errorList };
}

const OLE = Buffer.from("d0cf11e0a1b11ae1", "hex");

/**
 * The multipart upload of an import: received to a private folder (never served), checked to be
 * an xls/xlsx, read, then deleted whatever happened.
 */
export async function importUpload<S extends z.ZodTypeAny>(c: Ctx, o: ImportSpec<S>): Promise<ImportResult> {
  const { deps, auth, locale } = c.var;
  const root = join(deps.config.filesDir, ".imports");
  const stored = await receiveUpload(c.req.raw, { root, tenantId: auth.tenantId, now: deps.now(), maxBytes: IMPORT_LIMITS.sizeMb * 1024 * 1024, accept: IMPORT_EXTS });
  const path = join(root, stored.path);
  try {
    const head = Buffer.alloc(8);
    const fh = await open(path, "r");
    await fh.read(head, 0, 8, 0).finally(() => fh.close());
    // exceljs reads only the xlsx format; an old binary .xls gets a clear answer.
    if (head.equals(OLE)) throw refuse("widgets.importFile.legacyXls");
    return await readImport(path, { ...o, locale });
  } finally {
    await rm(path, { force: true });
  }
}

/** `POST <entity>/template`: an xlsx holding just the header row the import expects. */
export function templateResponse(c: Ctx, filename: string, columns: readonly ImportColumn[]): Response {
  return xlsxResponse(c, filename, columns.map((col) => ({ key: col.key, header: col.header })), []);
}
