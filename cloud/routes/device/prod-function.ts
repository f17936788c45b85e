import { asc, eq, inArray } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { prodFunction, prodFunctionApi, type TdlError } from "@/lib/contract/device/product";
import { normalizeFunction, thingFunction, TDL_VERSION, type TdlDocument, type ThingFunction } from "@/lib/contract/device/thing-model";
import { issueMessage } from "@/lib/contract/validation";
import { productFunctions, products } from "../../db/schema";
import { productNameIn, toFunctionRow } from "../../db/queries/products";
import { localized } from "../../lib/i18n-text";
import { countRows, filterConds, orderOf, pagedSelect } from "../../lib/crud";
import { functionUsers } from "../../db/queries/product-usage";
import type { Ctx } from "../../lib/context";
import { AppError, notFound } from "../../lib/http";
import { t } from "../../lib/i18n";
import { tenantScope } from "../../lib/scope";
import { addProductFunctions, inUse, libraryFunctions, productOf, updateFunction, writtenFunction } from "../../lib/product-common";
import { serve } from "../../lib/serve";

type Row = typeof productFunctions.$inferSelect;
const toRow = (c: Ctx, r: Row, prodName?: string) => toFunctionRow(c.var.locale, r, { productId: r.productId, prodName: prodName ?? null });

/**
 * A TDL file's functions, each checked with the editor's schema. A file that is not JSON, or
 * not a TDL document, is refused as a whole; otherwise every refused function is listed.
 */
function readTdl(c: Ctx, content: string): { fns: ThingFunction[]; errors: TdlError[] } {
  let doc: unknown;
  try {
    doc = JSON.parse(content);
  } catch {
    throw new AppError(Code.BAD_REQUEST, "product.tdl.notJson");
  }
  const list = Array.isArray(doc) ? doc : (doc as { functions?: unknown } | null)?.functions;
  if (!Array.isArray(list)) throw new AppError(Code.BAD_REQUEST, "product.tdl.noFunctions");
  if (!list.length) throw new AppError(Code.BAD_REQUEST, "product.tdl.empty");
  const fns: ThingFunction[] = [];
  const errors: TdlError[] = [];
  list.forEach((raw, index) => {
    const r = thingFunction.safeParse(raw);
    if (r.success) return void fns.push(normalizeFunction(r.data));
    const issue = r.error.issues[0];
    const { key, values } = issueMessage(issue);
    const identifier = typeof (raw as { identifier?: unknown })?.identifier === "string" ? (raw as { identifier: string }).identifier : null;
    errors.push({ index, identifier, field: issue.path.map(String).join("."), msg: t(c.var.locale, key, values) });
  });
  return { fns, errors };
}

