import { homeApi } from "@/lib/contract/home";
import { homeSummary } from "../../db/queries/home";
import { visibleProjects } from "../../db/queries/projects";
import { serve } from "../../lib/serve";
import { eq } from "drizzle-orm";
import { projects } from "../../db/schema";

/**
 * The home of a tenant user (`stat/home/summary`, the built-in cloud's own call): the figures of
 * the project chosen in the header (issue 40: an empty project showed the tenant's devices), or
 * over every project the caller may see when none is chosen.
 */
export const homeServed = [
  serve(homeApi.summary, async (c) => {
    const { db, now } = c.var.deps;
    const chosen = c.var.project;
    return homeSummary(db, await visibleProjects(db, c.var.auth, chosen ? eq(projects.id, chosen.id) : undefined), now(), c.var.locale);
  }),
];
