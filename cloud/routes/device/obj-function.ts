import { objFunction, objFunctionApi } from "@/lib/contract/device/product";
import type { z } from "zod";
import { objFunctions } from "../../db/schema";
import { functionValues, toFunctionRow } from "../../db/queries/products";
import { crudRoutes } from "../../lib/crud-routes";
import { tenantOf } from "../../lib/scope";
import { identifierTaken, updateFunction, writtenFunction } from "../../lib/product-common";
import { serve } from "../../lib/serve";

type Row = typeof objFunctions.$inferSelect;
const { upd, ...crud } = objFunctionApi;

/**
 * The function library (objFunction): identifiers unique within the tenant's library. A function
 * is stored as its definition (answered as it was saved) with the columns lists search on.
 * Products keep their own copies of library functions, so deleting one here touches no product.
 */
export const objFunctionServed = [
  ...crudRoutes({
    table: objFunctions,
    entity: objFunction,
    calls: crud,
    values: (c, input) => functionValues(writtenFunction(c.var.locale, input as z.output<typeof objFunction.body>)),
    unique: [{ field: "identifier", error: (identifier) => identifierTaken([identifier]) }],
    answer: async (c, rows) => rows.map((r) => toFunctionRow(c.var.locale, r as Row)),
  }),
  // A function is edited as a whole: its update is the library's, not the entity's partial one.
  serve(upd, updateFunction<Row>({ table: objFunctions, group: (old) => tenantOf(old.tenantId).where(objFunctions), toRow: (c, r) => toFunctionRow(c.var.locale, r) })),
];
