import { eq } from "drizzle-orm";
import { checkValue, FUNC_TYPE, type ThingFunction } from "@/lib/contract/device/thing-model";
import type { Db } from "../db/client";
import { productFunctions, products } from "../db/schema";
import type { Checked, IngestFunction, ProductInfo } from "./catalog";

/** A checked value in storage form: numbers, bools and enums as numbers; the rest as text (JSON for structures). */
function stored(fn: ThingFunction, value: unknown): Checked {
  const type = fn.dataType?.type;
  if (typeof value === "number") return { num: value, txt: null };
  if (typeof value === "boolean") return { num: value ? 1 : 0, txt: null };
  if (typeof value === "string" && (type === "text" || type === "date")) return { num: null, txt: value };
  return { num: null, txt: JSON.stringify(value) };
}

function ingestFunction(fn: ThingFunction): IngestFunction {
  return {
    identifier: fn.identifier,
    type: fn.funcType,
    check(value) {
      const r = checkValue(fn, value);
      // The thing model's reason (`product.check.range`) becomes the ingest's `check.range`.
      if (!r.ok) return { reason: r.reason.replace(/^product\./, ""), detail: r.path };
      return fn.funcType === FUNC_TYPE.property ? stored(fn, value) : { num: null, txt: JSON.stringify(value) };
    },
  };
}

/** A product's ingest settings and functions, from the products tables. */
export async function loadProductInfo(db: Db, id: number): Promise<ProductInfo | null> {
  const [p] = await db.select({ dataFormat: products.dataFormat, verifyType: products.verifyType, activeCycle: products.activeCycle }).from(products).where(eq(products.id, id));
  if (!p) return null;
  const fns = await db.select({ definition: productFunctions.definition }).from(productFunctions).where(eq(productFunctions.productId, id));
  return {
    id,
    dataFormat: p.dataFormat,
    verifySecret: p.verifyType === "secret",
    activeCycleMin: p.activeCycle,
    functions: new Map(fns.map((f) => [f.definition.identifier, ingestFunction(f.definition)])),
  };
}
