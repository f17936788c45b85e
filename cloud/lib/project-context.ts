import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { MiddlewareHandler } from "hono";
import { Code } from "@/lib/contract/envelope";
import { dbId } from "@/lib/contract/common";
import { visibleProject, visibleProjects } from "../db/queries/projects";
import { projects } from "../db/schema";
import { accessCache } from "./access-cache";
import type { CloudEnv, Ctx } from "./context";
import { AppError, badRequest, notFound } from "./http";
import { projectScope, type ProjectScope } from "./scope";

/**
 * The project a call works in, from the `projectId` header the console sends on every call (the
 * project chosen in the header, kept in its session). Checked against the caller's projects on
 * the routes that need one: a foreign or unknown project is refused with 403; the rest of the
 * cloud ignores the header, so a project deleted meanwhile never locks anyone out of the shell.
 */
function projectContext(required: boolean, fromQuery = false): MiddlewareHandler<CloudEnv> {
  return async (c, next) => {
    const raw = ((fromQuery && c.req.query("projId")) || c.req.header("projectid"))?.trim();
    if (!raw) {
      if (required) throw badRequest("cloud.projectRequired");
      c.set("project", null);
      return next();
    }
    const id = dbId.safeParse(raw);
    if (!id.success) throw badRequest("cloud.projectInvalid");
    const { db } = c.var.deps;
    const auth = c.var.auth;
    // A key for chosen projects sees fewer than its user: its answers are kept apart.
    const who = auth.apiKey ? `k${auth.apiKey.id}` : auth.userId;
    const project = await accessCache(db).get("project", `${who}:${id.data}`, auth.epoch, () => visibleProject(db, auth, id.data));
    if (!project) throw new AppError(Code.FORBIDDEN, "cloud.projectForbidden", { id: id.data });
    c.set("project", project);
    return next();
  };
}

/** After `requireAuth`: the call needs a project of the caller's (`c.var.project`). */
export const requireProject = projectContext(true);
/**
 * After `requireAuth`: a data screen's reads name their project as the screen's address does
 * (`?projId=`, core §2), so a screen keeps showing its project whatever the console selects later;
 * checked the same way, the header when the query has none.
 */
export const requireScreenProject = projectContext(true, true);
/** After `requireAuth`: a project if the header names one (checked the same way), else null. */
export const optionalProject = projectContext(false);

/**
 * The projects a monitoring call covers (`projectOptional`): the one chosen in the header, else
 * every project the caller may see (the screens work before a project is chosen, as the shell allows).
 */
export async function projectsOfCall(c: Ctx): Promise<number[]> {
  if (c.var.project) return [c.var.project.id];
  const db = c.var.deps.db;
  return (await db.select({ id: projects.id }).from(projects).where(await visibleProjects(db, c.var.auth))).map((r) => r.id);
}

/** The scope of the call's project; only after `requireProject`. */
export function projectOf(c: { var: CloudEnv["Variables"] }): ProjectScope {
  if (!c.var.project) throw badRequest("cloud.projectRequired");
  return projectScope(c.var.project);
}

type ProjectTable = PgTable & { id: PgColumn; tenantId: PgColumn; projectId: PgColumn };

/** The call's project's row of `table` with this id, or not found: another project's row is never seen. */
export async function projectRow<T extends ProjectTable>(c: { var: CloudEnv["Variables"] }, table: T, id: number): Promise<T["$inferSelect"]> {
  const [row] = await c.var.deps.db.select().from(table as PgTable).where(projectOf(c).where(table, eq(table.id, id)));
  if (!row) throw notFound();
  return row as T["$inferSelect"];
}

