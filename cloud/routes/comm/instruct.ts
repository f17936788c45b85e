import { isNull, or, sql } from "drizzle-orm";
import { command, commandBody, OPS_SCREENS, SEND_PERM, type Command } from "@/lib/contract/device/command";
import { FUNC_TYPE, checkValue } from "@/lib/contract/device/thing-model";
import { productThingModel } from "../../db/queries/device-ops";
import { visibleProjects } from "../../db/queries/projects";
import { deviceCommands, projects } from "../../db/schema";
import { requireMenu, requirePerm } from "../../lib/auth";
import type { Ctx } from "../../lib/context";
import { legacyCrudRoutes } from "../../lib/legacy-crud-routes";
import { badRequest, body } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { deviceFor, sendCommand } from "../../lib/devices";

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

/**
 * comm instruct{product}: the command log (page, info, export; the handling log screen) and
 * `add`, a property-set or service call from the console (the debugging screen).
 */
export const instructRoutes = legacyCrudRoutes<typeof command.fields, Command>({
  table: deviceCommands,
  entity: command,
  read: requireMenu(...OPS_SCREENS),
  only: ["page", "info", "export"],
  // A command of a device in a project the caller cannot see is not the caller's to read.
  visible: async (c, ...conds) => {
    const seen = sql`${deviceCommands.projectId} in (select ${projects.id} from ${projects} where ${await visibleProjects(c.var.deps.db, c.var.auth)})`;
    return tenantScope(c.var.auth).where(deviceCommands, or(isNull(deviceCommands.projectId), seen), ...conds);
  },
}).post("/add", requirePerm(SEND_PERM), async (c) => {
  const input = await body(c, commandBody);
  const device = await deviceFor(c, input.deviceId);
  await checkedCommand(c, device.productId, input);
  return sendCommand(c, { device, cmdType: input.cmdType, identifier: input.identifier, params: input.params, timeoutS: input.timeoutS || null });
});
