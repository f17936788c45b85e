import { objFunction } from "@/lib/contract/device/product";
import type { z } from "zod";
import { normalizeFunction } from "@/lib/contract/device/thing-model";
import { objFunctions } from "../../db/schema";
import { functionValues, toFunctionRow } from "../../db/queries/products";
import { requirePerm } from "../../lib/auth";
import { legacyCrudRoutes } from "../../lib/legacy-crud-routes";
import { tenantOf } from "../../lib/scope";
import { identifierTaken, readProducts, updateFunction } from "./product-common";

type Row = typeof objFunctions.$inferSelect;
const toRow = (r: Row) => toFunctionRow(r);

/**
 * The function library (objFunction): identifiers unique within the tenant's library. A function
 * is stored as its definition (answered as it was saved) with the columns lists search on.
 * Products keep their own copies of library functions, so deleting one here touches no product.
 */
export const objFunctionRoutes = legacyCrudRoutes({
  table: objFunctions,
  entity: objFunction,
  read: readProducts,
  only: ["page", "info", "add", "del"],
  values: (_c, input) => functionValues(normalizeFunction(input as z.output<typeof objFunction.body>)),
  unique: [{ field: "identifier", error: (identifier) => identifierTaken([identifier]) }],
  answer: async (_c, rows) => rows.map((r) => toRow(r as Row)),
}).post("/upd", requirePerm("dev:objFunction:upd"), updateFunction<Row>({ table: objFunctions, group: (old) => tenantOf(old.tenantId).where(objFunctions), toRow }));
