import { and, asc, eq, lt } from "drizzle-orm";
import { blocksOf } from "@/lib/contract/report/blocks";
import type { Locale } from "@/lib/contract/locale";
import { REPORT_STATE, REPORT_STATUS } from "@/lib/contract/report/enums";
import { zoneDayStart } from "@/lib/time-zone";
import type { Db } from "../db/client";
import { tenantZone } from "../db/queries/company";
import { projectNameIn } from "../db/queries/names";
import { projects, reportFiles, reportPlans, reports, reportTemplates } from "../db/schema";
import type { Coordinator } from "../lib/coordination";
import { t } from "../lib/i18n";
import { blockData, type Period } from "./data";
import { reportHtml, type ReportDoc } from "./document";
import { stamp } from "./format";
import { renderDocx } from "./docx";
import { chromiumPath, renderPdf } from "./pdf";
import { addDays, latestRun, reportNo } from "./schedule";

export const REPORT_JOB = "report-plans";
const EVERY_MS = 60_000;
/** A report still "generating" this long after its last change was left by an instance that died: it is failed with that reason. */
const STALE_MS = 15 * 60_000;

type ReportRow = typeof reports.$inferSelect;

/** A stored report's period in the tenant's zone: its days, and the hours of each day when its window is custom. */
export function reportPeriod(r: Pick<ReportRow, "periodStart" | "periodEnd" | "startTime" | "endTime">, zone: string): Period {
  return {
    from: new Date(zoneDayStart(r.periodStart, zone)),
    to: new Date(zoneDayStart(r.periodEnd, zone)),
    zone,
    window: r.startTime && r.endTime ? { fromH: Number(r.startTime.slice(0, 2)), toH: Number(r.endTime.slice(0, 2)) + (r.endTime.endsWith(":00") ? 0 : 1) } : null,
  };
}

/** The document of a stored report: its project's name, its period, the data its blocks read. */
export async function reportDoc(db: Db, r: Pick<ReportRow, "tenantId" | "projectId" | "reportName" | "reportNo" | "periodStart" | "periodEnd" | "startTime" | "endTime" | "content" | "language" | "reviewedByName" | "reviewedAt" | "review"> & { conclusions?: string[][] | null }, now: Date, filesDir: string | null = null): Promise<ReportDoc> {
  const zone = await tenantZone(db, r.tenantId);
  const language = (r.language === "en" ? "en" : "zh-cn") as Locale;
  const [project] = await db.select({ prjName: projectNameIn(language) }).from(projects).where(eq(projects.id, r.projectId));
  const window = r.startTime && r.endTime ? { from: r.startTime, to: r.endTime } : null;
  const period = reportPeriod(r, zone);
  const data = await blockData(db, { tenantId: r.tenantId, projectId: r.projectId }, blocksOf(r.content).map((b) => b.spec), period, language, filesDir);
  return {
    language,
    title: r.reportName,
    projectName: project?.prjName ?? "",
    reportNo: r.reportNo,
    start: r.periodStart,
    last: addDays(r.periodEnd, -1),
    window,
    generatedAt: stamp(now, zone),
    zone,
    content: r.content,
    data,
    review: r.review === 1 && r.reviewedByName && r.reviewedAt ? { name: r.reviewedByName, at: stamp(r.reviewedAt, zone) } : null,
    edited: r.conclusions ?? null,
  };
}

/** The document of a custom page: its blocks over the instants `from`–`to` (its last days up to now), headed by its project. */
export async function liveDoc(db: Db, scope: { tenantId: number; projectId: number }, page: { title: string; content: string; language: Locale }, from: Date, to: Date, filesDir: string | null = null): Promise<ReportDoc> {
  const zone = await tenantZone(db, scope.tenantId);
  const [project] = await db.select({ prjName: projectNameIn(page.language) }).from(projects).where(eq(projects.id, scope.projectId));
  const data = await blockData(db, scope, blocksOf(page.content).map((b) => b.spec), { from, to, zone, window: null }, page.language, filesDir);
  const at = stamp(to, zone);
  return { language: page.language, title: page.title, projectName: project?.prjName ?? "", reportNo: "—", start: stamp(from, zone), last: at, window: null, generatedAt: at, zone, content: page.content, data, review: null };
}

/**
 * Renders one report (status 0) into its files: the Word file always, the PDF when this server has
 * Chromium. Generated (1) when the Word file is made — with the PDF's absence as its note — else
 * failed (2) with the reason. Never throws.
 */
