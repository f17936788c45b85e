import { and, count, eq, inArray, type SQL } from "drizzle-orm";
import { functionIn, type ThingFunction } from "@/lib/contract/device/thing-model";
import type { Locale } from "@/lib/contract/locale";
import { joinedText } from "../../lib/i18n-text";
import type { Db } from "../client";
import { objFunctions, objModelFunctions, productCopySubscriptions, productFunctions, products } from "../schema";
import { tenantOf } from "../../lib/scope";

/** The columns of a function row, from its normalised definition. */
export const functionValues = (fn: ThingFunction) => ({
  funcName: fn.funcName,
  identifier: fn.identifier,
  funcType: fn.funcType,
  dataType: fn.funcType === 1 ? (fn.dataType?.type ?? null) : null,
  accessMode: fn.accessMode ?? null,
  definition: fn,
  i18n: fn.i18n ?? null,
});

type StoredFunction = { id: number; definition: ThingFunction; createdAt: Date };
/** A stored function as the console receives it in `locale`: its definition (named in that language) and its row's keys. */
export const toFunctionRow = <R extends StoredFunction>(locale: Locale, r: R, extra: Record<string, unknown> = {}) => ({ ...functionIn(locale, r.definition), id: r.id, createTime: r.createdAt.toISOString(), ...extra });

/** A function's name in `locale` (a seeded or translated one's in that language), for selects naming a property. */
export const funcNameOf = (locale: Locale, table: typeof productFunctions | typeof objModelFunctions | typeof objFunctions = productFunctions) => joinedText(locale, table.funcName, table.i18n, "funcName");

/** A product's name in `locale` (a seeded product's in that language), for selects joining products. */
export const productNameIn = (locale: Locale) => joinedText(locale, products.prodName, products.i18n, "prodName");

/** Function counts per product. */
export async function productFunctionCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: productFunctions.productId, n: count() }).from(productFunctions).where(inArray(productFunctions.productId, ids)).groupBy(productFunctions.productId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** A product of the caller's tenant, or undefined. */
export async function ownProduct(db: Db, tenantId: number, id: number) {
  const [row] = await db.select().from(products).where(tenantOf(tenantId).where(products, eq(products.id, id)));
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
    .where(tenantOf(tenantId).where(productCopySubscriptions, inArray(productCopySubscriptions.copyId, copyIds)));
  return new Set(rows.map((r) => r.id));
}
