import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import { Code } from "@/lib/contract/envelope";
import { columnOf, labelOf, rangeKeys, type FieldDef, type Fields, type RowOf } from "@/lib/contract/entity";
import { ENUMS, isEnumName } from "@/lib/contract/enums";
import { locales, type Locale } from "@/lib/contract/locale";
import { formatDateTime, toDate } from "@/lib/format";
import type { Db } from "../db/client";
import { areaName } from "./area-names";
import { AppError, notFound } from "./http";
import { t } from "./i18n";
import type { ExportColumn } from "./xlsx-export";
import type { ImportColumn } from "./xlsx-import";

/**
 * The parts every entity's service repeats, derived from its contract (`defineEntity`): list
 * filters, sorts and paging, the row mapper, form values to columns, owned delete, status switch,
 * uniqueness and "in use" checks, export and import columns. `crudRoutes` puts them together;
 * a service with routes of its own uses them one by one.
 */

/** What the cloud reads of an entity's contract. */
export type EntityMeta<F extends Fields = Fields> = {
  ns: string;
  key: string;
  fields: F;
  sorts: readonly string[];
  keys: { export: readonly string[]; import: readonly string[] };
};

/** The table's column for a property name; a contract naming a column the table lacks is a programming error. */
export function columnFor(table: PgTable, name: string): PgColumn {
  const column = getTableColumns(table)[name];
  if (!column) throw new Error(`table has no column "${name}"`);
  return column;
}

/** `%v%` for ILIKE with `%`, `_` and `\` taken literally (PostgreSQL's default escape is `\`). */
export const containsPattern = (v: string) => `%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
/**
 * The `like` pattern of a value's reversed characters, matched against `reverse(column)`: a column
 * ending with `v` (an index on `reverse(column) text_pattern_ops` serves it as a prefix search).
 */
export const endsWithPattern = (v: string) => `${[...v].reverse().join("").replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Search-bar times are wall-clock times of the caller's tenant zone; a bare date means its whole day. */
export function platformTime(s: string, endOfDay: boolean): Date {
  const full = s.length === 10 ? `${s} ${endOfDay ? "23:59:59" : "00:00:00"}` : s.length === 16 ? `${s}:00` : s;
  return toDate(full) ?? new Date(NaN);
}

/** A value given in an input: not empty, not an empty list. */
export const given = (v: unknown) => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && !v.length);

/** A range bound: times in platform time against timestamp columns, anything else as it is. */
function bound(column: PgColumn, f: FieldDef, v: unknown, end: boolean) {
  const time = (f.kind === "date" || f.kind === "datetime") && column.dataType === "date";
  return time ? platformTime(String(v), end) : v;
}

/**
 * The list filters of a parsed query as conditions (page and export share them). A
 * table's multilingual texts (its `i18n` column) match a search too, so a name is found in the
 * language it is shown in.
 */
export function filterConds(entity: EntityMeta, table: PgTable, filters: Record<string, unknown>, locale: Locale): SQL[] {
  const texts = getTableColumns(table).i18n;
  const conds: SQL[] = [];
  for (const [name, f] of Object.entries(entity.fields)) {
    if (!f.search) continue;
    const column = columnFor(table, columnOf(name, f));
    if (f.search === "range") {
      const [from, to] = rangeKeys(name, f);
      if (given(filters[from])) conds.push(gte(column, bound(column, f, filters[from], false)));
      if (given(filters[to])) conds.push(lte(column, bound(column, f, filters[to], true)));
      continue;
    }
    const v = filters[name];
    if (!given(v)) continue;
    if (f.search === "endsWith") conds.push(sql`reverse(${column}) like ${endsWithPattern(String(v))}`);
    else if (f.search === "contains") {
      const pattern = containsPattern(String(v));
      const property = columnOf(name, f);
      conds.push(texts ? or(ilike(column, pattern), ilike(sql`${texts}->${property}->>${locale}`, pattern))! : ilike(column, pattern));
    }
    else if (f.search === "in") conds.push(inArray(column, v as unknown[]));
    else conds.push(eq(column, v));
  }
  return conds;
}

