import { homeApi } from "@/lib/contract/home";
import { homeSummary } from "../../db/queries/home";
import { visibleProjects } from "../../db/queries/projects";
import { serve } from "../../lib/serve";

/**
 * The home of a tenant user (`stat/home/summary`, the built-in cloud's own call): the figures over
 * the projects the caller may see, whichever project the header names.
 */
export const homeServed = [
  serve(homeApi.summary, async (c) => {
    const { db, now } = c.var.deps;
    return homeSummary(db, await visibleProjects(db, c.var.auth), now(), c.var.locale);
  }),
];
