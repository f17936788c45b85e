import { count, eq, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { Code } from "@/lib/contract/envelope";
import { connect, PRODUCT_READERS, product, type Connect, type FunctionRow, type functionUpdate, type Product, type ProductBody } from "@/lib/contract/device/product";
import { normalizeFunction, walkFunctionParts, type PartVisit, type ThingFunction } from "@/lib/contract/device/thing-model";
import type { Locale } from "@/lib/contract/locale";
import type { Db } from "../db/client";
import type { Users } from "../db/queries/product-usage";
import { functionValues, ownProduct, productFunctionCounts, takenIdentifiers } from "../db/queries/products";
import { objFunctions, productFunctions, productSubs, products, type objModelFunctions } from "../db/schema";
import { requireMenu } from "./auth";
import type { Auth, Ctx } from "./context";
import { rowMapper } from "./crud";
import { AppError, notFound } from "./http";
import { t } from "./i18n";
import { localized, writtenTexts } from "./i18n-text";
import { tenantScope } from "./scope";

/**
 * What the product catalogue's routes share (products, their functions, the function library,
 * object models, copies, connections): rows as the console reads them, the checks on functions
 * going somewhere, and the refusal naming who still uses a product or a function.
 */

/** For routers not served from their declarations yet (comm connect): the screens that read the catalogue. */
export const readProducts = requireMenu(...PRODUCT_READERS);

/** Refusal naming who still uses something: "Devices: A, B; Alarm rules: C". */
export function inUse(c: Ctx, users: Users[], key = "product.inUse"): AppError {
  const list = users.map((u) => `${t(c.var.locale, u.kind)}: ${u.names.slice(0, 5).join(", ")}${u.names.length > 5 ? " …" : ""}`).join("; ");
  return new AppError(Code.CONFLICT, key, { users: list });
}

/** The caller's product, or not found. */
export async function productOf(c: Ctx, id: number) {
  const p = await ownProduct(c.var.deps.db, c.var.auth.tenantId, id);
  if (!p) throw notFound();
  return p;
}

type ProductRow = typeof products.$inferSelect;

/** Rows with their function and sub-product counts, named in `locale`. */
export async function toProducts(db: Db, rows: ProductRow[], locale: Locale): Promise<Product[]> {
  const ids = rows.map((r) => r.id);
  const [fns, subs] = await Promise.all([
    productFunctionCounts(db, ids),
    ids.length ? db.select({ id: productSubs.gatewayId, n: count() }).from(productSubs).where(inArray(productSubs.gatewayId, ids)).groupBy(productSubs.gatewayId) : [],
  ]);
  const subCount = new Map(subs.map((s) => [s.id, s.n]));
  const toProduct = rowMapper<typeof product.fields, Product>(product, {
    functionCount: (r) => fns.get(r.id as number) ?? 0,
    subCount: (r) => subCount.get(r.id as number) ?? 0,
  });
  return rows.map((r) => toProduct(localized(locale, r)));
}

/** Form values to columns: blanks stored as null; only gateways keep a gateway protocol (copies share the spec). */
export const specColumns = (b: Partial<Omit<ProductBody, "prodName">>) => ({
  prodModel: b.prodModel || null,
  prodCategory: b.prodCategory,
  prodType: b.prodType,
  netType: b.netType,
  dataFormat: b.dataFormat,
  gatewayType: b.prodType === "gateway" ? b.gatewayType || null : null,
  verifyType: b.verifyType,
  activeCycle: b.activeCycle,
  monitorType: b.monitorType || null,
  description: b.description || null,
});
export const productColumns = (b: Partial<ProductBody>) => ({ prodName: b.prodName, ...specColumns(b) });

/** A connection as the console reads it (its own list, and a product's or a model's). */
export const toConnect = rowMapper<typeof connect.fields, Connect>(connect);

/** Identifiers already taken where a function is going. */
export const identifierTaken = (identifiers: string[]) => new AppError(Code.CONFLICT, "product.identifierTaken", { identifiers: identifiers.join(", ") });

type FunctionTable = typeof objFunctions | typeof objModelFunctions | typeof productFunctions;

/**
 * Functions going into a library, model or product (`where` names which): every identifier free
 * there and once in the batch, or the batch is refused naming the clashes.
 */
export async function assertIdentifiersFree(db: Db, table: FunctionTable, where: SQL, fns: ThingFunction[]) {
  const ids = fns.map((f) => f.identifier);
  const stored = new Set(await takenIdentifiers(db, where, table, ids));
  const taken = [...new Set(ids.filter((id, i) => stored.has(id) || ids.indexOf(id) !== i))];
  if (taken.length) throw identifierTaken(taken);
}

/**
 * Adds functions to a product in one go: every identifier must be free in the product and appear
 * once in the batch, or nothing is saved.
 */
export async function addProductFunctions(db: Db, auth: Auth, productId: number, fns: ThingFunction[], source: { functionIds?: number[]; modelId?: number } = {}) {
  await assertIdentifiersFree(db, productFunctions, eq(productFunctions.productId, productId), fns);
  if (!fns.length) return [];
  return db
    .insert(productFunctions)
    .values(fns.map((fn, i) => ({ ...functionValues(fn), tenantId: auth.tenantId, productId, sort: i, sourceFunctionId: source.functionIds?.[i] ?? null, sourceModelId: source.modelId ?? null })))
    .returning();
}

/**
 * A function as the user wrote it in `locale` (`before`: the stored one, when edited): the name
 * typed is that language's, the others kept, and `funcName` stays the default language's (what
 * searches and uniqueness read), as every multilingual row does.
 */
export function writtenFunction(locale: Locale, input: z.output<typeof functionUpdate> | Parameters<typeof normalizeFunction>[0], before?: ThingFunction): ThingFunction {
  const fn = normalizeFunction(input);
  const { i18n, columns } = writtenTexts(locale, before?.i18n, { funcName: fn.funcName, i18n: fn.i18n });
  const { i18n: _typed, ...rest } = fn;
  return walkFunctionParts({ ...rest, funcName: columns.funcName ?? fn.funcName, ...(i18n?.funcName ? { i18n: { funcName: i18n.funcName } } : {}) }, before, writtenPart(locale));
}

/**
 * A parameter's name, an enum item's or a bool's labels as written in `locale`, the same way: the
 * texts the editor sends (`i18n`), else the stored part's, keep the other languages.
 */
const writtenPart =
  (locale: Locale): PartVisit =>
  ({ i18n: given, ...part }, fields, before) => {
    const typed = Object.fromEntries(fields.filter((f) => typeof part[f] === "string").map((f) => [f, part[f]]));
    const { i18n, columns } = writtenTexts(locale, given ?? before?.i18n, { ...typed, i18n: given });
    const kept = i18n && Object.fromEntries(Object.entries(i18n).filter(([f, name]) => fields.includes(f) && Object.keys(name).length));
    return { ...part, ...columns, ...(kept && Object.keys(kept).length ? { i18n: kept } : {}) };
  };

/** The caller's library functions of `ids` (copied into a model or a product): all of them, or not found. */
export async function libraryFunctions(c: Ctx, ids: number[]) {
  const lib = await c.var.deps.db.select().from(objFunctions).where(tenantScope(c.var.auth).where(objFunctions, inArray(objFunctions.id, ids)));
  if (lib.length !== new Set(ids).size) throw notFound();
  return lib;
}

type StoredFunction = FunctionTable["$inferSelect"];

/**
 * `upd` of a stored function (the library's, a model's, a product's): the whole function again.
 * A new identifier must be free where the function lives (`group` of the stored row: the tenant's
 * library, the model, the product); `beforeRename` may refuse a rename first (what names it).
 */
export function updateFunction<R extends StoredFunction>(o: {
  table: FunctionTable;
  group: (old: R) => SQL;
  toRow: (c: Ctx, row: R) => FunctionRow;
  beforeRename?: (c: Ctx, old: R) => Promise<void>;
}) {
  // The three tables share these columns; drizzle cannot type a query over a union of tables.
  const table = o.table as typeof productFunctions;
  return async (c: Ctx, { id, ...input }: z.output<typeof functionUpdate>) => {
    const db = c.var.deps.db;
    const mine = tenantScope(c.var.auth).where(table, eq(table.id, id));
    const [old] = (await db.select().from(table).where(mine)) as unknown as R[];
    if (!old) throw notFound();
    const fn = writtenFunction(c.var.locale, input, old.definition);
    if (fn.identifier !== old.identifier) {
      await o.beforeRename?.(c, old);
      const taken = await takenIdentifiers(db, o.group(old), o.table, [fn.identifier]);
      if (taken.length) throw identifierTaken(taken);
    }
    const [row] = (await db.update(table).set({ ...functionValues(fn), updatedAt: c.var.deps.now() }).where(mine).returning()) as unknown as R[];
    return o.toRow(c, row);
  };
}
