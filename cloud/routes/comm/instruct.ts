import { isNull, or, sql } from "drizzle-orm";
import { command, type Command } from "@/lib/contract/device/command";
import { commandApi, commandLogApi } from "@/lib/contract/device/instruct";
import { visibleProjects } from "../../db/queries/projects";
import { deviceCommands, projects } from "../../db/schema";
import { checkedCommand } from "../../lib/command-check";
import { crudRoutes } from "../../lib/crud-routes";
import { serve } from "../../lib/serve";
import { tenantScope } from "../../lib/scope";
import { deviceFor, sendCommand } from "../../lib/devices";

/**
 * comm instruct{product}: the command log (page, info, export; the handling log screen) and
 * `add`, a property-set or service call from the console (the debugging screen).
 */
export const instructServed = [
  ...crudRoutes<typeof command.fields, Command>({
    table: deviceCommands,
    entity: command,
    calls: commandLogApi,
    // A command of a device in a project the caller cannot see is not the caller's to read.
    visible: async (c, ...conds) => {
      const seen = sql`${deviceCommands.projectId} in (select ${projects.id} from ${projects} where ${await visibleProjects(c.var.deps.db, c.var.auth)})`;
      return tenantScope(c.var.auth).where(deviceCommands, or(isNull(deviceCommands.projectId), seen), ...conds);
    },
  }),
  serve(commandApi.send, async (c, input) => {
    const device = await deviceFor(c, input.deviceId);
    await checkedCommand(c, device.productId, input);
    return sendCommand(c, { device, cmdType: input.cmdType, identifier: input.identifier, params: input.params, timeoutS: input.timeoutS || null });
  }),
];
