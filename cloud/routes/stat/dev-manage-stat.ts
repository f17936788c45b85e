import { monitoringApi } from "@/lib/contract/monitoring/analysis";
import { deviceStateCounts } from "../../db/queries/monitoring";
import { projectsOfCall } from "../../lib/project-context";
import { serve } from "../../lib/serve";

/** Device management statistics (core §7 stat devManageStat): the call's monitoring devices by state, of one kind or all. */
export const devManageStatServed = [serve(monitoringApi.states, async (c, { monitorKind }) => deviceStateCounts(c.var.deps.db, await projectsOfCall(c), monitorKind))];
