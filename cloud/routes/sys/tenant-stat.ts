import { Hono } from "hono";
import { tenantAreas, tenantDeviceNums, tenantNumStat, tenantTrend } from "../../db/queries/home";
import { platformOnly, requireAuth, requireMenu } from "../../lib/auth";
import type { CloudEnv } from "../../lib/context";
import { loadExpireWarn } from "../../lib/expire-warn";
import { ok } from "../../lib/http";

/** The tenant list's screen: who may see the tenants may see their statistics (also on the home). */
const SCREEN = "/systemSet/tenantSet";

/**
 * Tenant statistics (core §7 sys tenant numStat, trendChart, areaChart, statDeviceNums), for the
 * platform. Guarded per route: this router shares its mount path with the tenant routes, where a
 * `use` would run for theirs as well.
 */
const guard = [requireAuth, platformOnly, requireMenu(SCREEN)] as const;

export const tenantStatRoutes = new Hono<CloudEnv>()
  .get("/numStat", ...guard, async (c) => {
    const { db, now } = c.var.deps;
    const at = now();
    const warn = await loadExpireWarn(db);
    return ok(c, await tenantNumStat(db, at, new Date(at.getTime() + warn.days * 86_400_000)));
  })
  .get("/trendChart", ...guard, async (c) => ok(c, await tenantTrend(c.var.deps.db, c.var.deps.now())))
  .get("/areaChart", ...guard, async (c) => ok(c, await tenantAreas(c.var.deps.db)))
  .get("/statDeviceNums", ...guard, async (c) => ok(c, await tenantDeviceNums(c.var.deps.db)));
