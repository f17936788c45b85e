import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { permissionCodes } from "../../lib/auth";
import type { Auth } from "../../lib/context";
import { tenantScope } from "../../lib/scope";
import type { Db } from "../client";
import { projectMembers, projects } from "../schema";

/** Managing projects (adding them) is what lets a user see the whole tenant's projects. */
export const PROJECT_MANAGER = "dev:project:add";

/**
 * Which projects the caller may see: those who manage projects see the whole tenant, everyone
 * else the projects they are a member of; an API key for chosen projects, those of them alone.
 */
export async function visibleProjects(db: Db, auth: Auth, ...conds: (SQL | undefined)[]): Promise<SQL> {
  const scope = tenantScope(auth);
  if (auth.apiKey?.projectIds) conds = [...conds, inArray(projects.id, auth.apiKey.projectIds)];
  const perms = await permissionCodes(db, auth.roleIds);
  if (perms.has(PROJECT_MANAGER)) return scope.where(projects, ...conds);
  const member = sql`${projects.id} in (select ${projectMembers.projectId} from ${projectMembers} where ${projectMembers.userId} = ${auth.userId})`;
  return scope.where(projects, member, ...conds);
}

/** The project if the caller may see it, else undefined. */
export async function visibleProject(db: Db, auth: Auth, id: number) {
  const [row] = await db
    .select({ id: projects.id, tenantId: projects.tenantId })
    .from(projects)
    .where(await visibleProjects(db, auth, eq(projects.id, id)));
  return row;
}
