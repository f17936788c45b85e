import { Hono } from "hono";
import { homeSummary } from "../../db/queries/home";
import { visibleProjects } from "../../db/queries/projects";
import { requireAuth } from "../../lib/auth";
import type { CloudEnv } from "../../lib/context";
import { ok } from "../../lib/http";

/**
 * The home of a tenant user (`stat/home/summary`, the built-in cloud's own call): the figures over
 * the projects the caller may see, whichever project the header names.
 */
export const homeRoutes = new Hono<CloudEnv>().use(requireAuth).get("/summary", async (c) => {
  const { db, now } = c.var.deps;
  return ok(c, await homeSummary(db, await visibleProjects(db, c.var.auth), now(), c.var.locale));
});
