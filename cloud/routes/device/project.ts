import { project } from "@/lib/contract/project";
import { visibleProjects } from "../../db/queries/projects";
import { projectMembers, projects } from "../../db/schema";
import { crudRoutes } from "../../lib/crud-routes";

/** Projects (core §3): the tenant's, seen whole by project managers and by members otherwise; the creator is the first member. */
export const projectRoutes = crudRoutes({
  table: projects,
  entity: project,
  perm: "dev:project",
  visible: (c, ...conds) => visibleProjects(c.var.deps.db, c.var.auth, ...conds),
  values: (c, _, partial) => (partial ? {} : { createdBy: c.var.auth.userId }),
  afterInsert: async (db, c, row) => {
    await db.insert(projectMembers).values({ projectId: row.id as number, userId: c.var.auth.userId });
  },
});