/** Functions of the caller's products: written one by one, copied from the library, read from and written to TDL. */
export const prodFunctionServed = [
  serve(prodFunctionApi.page, async (c, q) => {
    const db = c.var.deps.db;
    const where = tenantScope(c.var.auth).where(productFunctions, ...filterConds(prodFunction, productFunctions, q, c.var.locale));
    const select = db
      .select({ f: productFunctions, prodName: productNameIn(c.var.locale) })
      .from(productFunctions)
      .innerJoin(products, eq(products.id, productFunctions.productId))
      .where(where)
      .orderBy(...orderOf(prodFunction, productFunctions, q, [asc(productFunctions.productId), asc(productFunctions.sort), asc(productFunctions.id)]))
      .$dynamic();
    const { records, total } = await pagedSelect(select, countRows(db, productFunctions, where), q);
    return { records: records.map((r) => toRow(c, r.f, r.prodName)), total };
  }),
  serve(prodFunctionApi.list, async (c, { productId }) => {
    const rows = await c.var.deps.db
      .select()
      .from(productFunctions)
      .where(tenantScope(c.var.auth).where(productFunctions, eq(productFunctions.productId, productId)))
      .orderBy(asc(productFunctions.sort), asc(productFunctions.id));
    return rows.map((r) => toRow(c, r));
  }),
  serve(prodFunctionApi.info, async (c, { id }) => {
    const [row] = await c.var.deps.db.select().from(productFunctions).where(tenantScope(c.var.auth).where(productFunctions, eq(productFunctions.id, id)));
    if (!row) throw notFound();
    return toRow(c, row);
  }),
  serve(prodFunctionApi.add, async (c, input) => {
    await productOf(c, input.productId);
    const [row] = await addProductFunctions(c.var.deps.db, c.var.auth, input.productId, [writtenFunction(c.var.locale, input)]);
    return toRow(c, row);
  }),
  serve(
    prodFunctionApi.upd,
    updateFunction<Row>({
      table: productFunctions,
      group: (old) => eq(productFunctions.productId, old.productId),
      toRow,
      // Stored data, alarm and linkage rules name the function by its identifier.
      beforeRename: async (c, old) => {
        const users = await functionUsers(c.var.deps.db, [{ productId: old.productId, identifier: old.identifier }]);
        if (users.length) throw inUse(c, users);
      },
    }),
  ),
  serve(prodFunctionApi.del, async (c, { ids }) => {
    const db = c.var.deps.db;
    const scope = tenantScope(c.var.auth);
    const rows = await db.select().from(productFunctions).where(scope.where(productFunctions, inArray(productFunctions.id, ids)));
    if (!rows.length) throw notFound();
    const users = await functionUsers(db, rows.map((r) => ({ productId: r.productId, identifier: r.identifier })));
    if (users.length) throw inUse(c, users);
    await db.delete(productFunctions).where(scope.where(productFunctions, inArray(productFunctions.id, rows.map((r) => r.id))));
    return { deleted: rows.length };
  }),
  /** Binds library functions to a product (copies: the product keeps them if the library changes). */
  serve(prodFunctionApi.addList, async (c, { productId, functionIds }) => {
    await productOf(c, productId);
    const lib = await libraryFunctions(c, functionIds);
    const rows = await c.var.deps.db.transaction((tx) =>
      addProductFunctions(tx, c.var.auth, productId, lib.map((f) => f.definition), { functionIds: lib.map((f) => f.id) }),
    );
    return { added: rows.length };
  }),
  /** The product's functions as a TDL document, downloaded as a JSON file. */
  serve(prodFunctionApi.jsonTDL, async (c, { productId }) => {
    const p = localized(c.var.locale, await productOf(c, productId));
    const rows = await c.var.deps.db.select().from(productFunctions).where(eq(productFunctions.productId, productId)).orderBy(asc(productFunctions.sort), asc(productFunctions.id));
    const doc: TdlDocument = { version: TDL_VERSION, product: { prodName: p.prodName, prodModel: p.prodModel }, functions: rows.map((r) => r.definition) };
    const name = encodeURIComponent(`${p.prodName}-TDL.json`);
    return c.body(JSON.stringify(doc, null, 2), 200, {
      // A file to save, not an answer to read: the console's download takes JSON for an error envelope.
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="TDL.json"; filename*=UTF-8''${name}`,
    });
  }),
  /**
   * Imports a TDL file into a product: all of its functions or none. Refused functions come back
   * one by one (index, identifier, field, reason) in `data`.
   */
  serve(prodFunctionApi.addFuncByTDL, async (c, { productId, content }) => {
    await productOf(c, productId);
    const { fns, errors } = readTdl(c, content);
    if (errors.length) {
      const first = errors[0];
      throw new AppError(Code.BAD_REQUEST, "product.tdl.invalid", { count: errors.length, index: first.index + 1, field: first.field, reason: first.msg }, errors);
    }
    const rows = await c.var.deps.db.transaction((tx) => addProductFunctions(tx, c.var.auth, productId, fns));
    return { added: rows.length };
  }),
];
