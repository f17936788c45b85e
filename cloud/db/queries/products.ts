import { and, asc, count, desc, eq, gte, ilike, inArray, lte, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FieldDef } from "@/lib/contract/entity";
import { columnOf, rangeKeys } from "@/lib/contract/entity";
import type { ThingFunction } from "@/lib/contract/device/thing-model";
import type { Db } from "../client";
import { objFunctions, objModelFunctions, productCopySubscriptions, productFunctions, products } from "../schema";

/** The columns of a function row, from its normalised definition. */
export const functionValues = (fn: ThingFunction) => ({
  funcName: fn.funcName,
  identifier: fn.identifier,
  funcType: fn.funcType,
  dataType: fn.funcType === 1 ? (fn.dataType?.type ?? null) : null,
  accessMode: fn.accessMode ?? null,
  definition: fn,
});

type StoredFunction = { id: number; definition: ThingFunction; createdAt: Date };
/** A stored function as the console receives it: its definition and its row's keys. */
export const toFunctionRow = <R extends StoredFunction>(r: R, extra: Record<string, unknown> = {}) => ({ ...r.definition, id: r.id, createTime: r.createdAt.toISOString(), ...extra });

/** Search-bar times are platform time (UTC+8); a bare date means its whole day. */
export function platformTime(s: string, endOfDay: boolean): Date {
  const full = s.length === 10 ? `${s} ${endOfDay ? "23:59:59" : "00:00:00"}` : s.length === 16 ? `${s}:00` : s;
  return new Date(`${full.replace(" ", "T")}+08:00`);
}

const like = (v: string) => `%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * An entity's list filters as conditions on its table: each searchable field by its operator
 * (`contains`, `eq`, `in`, `range`), read from the entity's own field definitions.
 */
export function filterConds(table: PgTable, fields: Record<string, FieldDef>, filters: Record<string, unknown>): (SQL | undefined)[] {
  const cols = table as unknown as Record<string, PgColumn | undefined>;
  return Object.entries(fields).flatMap(([name, f]) => {
    const col = cols[columnOf(name, f)];
    if (!f.search || !col) return [];
    if (f.search === "range") {
      const [from, to] = rangeKeys(name, f);
      const a = filters[from] as string | undefined;
      const b = filters[to] as string | undefined;
      return [a ? gte(col, platformTime(a, false)) : undefined, b ? lte(col, platformTime(b, true)) : undefined];
    }
    const v = filters[name];
    if (v === undefined || v === null || v === "") return [];
    if (f.search === "contains") return [ilike(col, like(String(v)))];
    if (f.search === "in") return [inArray(col, v as (string | number)[])];
    return [eq(col, v as string | number)];
  });
}

/** The order of a list: a sortable field (ties by id), newest first by default. */
export function orderOf(table: PgTable & { id: PgColumn }, fields: Record<string, FieldDef>, f: { sortField?: string | null; sortOrder?: string | null }) {
  const cols = table as unknown as Record<string, PgColumn | undefined>;
  const def = f.sortField ? fields[f.sortField] : undefined;
  const col = def && f.sortField ? cols[columnOf(f.sortField, def)] : undefined;
  if (!col) return [desc(table.id)];
  const dir = f.sortOrder === "asc" ? asc : desc;
  return [dir(col), dir(table.id)];
}

/** Function counts per product. */
export async function productFunctionCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: productFunctions.productId, n: count() }).from(productFunctions).where(inArray(productFunctions.productId, ids)).groupBy(productFunctions.productId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** A product of the caller's tenant, or undefined. */
export async function ownProduct(db: Db, tenantId: number, id: number) {
  const [row] = await db.select().from(products).where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
  return row;
}

/** The identifiers among `identifiers` a product (or model, or library) already has. */
export async function takenIdentifiers(db: Db, where: SQL, table: typeof productFunctions | typeof objModelFunctions | typeof objFunctions, identifiers: string[]): Promise<string[]> {
  if (!identifiers.length) return [];
  const rows = await db.select({ identifier: table.identifier }).from(table).where(and(where, inArray(table.identifier, identifiers)));
  return rows.map((r) => r.identifier);
}

/** The copy ids a tenant subscribes to. */
export async function subscribedCopies(db: Db, tenantId: number, copyIds: number[]): Promise<Set<number>> {
  if (!copyIds.length) return new Set();
  const rows = await db
    .select({ id: productCopySubscriptions.copyId })
    .from(productCopySubscriptions)
    .where(and(eq(productCopySubscriptions.tenantId, tenantId), inArray(productCopySubscriptions.copyId, copyIds)));
  return new Set(rows.map((r) => r.id));
}