/** The order of a list: the chosen sort field (one the contract allows), then the key; newest first by default. */
export function orderOf(entity: EntityMeta, table: PgTable, f: Record<string, unknown>, fallback?: SQL[]): SQL[] {
  const key = columnFor(table, entity.key);
  if (typeof f.sortField === "string" && entity.sorts.includes(f.sortField)) {
    const dir = f.sortOrder === "asc" ? asc : desc;
    return [dir(columnFor(table, columnOf(f.sortField, entity.fields[f.sortField]))), dir(key)];
  }
  return fallback ?? [desc(key)];
}

export type Paging = { current: number; size: number };

/** How many rows of `table` match `where`. */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  return (await db.select({ total: count() }).from(table).where(where))[0].total;
}

/**
 * One page of a select of one's own (joins, computed fields; ordered, made `$dynamic()`) beside
 * its total, counted by the caller under the same conditions.
 */
export async function pagedSelect<S extends PgSelect>(select: S, total: PromiseLike<number>, q: Paging) {
  const [records, n] = await Promise.all([select.limit(q.size).offset((q.current - 1) * q.size), total]);
  return { records, total: n };
}

/** One page of a table (its columns, or `fields`) and the total under the same conditions. */
export async function pageOf<T extends PgTable>(db: Db, table: T, where: SQL | undefined, orderBy: SQL[], q: Paging, fields?: SelectedFields) {
  const select = db
    .select(fields ?? getTableColumns(table))
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  const { records, total } = await pagedSelect(select, countRows(db, table, where), q);
  return { records: records as T["$inferSelect"][], total };
}

/** What a select may pick beside or instead of a table's columns. */
export type SelectedFields = Record<string, SQL | SQL.Aliased | PgColumn>;

type Overrides<R> = { [K in keyof R]?: (row: Record<string, unknown>) => R[K] };

/**
 * A database row as the console receives it: each field of the contract from its column, dates
 * as ISO strings, nothing missing (null). `overrides` compute the fields that are not a column.
 */
export function rowMapper<F extends Fields, R = RowOf<F>>(entity: { fields: F }, overrides: Overrides<R> = {}) {
  const fields = Object.entries(entity.fields);
  return (row: object): R => {
    const r = row as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [name, f] of fields) {
      const compute = (overrides as Record<string, ((r: Record<string, unknown>) => unknown) | undefined>)[name];
      const v = compute ? compute(r) : r[columnOf(name, f)];
      out[name] = v instanceof Date ? v.toISOString() : (v ?? null);
    }
    return out as R;
  };
}

/**
 * Form values to columns: the writable fields the input gives, by their column names, a blank one
 * stored as null. A field left out is not written: the column's default on add, untouched on
 * update (an update never blanks what it is not given).
 */
export function columnsOf(entity: EntityMeta, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    if (f.readOnly || !f.schema || name === entity.key || input[name] === undefined) continue;
    out[columnOf(name, f)] = input[name] === "" ? null : input[name];
  }
  return out;
}

/** Deletes the rows `where` allows (the caller's own) and answers them; none of them → not found. */
export async function ownedDelete(db: Db, table: PgTable, where: SQL): Promise<Record<string, unknown>[]> {
  const gone = await db.delete(table).where(where).returning();
  if (!gone.length) throw notFound();
  return gone;
}

/** Sets one row's enable state (`openOrClose`); another tenant's row is not found. */
export async function switchStatus(db: Db, table: PgTable, where: SQL, column: string, status: number, now: Date) {
  const set: Record<string, unknown> = { [column]: status };
  if (getTableColumns(table).updatedAt) set.updatedAt = now;
  const [row] = await db.update(table).set(set).where(where).returning();
  if (!row) throw notFound();
  return row;
}

