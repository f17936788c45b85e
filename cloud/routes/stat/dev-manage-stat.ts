import { Hono } from "hono";
import { z } from "zod";
import { MONITOR_KINDS } from "@/lib/contract/device/enums";
import type { DeviceStates } from "@/lib/contract/monitoring/analysis";
import { deviceStateCounts } from "../../db/queries/monitoring";
import { requireAuth } from "../../lib/auth";
import type { CloudEnv } from "../../lib/context";
import { ok, query } from "../../lib/http";
import { optionalProject, projectsOfCall } from "../../lib/project-context";

/** Device management statistics (core §7 stat devManageStat): the call's monitoring devices by state, of one kind or all. */
export const devManageStatRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .use(optionalProject)
  .get("/view", async (c) => {
    const { monitorKind } = query(c, z.object({ monitorKind: z.enum(MONITOR_KINDS, { error: "validation.invalidOption" }).optional() }));
    const out: DeviceStates = await deviceStateCounts(c.var.deps.db, await projectsOfCall(c), monitorKind);
    return ok(c, out);
  });