export async function generate(db: Db, id: number, now: () => Date = () => new Date(), filesDir: string | null = null) {
  const [r] = await db.select().from(reports).where(and(eq(reports.id, id), eq(reports.status, REPORT_STATUS.generating)));
  if (!r) return;
  const began = Date.now();
  const lang = (r.language === "en" ? "en" : "zh-cn") as Locale;
  try {
    const doc = await reportDoc(db, r, now(), filesDir);
    const docx = await renderDocx(doc);
    const chromium = chromiumPath();
    let pdf: Buffer | null = null;
    let note: string | null = null;
    if (chromium) {
      try {
        pdf = await renderPdf(reportHtml(doc), chromium);
      } catch (err) {
        note = (err as Error).message.slice(0, 500);
      }
    } else note = t(lang, "cloud.report.noChromium");
    await db.transaction(async (tx) => {
      await tx.delete(reportFiles).where(eq(reportFiles.reportId, id));
      await tx.insert(reportFiles).values([{ reportId: id, format: "docx", bytes: docx }, ...(pdf ? [{ reportId: id, format: "pdf", bytes: pdf }] : [])]);
      await tx
        .update(reports)
        .set({ status: REPORT_STATUS.generated, failReason: note, docxSize: docx.length, pdfSize: pdf?.length ?? null, durationMs: Date.now() - began, updatedAt: now() })
        .where(eq(reports.id, id));
    });
  } catch (err) {
    await db
      .update(reports)
      .set({ status: REPORT_STATUS.failed, failReason: t(lang, "cloud.report.failed", { reason: (err as Error).message.slice(0, 400) }), durationMs: Date.now() - began, updatedAt: now() })
      .where(eq(reports.id, id))
      .catch(() => {});
  }
}

/**
 * Writes the report of each switched-on plan whose latest run is due and newer than the plan, at
 * most one per plan and period (the unique index: any number of instances write one row), and
 * answers the ids written.
 */
export async function queueDuePlans(db: Db, now: Date): Promise<number[]> {
  const plans = await db
    .select({ plan: reportPlans, content: reportTemplates.content, templateName: reportTemplates.templateName })
    .from(reportPlans)
    .innerJoin(reportTemplates, eq(reportTemplates.id, reportPlans.templateId))
    .where(eq(reportPlans.state, REPORT_STATE.on));
  const ids: number[] = [];
  for (const { plan, content } of plans) {
    const zone = await tenantZone(db, plan.tenantId);
    const run = latestRun(plan, now, zone);
    if (run.runAt < plan.createdAt || run.runAt > now) continue;
    const [row] = await db
      .insert(reports)
      .values({
        tenantId: plan.tenantId,
        projectId: plan.projectId,
        planId: plan.id,
        templateId: plan.templateId,
        reportName: `${plan.planName} ${run.start}`,
        reportNo: "",
        reportType: plan.reportType,
        periodStart: run.start,
        periodEnd: run.end,
        startTime: plan.dateType === 1 ? plan.startTime : null,
        endTime: plan.dateType === 1 ? plan.endTime : null,
        content,
        language: plan.language,
        createdBy: plan.createdBy,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!row) continue;
    await db.update(reports).set({ reportNo: reportNo(run.start, plan.id, row.id) }).where(eq(reports.id, row.id));
    await db.update(reportPlans).set({ lastRunAt: now }).where(eq(reportPlans.id, plan.id));
    ids.push(row.id);
  }
  return ids;
}

/** Fails the reports left generating by an instance that died mid-way, so they can be regenerated. */
async function failStale(db: Db, now: Date) {
  await db
    .update(reports)
    .set({ status: REPORT_STATUS.failed, failReason: t("zh-cn", "cloud.report.timedOut") })
    .where(and(eq(reports.status, REPORT_STATUS.generating), lt(reports.updatedAt, new Date(now.getTime() - STALE_MS))));
}

/** One pass of the job: queue due plans, then render what waits, oldest first, one at a time (scenes' plans read from `filesDir`). */
export async function runReports(db: Db, now: () => Date = () => new Date(), filesDir: string | null = null) {
  await failStale(db, now());
  await queueDuePlans(db, now());
  const waiting = await db.select({ id: reports.id }).from(reports).where(eq(reports.status, REPORT_STATUS.generating)).orderBy(asc(reports.id)).limit(20);
  for (const { id } of waiting) {
    await db.update(reports).set({ updatedAt: now() }).where(eq(reports.id, id));
    await generate(db, id, now, filesDir);
  }
}

/** Registers the report job with the cluster's jobs: N instances, one pass at a time. Answers the unregister and a nudge for new work. */
export function scheduleReports(cluster: Coordinator, db: Db, filesDir: string | null, now: () => Date = () => new Date()) {
  const stop = cluster.every(REPORT_JOB, EVERY_MS, () => runReports(db, now, filesDir), { atStart: true, leaseMs: 120_000 });
  return { stop, soon: () => cluster.soon(REPORT_JOB) };
}