/** Refuses a value already taken within `scope` (the row itself excepted on update). */
export async function assertUnique(db: Db, table: PgTable, scope: (...conds: (SQL | undefined)[]) => SQL, column: PgColumn, value: unknown, exceptId: number | undefined, error: AppError) {
  if (!given(value)) return;
  const key = columnFor(table, "id");
  const [taken] = await db
    .select({ id: key })
    .from(table)
    .where(scope(eq(column, value), exceptId ? ne(key, exceptId) : undefined))
    .limit(1);
  if (taken) throw error;
}

/**
 * A table whose rows refer to the entity: `what` is the message key naming them (e.g.
 * `system.user.entity`); `error`, a message of the entity's own instead of `cloud.inUse`.
 */
/** What refers to a row: a column holding its id, or (`refers`) a condition on ids held otherwise (e.g. inside a JSON column). */
export type InUse = { table: PgTable; what: string; where?: SQL; error?: string } & ({ column: PgColumn; refers?: never } | { column?: never; refers: (ids: readonly number[]) => SQL });

/** Refuses to delete what is still referred to, naming what refers to it and how many. */
export async function assertUnused(db: Db, uses: readonly InUse[], ids: readonly number[]) {
  for (const use of uses) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(use.table)
      .where(and(use.refers ? use.refers(ids) : inArray(use.column, [...ids]), use.where));
    if (n) throw new AppError(Code.BAD_REQUEST, use.error ?? "cloud.inUse", { what: `@${use.what}`, count: n });
  }
}

/** A field's label in a locale: the entity's namespace and the field's label key. */
const fieldLabel = (entity: EntityMeta, name: string, locale: Locale) => t(locale, `${entity.ns}.${labelOf(name, entity.fields[name])}`);

/**
 * Export columns from the contract's `keys.export`, headed in the caller's locale: times in
 * platform time, areas by name, dictionary values by their label in that locale; `values`
 * override a column's value.
 */
export function exportColumns<R>(entity: EntityMeta, locale: Locale, values: { [key: string]: (row: R) => unknown } = {}): ExportColumn<R>[] {
  return entity.keys.export.map((key) => {
    const f = entity.fields[key];
    const own = values[key];
    const get = (r: R) => (r as Record<string, unknown>)[key];
    const dict = f.dict && isEnumName(f.dict) ? f.dict : undefined;
    // A dictionary's cell says what the screen says, in the caller's language, not the stored code.
    const label = (v: unknown) => (v === null || v === undefined || v === "" ? "" : t(locale, `enums.${dict}.${v}`));
    const value =
      own ??
      (f.kind === "datetime"
        ? (r: R) => (get(r) ? formatDateTime(get(r)) : null)
        : f.kind === "area"
          ? (r: R) => (get(r) ? (areaName(String(get(r))) ?? get(r)) : "")
          : dict
            ? (r: R) => {
                const v = get(r);
                return Array.isArray(v) ? v.map(label).join(", ") : label(v);
              }
            : undefined);
    return { key, header: fieldLabel(entity, key, locale), value };
  });
}

/** Import columns from the contract's `keys.import`; a template in the other language is accepted too. */
export function importColumns(entity: EntityMeta, locale: Locale): ImportColumn[] {
  return entity.keys.import.map((key) => {
    const dict = entity.fields[key].dict;
    // A static enumeration's cells may hold its labels in either locale (or the values themselves).
    const options = dict && isEnumName(dict) ? Object.fromEntries(locales.flatMap((l) => ENUMS[dict].map((v) => [t(l, `enums.${dict}.${v}`), String(v)]))) : undefined;
    return { key, header: fieldLabel(entity, key, locale), aliases: locales.filter((l) => l !== locale).map((l) => fieldLabel(entity, key, l)), ...(options && { options }) };
  });
}
