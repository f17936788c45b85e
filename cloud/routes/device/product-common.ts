import { z } from "zod";
import { Code } from "@/lib/contract/envelope";
import { normalizeFunction, thingFunction, type ThingFunction } from "@/lib/contract/device/thing-model";
import type { Users } from "../../db/queries/product-usage";
import { requireMenu } from "../../lib/auth";
import type { Ctx } from "../../lib/context";
import { AppError, body, parse } from "../../lib/http";
import { t } from "../../lib/i18n";

/** Screens that read the product catalogue: its own, and those that pick products or functions. */
export const PRODUCT_READERS = [
  "/productSet/product",
  "/productSet/prodFunctionSet",
  "/productSet/objModel",
  "/productSet/objFunction",
  "/productSet/connect",
  "/prodCopy/prodCopyList",
  "/devices/device",
  "/devices/allDevices",
  "/alarm/alarmRule",
  "/linkage",
  "/OTAUpdate",
];
export const readProducts = requireMenu(...PRODUCT_READERS);

/** Refusal naming who still uses something: "Devices: A, B; Alarm rules: C". */
export function inUse(c: Ctx, users: Users[], key = "product.inUse"): AppError {
  const list = users.map((u) => `${t(c.var.locale, u.kind)}: ${u.names.slice(0, 5).join(", ")}${u.names.length > 5 ? " …" : ""}`).join("; ");
  return new AppError(Code.CONFLICT, key, { users: list });
}

/** Identifiers already taken where a function is going. */
export const identifierTaken = (identifiers: string[]) => new AppError(Code.CONFLICT, "product.identifierTaken", { identifiers: identifiers.join(", ") });

const withId = z.object({ id: z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647) });

/** An update of a function: its id and the whole function again (a function is edited as a whole). */
export async function functionUpdate(c: Ctx): Promise<{ id: number; fn: ThingFunction }> {
  const raw = await body(c, z.record(z.string(), z.unknown()));
  return { id: parse(withId, raw).id, fn: normalizeFunction(parse(thingFunction, raw)) };
}
