import { tenantApi } from "@/lib/contract/system/tenant";
import { tenantAreas, tenantDeviceNums, tenantNumStat, tenantTrend } from "../../db/queries/home";
import { platformOnly } from "../../lib/auth";
import { loadExpireWarn } from "../../lib/expire-warn";
import { serve } from "../../lib/serve";

/** Tenant statistics (core §7 sys tenant numStat, trendChart, areaChart, statDeviceNums), for the platform. */
export const tenantStatServed = [
  serve(
    tenantApi.numStat,
    async (c) => {
      const { db, now } = c.var.deps;
      const at = now();
      const warn = await loadExpireWarn(db);
      return tenantNumStat(db, at, new Date(at.getTime() + warn.days * 86_400_000));
    },
    platformOnly,
  ),
  serve(tenantApi.trendChart, (c) => tenantTrend(c.var.deps.db, c.var.deps.now()), platformOnly),
  serve(tenantApi.areaChart, (c) => tenantAreas(c.var.deps.db), platformOnly),
  serve(tenantApi.deviceNums, (c) => tenantDeviceNums(c.var.deps.db, c.var.locale), platformOnly),
];
