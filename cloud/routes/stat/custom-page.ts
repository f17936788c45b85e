import { eq } from "drizzle-orm";
import { customPageApi, pagePath, type CustomPageNo, type CustomPageRow } from "@/lib/contract/report/page";
import { customPages } from "../../db/schema";
import { mayOpen } from "../../lib/auth";
import type { Ctx } from "../../lib/context";
import { AppError } from "../../lib/http";
import { Code } from "@/lib/contract/envelope";
import { projectOf } from "../../lib/project-context";
import { sanitizeReportTemplate } from "../../lib/sanitize";
import { serve, type Served } from "../../lib/serve";
import { liveDoc } from "../../report/engine";
import { pageHtml } from "../../report/document";

const DAY_MS = 86_400_000;

/** A page the caller's roles open (the three pages are three menu entries: a role may have one of them). */
async function pageOf(c: Ctx, page: CustomPageNo) {
  if (!(await mayOpen(c, pagePath(page)))) throw new AppError(Code.FORBIDDEN, "cloud.forbidden");
  const [row] = await c.var.deps.db.select().from(customPages).where(projectOf(c).where(customPages, eq(customPages.page, page)));
  return row;
}

const rowOf = (page: number, r: typeof customPages.$inferSelect | undefined): CustomPageRow =>
  r ? { page, title: r.title, days: r.days, content: r.content, updatedByName: r.updatedByName, updateTime: r.updatedAt.toISOString() } : { page, title: "", days: 7, content: "", updatedByName: null, updateTime: null };

export const customPageServed: Served[] = [
  serve(customPageApi.byPage, async (c, { page }) => rowOf(page, await pageOf(c, page))),
  // One row per project and page, written over: the page is what its editor last saved.
  serve(customPageApi.save, async (c, q) => {
    await pageOf(c, q.page);
    const { db, now } = c.var.deps;
    const values = { title: q.title ?? "", days: q.days, content: sanitizeReportTemplate(q.content), updatedBy: c.var.auth.userId, updatedByName: c.var.auth.realname || c.var.auth.username, updatedAt: now() };
    const [row] = await db
      .insert(customPages)
      .values(projectOf(c).owned({ page: q.page, ...values }))
      .onConflictDoUpdate({ target: [customPages.projectId, customPages.page], set: values })
      .returning();
    return rowOf(q.page, row);
  }),
  // The page live: its blocks over its last days up to now, read when asked (the console asks again every minute).
  serve(customPageApi.view, async (c, { page, theme }) => {
    const row = await pageOf(c, page);
    const to = c.var.deps.now();
    const from = new Date(to.getTime() - (row?.days ?? 7) * DAY_MS);
    const { tenantId, projectId } = projectOf(c).owned({});
    const doc = await liveDoc(c.var.deps.db, { tenantId, projectId }, { title: row?.title ?? "", content: row?.content ?? "", language: c.var.locale }, from, to, c.var.deps.config.filesDir);
    return { html: pageHtml(doc, theme), from: from.toISOString(), to: to.toISOString() };
  }),
];
