import { eq, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import { Code } from "@/lib/contract/envelope";
import { PRODUCT_READERS } from "@/lib/contract/device/product";
import { normalizeFunction, thingFunction, type ThingFunction } from "@/lib/contract/device/thing-model";
import type { Db } from "../../db/client";
import type { Users } from "../../db/queries/product-usage";
import { functionValues, ownProduct, takenIdentifiers } from "../../db/queries/products";
import { objFunctions, type objModelFunctions, type productFunctions } from "../../db/schema";
import { requireMenu } from "../../lib/auth";
import type { Ctx } from "../../lib/context";
import { AppError, body, notFound, ok, parse } from "../../lib/http";
import { t } from "../../lib/i18n";
import { tenantScope } from "../../lib/scope";

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

const withId = z.object({ id: z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647) });

/** An update of a function: its id and the whole function again (a function is edited as a whole). */
export async function functionUpdate(c: Ctx): Promise<{ id: number; fn: ThingFunction }> {
  const raw = await body(c, z.record(z.string(), z.unknown()));
  return { id: parse(withId, raw).id, fn: normalizeFunction(parse(thingFunction, raw)) };
}

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
  toRow: (row: R) => unknown;
  beforeRename?: (c: Ctx, old: R) => Promise<void>;
}) {
  // The three tables share these columns; drizzle cannot type a query over a union of tables.
  const table = o.table as typeof productFunctions;
  return async (c: Ctx) => {
    const { id, fn } = await functionUpdate(c);
    const db = c.var.deps.db;
    const mine = tenantScope(c.var.auth).where(table, eq(table.id, id));
    const [old] = (await db.select().from(table).where(mine)) as unknown as R[];
    if (!old) throw notFound();
    if (fn.identifier !== old.identifier) {
      await o.beforeRename?.(c, old);
      const taken = await takenIdentifiers(db, o.group(old), o.table, [fn.identifier]);
      if (taken.length) throw identifierTaken(taken);
    }
    const [row] = (await db.update(table).set({ ...functionValues(fn), updatedAt: c.var.deps.now() }).where(mine).returning()) as unknown as R[];
    return ok(c, o.toRow(row));
  };
}
