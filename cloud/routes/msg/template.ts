import { and, desc, eq, ilike, inArray, ne, sql } from "drizzle-orm";
import { Hono } from "hono";
import { Code } from "@/lib/contract/envelope";
import { idQuery, idsBody, statusBody } from "@/lib/contract/common";
import {
  AVAILABLE_CHANNELS,
  TEMPLATE_CHANNELS,
  extractVariables,
  templateAdd,
  templateQuery,
  templateUpdate,
  type TemplateAdd,
  type TemplateChannel,
  type TemplateCount,
  type TemplateRow,
} from "@/lib/contract/system/template";
import { notificationTemplates } from "../../db/schema";
import type { Db } from "../../db/client";
import { requireAuth, requireMenu, requirePerm } from "../../lib/auth";
import type { Auth, CloudEnv } from "../../lib/context";
import { AppError, badRequest, body, notFound, ok, query } from "../../lib/http";
import { sanitizeRichText } from "../../lib/sanitize";
import { tenantScope } from "../../lib/scope";

const SCREEN = "/systemSet/notificationTemplate";
type Row = typeof notificationTemplates.$inferSelect;

const toRow = (r: Row): TemplateRow => ({
  id: r.id,
  channel: r.channel as TemplateChannel,
  name: r.name,
  code: r.code,
  title: r.title,
  content: r.content,
  variables: r.variables,
  enabled: r.enabled,
  remark: r.remark,
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
});

/** Markup: a tag such as `<p>` or `</b>` (a lone "<" as in "temperature < 5" is text). */
const TAG = /<\/?[a-zA-Z][^>]*>/;
/** Channels whose content is HTML (in-site and e-mail); SMS and titles are plain text. */
const HTML_CHANNELS: readonly number[] = [1, 3];

/** Checks what the form cannot: WeChat is not available yet; HTML is sanitised where the
 *  channel carries it and refused where it does not. */
function values(input: TemplateAdd) {
  if (!(AVAILABLE_CHANNELS as readonly number[]).includes(input.channel)) throw badRequest("cloud.templateChannelUnavailable");
  const html = HTML_CHANNELS.includes(input.channel);
  if (TAG.test(input.title ?? "") || (!html && TAG.test(input.content))) throw badRequest("cloud.templateHtml");
  const content = html ? sanitizeRichText(input.content) : input.content;
  if (!content.trim()) throw badRequest("cloud.fieldError", { field: "content", reason: "@validation.required" });
  return {
    channel: input.channel,
    name: input.name,
    code: input.code,
    title: input.title ?? "",
    content,
    variables: extractVariables(input.title, content),
    enabled: input.enabled,
    remark: input.remark || null,
  };
}

async function assertCodeFree(db: Db, auth: Auth, code: string, except?: number) {
  const [taken] = await db
    .select({ id: notificationTemplates.id })
    .from(notificationTemplates)
    .where(tenantScope(auth).where(notificationTemplates, eq(notificationTemplates.code, code), except ? ne(notificationTemplates.id, except) : undefined));
  if (taken) throw new AppError(Code.CONFLICT, "cloud.templateCodeTaken", { code });
}

export const templateRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/page", requireMenu(SCREEN), async (c) => {
    const q = query(c, templateQuery);
    const where = tenantScope(c.var.auth).where(
      notificationTemplates,
      q.channel ? eq(notificationTemplates.channel, q.channel) : undefined,
      q.name ? ilike(notificationTemplates.name, `%${q.name}%`) : undefined,
      q.enabled ? eq(notificationTemplates.enabled, q.enabled) : undefined,
    );
    const db = c.var.deps.db;
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(notificationTemplates).where(where).orderBy(desc(notificationTemplates.id)).limit(q.size).offset((q.current - 1) * q.size),
      db.select({ total: sql<number>`count(*)::int` }).from(notificationTemplates).where(where),
    ]);
    return ok(c, { records: rows.map(toRow), total });
  })
  .get("/info", requireMenu(SCREEN), async (c) => {
    const { id } = query(c, idQuery);
    const [row] = await c.var.deps.db.select().from(notificationTemplates).where(tenantScope(c.var.auth).where(notificationTemplates, eq(notificationTemplates.id, id)));
    if (!row) throw notFound();
    return ok(c, toRow(row));
  })
  .get("/countAllType", requireMenu(SCREEN), async (c) => {
    const rows = await c.var.deps.db
      .select({ channel: notificationTemplates.channel, count: sql<number>`count(*)::int` })
      .from(notificationTemplates)
      .where(tenantScope(c.var.auth).where(notificationTemplates))
      .groupBy(notificationTemplates.channel);
    const counts: TemplateCount[] = TEMPLATE_CHANNELS.map((channel) => ({ channel, count: rows.find((r) => r.channel === channel)?.count ?? 0 }));
    return ok(c, counts);
  })
  .post("/add", requirePerm("msg:template:add"), async (c) => {
    const input = await body(c, templateAdd);
    const { db, now } = c.var.deps;
    const v = values(input);
    await assertCodeFree(db, c.var.auth, input.code);
    const [row] = await db
      .insert(notificationTemplates)
      .values(tenantScope(c.var.auth).owned({ ...v, createdAt: now(), updatedAt: now() }))
      .returning();
    return ok(c, toRow(row));
  })
  .post("/upd", requirePerm("msg:template:upd"), async (c) => {
    const input = await body(c, templateUpdate);
    const { db, now } = c.var.deps;
    const v = values(input);
    await assertCodeFree(db, c.var.auth, input.code, input.id);
    const [row] = await db
      .update(notificationTemplates)
      .set({ ...v, updatedAt: now() })
      .where(tenantScope(c.var.auth).where(notificationTemplates, eq(notificationTemplates.id, input.id)))
      .returning();
    if (!row) throw notFound();
    return ok(c, toRow(row));
  })
  .post("/del", requirePerm("msg:template:del"), async (c) => {
    const { ids } = await body(c, idsBody);
    const gone = await c.var.deps.db
      .delete(notificationTemplates)
      .where(tenantScope(c.var.auth).where(notificationTemplates, inArray(notificationTemplates.id, ids)))
      .returning({ id: notificationTemplates.id });
    if (!gone.length) throw notFound();
    return ok(c, { deleted: gone.length });
  })
  .post("/openOrClose", requirePerm("msg:template:upd"), async (c) => {
    const { id, status } = await body(c, statusBody);
    const [row] = await c.var.deps.db
      .update(notificationTemplates)
      .set({ enabled: status, updatedAt: c.var.deps.now() })
      .where(tenantScope(c.var.auth).where(notificationTemplates, eq(notificationTemplates.id, id)))
      .returning({ id: notificationTemplates.id });
    if (!row) throw notFound();
    return ok(c, null);
  });
