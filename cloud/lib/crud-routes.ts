import { desc, eq, getTableColumns, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { AnyCall } from "@/lib/contract/call";
import { columnOf, type EntityScope, type Fields, type RowOf } from "@/lib/contract/entity";
import type { CrudRoute } from "@/lib/contract/entity-calls";
import type { Db } from "../db/client";
import type { CloudEnv, Ctx } from "./context";
import {
  assertUnique,
  assertUnused,
  columnFor,
  columnsOf,
  exportColumns,
  filterConds,
  given,
  importColumns,
  orderOf,
  ownedDelete,
  pageOf,
  rowMapper,
  switchStatus,
  type EntityMeta,
  type InUse,
  type SelectedFields,
} from "./crud";
import { AppError, badRequest, notFound } from "./http";
import { t } from "./i18n";
import { localized, textColumns } from "./i18n-text";
import type { I18nTexts } from "@/lib/contract/i18n-text";
import type { Locale } from "@/lib/contract/locale";
import { OPER } from "@/lib/contract/oper";
import { projectOf } from "./project-context";
import { serve, type CallHandler, type Served } from "./serve";
import { tenantScope } from "./scope";
import { xlsxResponse } from "./xlsx-export";
import { insertMany } from "./insert-many";
import { importUpload, templateResponse, type ImportRefusal, type ImportRow } from "./xlsx-import";

/** What `crudRoutes` needs of a contract: its metadata and the schemas `defineEntity` derives. */
type CrudEntity<F extends Fields> = EntityMeta<F> & {
  /** Permission prefix: add / import need `<perm>:add`, upd / openOrClose `<perm>:upd`, del `<perm>:del`. */
  perm?: string;
  /** Rows belong to the caller's tenant, or to the call's project (`projectId` header, checked). */
  scope: EntityScope;
  body: z.ZodType;
  update: z.ZodType;
  filters: z.ZodType;
  query: z.ZodType;
};

type Row = Record<string, unknown>;
type Values = Record<string, unknown>;
type Cond = SQL | undefined;
/** A new row: the input as given and the columns it writes. */
type NewRow = { input: Values; values: Values };
const EXPORT_LIMIT = 100_000;
/** Imported rows are written up to this many to a statement, and fewer when a statement would pass more than MAX_PARAMS values (PostgreSQL takes 65,535). */
const IMPORT_CHUNK = 1000;
const MAX_PARAMS = 30_000;

export type CrudOptions<F extends Fields, R> = {
  table: PgTable & { tenantId: PgColumn };
  /** The contract, which also says the permission prefix and the scope. */
  entity: CrudEntity<F>;
  /** The entity's declared calls (`crudCalls`): which routes exist, their paths, inputs and who may make them. */
  calls: Partial<Record<CrudRoute, AnyCall>>;
  /** Which rows the caller may read, when it is narrower than the scope (e.g. `visibleProjects`). */
  visible?: (c: Ctx, ...conds: Cond[]) => Promise<SQL> | SQL;
  /** Conditions of the page and export beyond the contract's filters. */
  filters?: (c: Ctx, q: Values) => Cond[] | Promise<Cond[]>;
  /** Fields of the row that are not a column of their own. */
  toRow?: { [K in keyof R]?: (row: Row) => R[K] };
  /**
   * Columns computed from the input on add and update (`partial` on update, with the stored row as
   * `before`), over `columnsOf`; it may refuse the input (references the contract cannot check).
   */
  values?: (c: Ctx, input: Values, partial: boolean, before?: Row) => Values | Promise<Values>;
  /** The input as written, before its columns and multilingual texts are taken from it (rich text sanitised, in every language given). */
  input?: (input: Values) => Values;
  /** Fields unique within the scope, and the refusal: a message key (`{value}` is the value) or the error itself. */
  unique?: readonly { field: string; error: string | ((value: string) => AppError) }[];
  /**
   * Runs in the add's or update's transaction once the row is written (`before` is the stored row on
   * update): the row's relations (links, menus) are written with it or not at all.
   */
  afterSave?: (tx: Db, c: Ctx, row: Row, input: Values, before?: Row) => Promise<void>;
  /** Runs in each imported chunk's transaction with the rows it wrote, in place of `afterSave` per row (e.g. one statement of records for the chunk). */
  afterImport?: (tx: Db, c: Ctx, rows: Row[]) => Promise<void>;
  /** Checks before a delete (e.g. a row that must stay); gets the caller's own ids. */
  beforeDelete?: (c: Ctx, ids: number[]) => Promise<void> | void;
  /** A delete naming any row that is not the caller's is refused whole (not found), rather than deleting the caller's own. */
  allOrNone?: boolean;
  /** Checks of a write beyond its declared permission, when they depend on the request (a role's kind). */
  guard?: Partial<Record<"add" | "upd" | "del", MiddlewareHandler<CloudEnv>>>;
  /** What page, list, info, add and upd answer for stored rows, when it is more than the contract's mapping (masked contacts, names of relations). */
  answer?: (c: Ctx, rows: Row[]) => Promise<unknown[]>;
  /** Tables whose rows refer to this entity: a delete is refused while any does. */
  inUse?: readonly InUse[];
  /** The enable-state column the declared `openOrClose` switches, and the body's field naming the state (`oper`: `enableStatus`). */
  status?: string | { column: string; field: string };
  /** Runs after each write (add, upd, del, the status switch, each imported row) with the rows written: an engine reading the table is told. */
  afterWrite?: (c: Ctx, rows: Row[]) => unknown;
  /** Export values that are not the row's own (dictionary labels, names). */
  exportValues?: { [key: string]: (row: R) => unknown };
  /** Values selected beside the table's columns (counts, joined names), by field name; a joined name in the caller's language takes its locale. */
  extra?: SelectedFields | ((locale: Locale) => SelectedFields);
  /** The page's and export's order when the query names no sort field (default newest first). */
  defaultOrder?: SQL[];
};

/** Rules the console switches with `oper` (`{ id, enableStatus }`): alarm rules, linkage rules, data push. */
export const OPER_SWITCH = { status: { column: "enableStatus", field: OPER.field } } as const;

/**
 * Serves an ordinary entity's declared calls (`crudCalls`): page / list / info / add / upd / del /
 * openOrClose / export / template / import, scoped to the caller's tenant or project:
 *
 *   export const groupRoutes = crudRoutes({ table: userGroups, entity: group, calls: groupApi, unique: [{ field: "groupName", error: "cloud.groupNameTaken" }] });
 */
export function crudRoutes<F extends Fields, R = RowOf<F>>(o: CrudOptions<F, R>): Served[] {
  const { table, entity } = o;
  const key = columnFor(table, entity.key);
  const keyField = Object.entries(getTableColumns(table)).find(([, col]) => col === key)![0];
  const toRow = rowMapper<F, R>(entity, o.toRow);
  const selection = (c: Ctx) => ({ ...getTableColumns(table), ...(typeof o.extra === "function" ? o.extra(c.var.locale) : o.extra) });
  const select = (c: Ctx) => c.var.deps.db.select(selection(c)).from(table as PgTable).$dynamic();
  const project = entity.scope === "project";
  // A table with multilingual texts answers each caller in its language and keeps both on writes.
  const multilingual = "i18n" in getTableColumns(table);
  const out = (c: Ctx, row: Row) => toRow(multilingual ? localized(c.var.locale, row) : row);
  const answer = async (c: Ctx, rows: Row[]) => (o.answer ? o.answer(c, rows) : rows.map((r) => out(c, r)));
  const one = async (c: Ctx, row: Row) => (await answer(c, [row]))[0];
  const texts = (c: Ctx, before: Row | undefined, input: Values): Values => (multilingual ? textColumns(c.var.locale, before?.i18n as I18nTexts | undefined, input) : {});

  /** The rows the caller owns (writes) and may see (reads). */
  const owned = (c: Ctx, ...conds: Cond[]): SQL =>
    project ? projectOf(c).where(table as typeof table & { projectId: PgColumn }, ...conds) : tenantScope(c.var.auth).where(table, ...conds);
  const stamp = (c: Ctx, values: Values) => (project ? projectOf(c).owned(values) : tenantScope(c.var.auth).owned(values));
  const visible = async (c: Ctx, ...conds: Cond[]) => (o.visible ? o.visible(c, ...conds) : owned(c, ...conds));

  const uniqueColumn = (field: string) => columnFor(table, columnOf(field, entity.fields[field]));
  const uniqueError = (u: NonNullable<CrudOptions<F, R>["unique"]>[number], value: unknown) => (typeof u.error === "string" ? badRequest(u.error, { value: String(value) }) : u.error(String(value)));

  async function checkUnique(db: Db, c: Ctx, input: Values, exceptId?: number) {
    for (const u of o.unique ?? []) {
      if (!(u.field in input)) continue;
      const value = input[u.field];
      await assertUnique(db, table, (...conds) => owned(c, ...conds), uniqueColumn(u.field), value, exceptId, uniqueError(u, value));
    }
  }

  /** A new row's input and columns, as the add route takes them (its `values` may refuse it). */
  async function prepare(c: Ctx, given: Values): Promise<NewRow> {
    const input = o.input ? o.input(given) : given;
    return { input, values: { ...columnsOf(entity, input), ...(await o.values?.(c, input, false)), ...texts(c, undefined, input) } };
  }

  /**
   * New rows in the caller's scope in one statement and one transaction; `check` checks each one's
   * unique fields first; an import's rows are followed by `afterImport` when there is one.
   */
  async function write(c: Ctx, items: NewRow[], how: { check: boolean; imported: boolean }): Promise<Row[]> {
    return c.var.deps.db.transaction(async (db) => {
      if (how.check) for (const item of items) await checkUnique(db, c, item.input);
      // Rows come back in the order given, so each is paired with its input.
      const rows = how.imported && items.length > 1 ? await rowsByKey(db, await insertMany(db, table, key, items.map((item) => stamp(c, item.values)))) : await db.insert(table).values(items.map((item) => stamp(c, item.values))).returning();
      if (how.imported && o.afterImport) await o.afterImport(db, c, rows);
      else if (o.afterSave) for (const [k, row] of rows.entries()) await o.afterSave(db, c, row, items[k].input);
      return rows;
    });
  }

  /** Rows by their keys, in the keys' order. */
  async function rowsByKey(db: Db, keys: number[]): Promise<Row[]> {
    const byKey = new Map((await db.select().from(table as PgTable).where(inArray(key, keys))).map((r) => [(r as Row)[keyField] as number, r as Row]));
    return keys.map((k) => byKey.get(k)!);
  }

  /** A new row in the caller's scope (the add route). */
  async function insert(c: Ctx, given: Values): Promise<Row> {
    const [row] = await write(c, [await prepare(c, given)], { check: true, imported: false });
    await o.afterWrite?.(c, [row]);
    return row;
  }

  /**
   * An import's valid rows, checked as the add route checks one — its `values`, its unique fields
   * against the stored rows and the rows above it in the sheet — then written in chunks of up to
   * IMPORT_CHUNK rows, a statement and a transaction each. A chunk that fails (a row written
   * meanwhile by another request) is written again row by row, so each good row is kept and each
   * bad one answered with its reason.
   */
  async function importRows(c: Ctx, rows: ImportRow<Values>[]): Promise<ImportRefusal[]> {
    const refused: ImportRefusal[] = [];
    const refuse = (rowNum: number, e: unknown) => {
      if (!(e instanceof AppError)) throw e;
      refused.push({ rowNum, error: e });
    };
    let ready: (NewRow & { rowNum: number })[] = [];
    for (const { row, rowNum } of rows) {
      try {
        ready.push({ ...(await prepare(c, row)), rowNum });
      } catch (e) {
        refuse(rowNum, e);
      }
    }
    for (const u of o.unique ?? []) {
      const column = uniqueColumn(u.field);
      const values = [...new Set(ready.map((r) => r.input[u.field]).filter(given))];
      const taken = new Set<unknown>();
      for (let i = 0; i < values.length; i += IMPORT_CHUNK) {
        const stored = await c.var.deps.db.select({ v: column }).from(table as PgTable).where(owned(c, inArray(column, values.slice(i, i + IMPORT_CHUNK))));
        for (const r of stored) taken.add(r.v);
      }
      ready = ready.filter((r) => {
        const v = r.input[u.field];
        if (!given(v)) return true;
        if (taken.has(v)) return void refuse(r.rowNum, uniqueError(u, v));
        taken.add(v);
        return true;
      });
    }
    const size = Math.max(1, Math.min(IMPORT_CHUNK, Math.floor(MAX_PARAMS / Object.keys(getTableColumns(table)).length)));
    for (let i = 0; i < ready.length; i += size) {
      const chunk = ready.slice(i, i + size);
      let written: Row[];
      try {
        written = await write(c, chunk, { check: false, imported: true });
      } catch {
        written = [];
        for (const item of chunk) {
          try {
            written.push(...(await write(c, [item], { check: true, imported: true })));
          } catch (e) {
            refuse(item.rowNum, e);
          }
        }
      }
      if (written.length) await o.afterWrite?.(c, written);
    }
    return refused;
  }

  const served: Served[] = [];
  const route = (r: CrudRoute, handler: (c: Ctx, input: Values) => Promise<unknown> | unknown, guard?: MiddlewareHandler<CloudEnv>) => {
    const call = o.calls[r];
    if (call) served.push(serve(call, handler as CallHandler<AnyCall>, ...(guard ? [guard] : [])));
  };

  route("page", async (c, q) => {
    const where = await visible(c, ...filterConds(entity, table, q, c.var.locale), ...((await o.filters?.(c, q)) ?? []));
    const page = await pageOf(c.var.deps.db, table, where, orderOf(entity, table, q, o.defaultOrder), q as Values & { current: number; size: number }, selection(c));
    return { records: await answer(c, page.records), total: page.total };
  });
  route("list", async (c, q) => {
    const rows = await select(c)
      .where(await visible(c))
      .orderBy(desc(key))
      .limit(q.size as number);
    return answer(c, rows);
  });
  route("info", async (c, { id }) => {
    const [row] = await select(c).where(await visible(c, eq(key, id as number)));
    if (!row) throw notFound();
    return one(c, row);
  });
  route("add", async (c, input) => one(c, await insert(c, input)), o.guard?.add);
  route(
    "upd",
    async (c, given) => {
      const input = o.input ? o.input(given) : given;
      const id = input[entity.key] as number;
      const { now } = c.var.deps;
      const stored = multilingual || o.values || o.afterSave;
      const before = stored ? (await c.var.deps.db.select().from(table as PgTable).where(owned(c, eq(key, id))))[0] : undefined;
      if (stored && !before) throw notFound();
      const set: Values = { ...columnsOf(entity, input), ...(await o.values?.(c, input, true, before)), ...texts(c, before, input) };
      if (getTableColumns(table).updatedAt) set.updatedAt = now();
      const row = await c.var.deps.db.transaction(async (db) => {
        await checkUnique(db, c, input, id);
        const [row] = Object.keys(set).length
          ? await db.update(table).set(set).where(owned(c, eq(key, id))).returning()
          : await db.select().from(table as PgTable).where(owned(c, eq(key, id)));
        if (!row) throw notFound();
        await o.afterSave?.(db, c, row, input, before);
        return row;
      });
      await o.afterWrite?.(c, [row]);
      return one(c, row);
    },
    o.guard?.upd,
  );
  route(
    "del",
    async (c, { ids }) => {
      const db = c.var.deps.db;
      // Only the caller's own rows are checked and deleted; another tenant's id is not found.
      const mine = (await db.select({ id: key }).from(table as PgTable).where(owned(c, inArray(key, ids as number[])))).map((r) => r.id as number);
      if (!mine.length || (o.allOrNone && mine.length !== new Set(ids as number[]).size)) throw notFound();
      await o.beforeDelete?.(c, mine);
      await assertUnused(db, o.inUse ?? [], mine);
      const gone = await ownedDelete(db, table, owned(c, inArray(key, mine)));
      await o.afterWrite?.(c, gone);
      return { deleted: gone.length };
    },
    o.guard?.del,
  );
  if (o.calls.openOrClose) {
    if (!o.status) throw new Error(`crudRoutes(${entity.ns}): openOrClose is declared but no status column is named`);
    const { column, field } = typeof o.status === "string" ? { column: o.status, field: "status" } : o.status;
    route(
      "openOrClose",
      async (c, input) => {
        const row = await switchStatus(c.var.deps.db, table, owned(c, eq(key, input.id as number)), column, input[field] as number, c.var.deps.now());
        await o.afterWrite?.(c, [row]);
        return null;
      },
      o.guard?.upd,
    );
  }
  route("export", async (c, f) => {
    const rows = await select(c)
      .where(await visible(c, ...filterConds(entity, table, f, c.var.locale), ...((await o.filters?.(c, f)) ?? [])))
      .orderBy(...orderOf(entity, table, f, o.defaultOrder))
      .limit(EXPORT_LIMIT);
    const title = t(c.var.locale, `${entity.ns}.title`);
    return xlsxResponse(c, `${title}.xlsx`, exportColumns<R>(entity, c.var.locale, o.exportValues), rows.map((r) => out(c, r)), title);
  });
  route("template", (c) => templateResponse(c, `${t(c.var.locale, `${entity.ns}.importTemplate`)}.xlsx`, importColumns(entity, c.var.locale)));
  // Each row goes through the add form's schema and the add route's checks, in the caller's scope; the rows are written in chunks.
  route(
    "import",
    async (c) =>
      importUpload(c, {
        columns: importColumns(entity, c.var.locale),
        schema: entity.body,
        saveMany: (rows) => importRows(c, rows as ImportRow<Values>[]),
      }),
    o.guard?.add,
  );
  return served;
}
