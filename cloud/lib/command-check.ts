import { FUNC_TYPE, checkValue } from "@/lib/contract/device/thing-model";
import { productThingModel } from "../db/queries/device-ops";
import type { Ctx } from "./context";
import { badRequest } from "./http";

/**
 * Checks a console command against the device's thing model, as the debugging form did: a
 * property-set only writes read-write properties with values of their type and range; a service
 * call names a service and gives its input parameters.
 */
export async function checkedCommand(c: Ctx, productId: number, input: { cmdType: "property" | "service"; identifier?: string | null; params: Record<string, unknown> }) {
  const model = await productThingModel(c.var.deps.db, productId);
  const byId = new Map(model.map((f) => [f.identifier, f]));
  if (input.cmdType === "service") {
    const fn = byId.get(input.identifier!);
    if (!fn || fn.funcType !== FUNC_TYPE.service) throw badRequest("deviceOps.refused.noService", { identifier: input.identifier! });
    const r = checkValue(fn, input.params);
    if (!r.ok) throw badRequest("deviceOps.refused.badValue", { path: r.path, reason: `@${r.reason}` });
    return;
  }
  for (const [identifier, value] of Object.entries(input.params)) {
    const fn = byId.get(identifier);
    if (!fn || fn.funcType !== FUNC_TYPE.property || fn.accessMode !== "rw") throw badRequest("deviceOps.refused.notWritable", { identifier });
    const r = checkValue(fn, value);
    if (!r.ok) throw badRequest("deviceOps.refused.badValue", { path: r.path, reason: `@${r.reason}` });
  }
}
