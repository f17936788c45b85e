import { count, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { pageQuery } from "@/lib/contract/envelope";
import { idQuery, idsBody } from "@/lib/contract/message";
import { projectBody, projectQuery, projectUpdate, type Project, type ProjectBody } from "@/lib/contract/project";
import { projectMembers, projects } from "../../db/schema";
import { permissionCodes, requireAuth, requirePerm } from "../../lib/auth";
import type { Auth, CloudEnv, Deps } from "../../lib/context";
import { body, notFound, ok, query } from "../../lib/http";
import { tenantScope } from "../../lib/scope";

type Row = typeof projects.$inferSelect;

const toProject = (r: Row): Project => ({
  id: r.id,
  prjName: r.prjName,
  prjType: r.prjType,
  contactName: r.contactName,
  contactPhone: r.contactPhone,
  prjAddress: r.prjAddress,
  areaCode: r.areaCode,
  prjLongitude: r.prjLongitude,
  prjLatitude: r.prjLatitude,
  images: r.images,
  createTime: r.createdAt.toISOString(),
});

/** Form values to columns: an empty optional field is stored as null. */
const columns = (b: ProjectBody) => ({
  prjName: b.prjName,
  prjType: b.prjType || null,
  contactName: b.contactName || null,
  contactPhone: b.contactPhone || null,
  prjAddress: b.prjAddress || null,
  areaCode: b.areaCode || null,
  prjLongitude: b.prjLongitude === "" || b.prjLongitude == null ? null : b.prjLongitude,
  prjLatitude: b.prjLatitude === "" || b.prjLatitude == null ? null : b.prjLatitude,
  images: b.images,
});

/**
 * Which projects the caller may see: those who manage projects see the whole tenant, everyone
 * else the projects they are a member of.
 */
export async function visibleProjects(deps: Deps, auth: Auth, ...conds: (SQL | undefined)[]): Promise<SQL> {
  const scope = tenantScope(auth);
  const perms = await permissionCodes(deps.db, auth.roleIds);
  if (perms.has("dev:project:add")) return scope.where(projects, ...conds);
  const member = sql`${projects.id} in (select ${projectMembers.projectId} from ${projectMembers} where ${projectMembers.userId} = ${auth.userId})`;
  return scope.where(projects, member, ...conds);
}

export const projectRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/page", async (c) => {
    const q = query(c, projectQuery);
    const where = await visibleProjects(c.var.deps, c.var.auth, q.prjName ? ilike(projects.prjName, `%${q.prjName}%`) : undefined);
    const [rows, [{ total }]] = await Promise.all([
      c.var.deps.db.select().from(projects).where(where).orderBy(desc(projects.id)).limit(q.size).offset((q.current - 1) * q.size),
      c.var.deps.db.select({ total: count() }).from(projects).where(where),
    ]);
    return ok(c, { records: rows.map(toProject), total });
  })
  .get("/list", async (c) => {
    const q = query(c, pageQuery);
    const rows = await c.var.deps.db
      .select()
      .from(projects)
      .where(await visibleProjects(c.var.deps, c.var.auth))
      .orderBy(desc(projects.id))
      .limit(q.size);
    return ok(c, rows.map(toProject));
  })
  .get("/info", async (c) => {
    const { id } = query(c, idQuery);
    const [row] = await c.var.deps.db.select().from(projects).where(await visibleProjects(c.var.deps, c.var.auth, eq(projects.id, id)));
    if (!row) throw notFound();
    return ok(c, toProject(row));
  })
  .post("/add", requirePerm("dev:project:add"), async (c) => {
    const input = await body(c, projectBody);
    const scope = tenantScope(c.var.auth);
    const [row] = await c.var.deps.db
      .insert(projects)
      .values(scope.owned({ ...columns(input), createdBy: c.var.auth.userId }))
      .returning();
    await c.var.deps.db.insert(projectMembers).values({ projectId: row.id, userId: c.var.auth.userId });
    return ok(c, toProject(row));
  })
  .post("/upd", requirePerm("dev:project:upd"), async (c) => {
    const input = await body(c, projectUpdate);
    const scope = tenantScope(c.var.auth);
    const [row] = await c.var.deps.db
      .update(projects)
      .set({ ...columns(input), updatedAt: c.var.deps.now() })
      .where(scope.where(projects, eq(projects.id, input.id)))
      .returning();
    if (!row) throw notFound();
    return ok(c, toProject(row));
  })
  .post("/del", requirePerm("dev:project:del"), async (c) => {
    const { ids } = await body(c, idsBody);
    const scope = tenantScope(c.var.auth);
    const gone = await c.var.deps.db.delete(projects).where(scope.where(projects, inArray(projects.id, ids))).returning({ id: projects.id });
    if (!gone.length) throw notFound();
    return ok(c, { deleted: gone.length });
  });
