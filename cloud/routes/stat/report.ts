import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { blocksOf } from "@/lib/contract/report/blocks";
import { REPORT_REVIEW, REPORT_STATUS, REPORT_TYPE } from "@/lib/contract/report/enums";
import { reportInfo, reportInfoApi, type ReportInfoRow } from "@/lib/contract/report/report";
import { reportPlan, reportPlanApi, type ReportPlanRow } from "@/lib/contract/report/plan";
import { reportTemplate, reportTemplateApi, type ReportTemplateRow } from "@/lib/contract/report/template";
import { projectOf, projectRow } from "../../lib/project-context";
import { devices, products, reportFiles, reportPlans, reports, reportTemplates, scenes, stationMessages, telemetryLatest, users } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { crudRoutes } from "../../lib/crud-routes";
import { Code } from "@/lib/contract/envelope";
import { badRequest, envelope, ok } from "../../lib/http";
import { t } from "../../lib/i18n";
import { sanitizeReportTemplate } from "../../lib/sanitize";
import { serve, type Served } from "../../lib/serve";
import { tenantScope } from "../../lib/scope";
import { contentDisposition, xlsxSheetsResponse } from "../../lib/xlsx-export";
import { reportDoc } from "../../report/engine";
import { conclusionLines, reportHtml } from "../../report/document";
import { addDays, reportNo } from "../../report/schedule";
import { reportSheets, xlsxName } from "../../report/xlsx";
import { deviceNameIn, sceneNameIn } from "../../db/queries/names";

const MAX_DAYS = 93;
const MIME = { pdf: "application/pdf", docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" } as const;
const sanitised = (input: Record<string, unknown>) => ("content" in input ? { ...input, content: sanitizeReportTemplate(input.content as string) } : input);
const dayCount = (start: string, lastDay: string) => (Date.parse(lastDay) - Date.parse(start)) / 86_400_000 + 1;

/** The project's template `id`, refused when it is not one. */
async function templateOf(c: Ctx, id: number) {
  const [row] = await c.var.deps.db.select().from(reportTemplates).where(projectOf(c).where(reportTemplates, eq(reportTemplates.id, id)));
  if (!row) throw badRequest("cloud.report.templateUnknown");
  return row;
}

/** Tells the report job there is work (absent in route tests, which run the job themselves). */
const nudge = (c: Ctx) => void c.var.deps.reports?.soon().catch(() => {});

const templateRoutes = crudRoutes<typeof reportTemplate.fields, ReportTemplateRow>({
  table: reportTemplates,
  entity: reportTemplate,
  calls: reportTemplateApi,
  input: sanitised,
  unique: [{ field: "templateName", error: "cloud.report.nameTaken" }],
  inUse: [{ table: reportPlans, column: reportPlans.templateId, what: "report.plan.entity", error: "cloud.report.inUse" }],
});

const planRoutes = crudRoutes<typeof reportPlan.fields, ReportPlanRow>({
  table: reportPlans,
  entity: reportPlan,
  calls: reportPlanApi,
  unique: [{ field: "planName", error: "cloud.report.nameTaken" }],
  extra: { templateName: sql<string>`(select t.template_name from report_templates t where t.id = ${reportPlans.templateId})` },
  values: async (c, input, partial) => {
    if (input.templateId !== undefined) await templateOf(c, Number(input.templateId));
    const ids = [...new Set((input.recipients as number[] | undefined) ?? [])];
    if (ids.length) {
      const found = await c.var.deps.db.select({ id: users.id }).from(users).where(tenantScope(c.var.auth).where(users, inArray(users.id, ids)));
      if (found.length !== ids.length) throw badRequest("cloud.report.recipientUnknown");
    }
    return { ...(partial ? {} : { createdBy: c.var.auth.userId, createdAt: c.var.deps.now() }), language: c.var.locale, ...(input.recipients ? { recipients: ids } : {}) };
  },
});

export const reportServed: Served[] = [
  ...templateRoutes,
  // The editor's live view and the print view: the template (saved or as being edited) over real data of the days asked.
  // The numeric properties the project's devices have reported: what a block can show.
  serve(reportTemplateApi.points, async (c) => {
    const rows = await c.var.deps.db
      .select({ deviceId: devices.id, deviceName: deviceNameIn(c.var.locale), identifier: telemetryLatest.identifier, latest: telemetryLatest.num })
      .from(telemetryLatest)
      .innerJoin(devices, eq(devices.id, telemetryLatest.deviceId))
      .where(projectOf(c).where(devices, isNotNull(telemetryLatest.num)))
      .orderBy(asc(deviceNameIn(c.var.locale)), asc(devices.id), asc(telemetryLatest.identifier))
      .limit(2000);
    return rows.map((r) => ({ ref: `${r.deviceId}:${r.identifier}`, deviceName: r.deviceName, identifier: r.identifier, latest: r.latest }));
  }),
  // The site blocks' palette: the project's inclinometer strings and scenes.
  serve(reportTemplateApi.sources, async (c) => {
    const db = c.var.deps.db;
    const [strings, sceneRows] = await Promise.all([
      db
        .select({ id: devices.id, deviceName: deviceNameIn(c.var.locale) })
        .from(devices)
        .innerJoin(products, eq(products.id, devices.productId))
        .where(projectOf(c).where(devices, eq(products.monitorType, "inclinometer")))
        .orderBy(asc(devices.id)),
      db.select({ id: scenes.id, sceneName: sceneNameIn(c.var.locale), sceneType: scenes.sceneType }).from(scenes).where(projectOf(c).where(scenes)).orderBy(asc(scenes.sort), asc(scenes.id)),
    ]);
    return { strings, scenes: sceneRows.map((s) => ({ id: s.id, sceneName: s.sceneName, plan: s.sceneType === 0 })) };
  }),
  serve(reportTemplateApi.preview, async (c, q) => {
    if (dayCount(q.start, q.end) > MAX_DAYS) throw badRequest("cloud.report.periodTooLong");
    const content = q.content !== undefined ? sanitizeReportTemplate(q.content) : (await projectRow(c, reportTemplates, q.id!)).content;
    const { tenantId, projectId } = projectOf(c).owned({});
    const doc = await reportDoc(
      c.var.deps.db,
      { tenantId, projectId, reportName: t(c.var.locale, "report.template.actions.preview"), reportNo: "—", periodStart: q.start, periodEnd: addDays(q.end, 1), startTime: null, endTime: null, content, language: q.language ?? c.var.locale, review: 0, reviewedAt: null, reviewedByName: null },
      c.var.deps.now(),
      c.var.deps.config.filesDir,
    );
    return { html: reportHtml(doc) };
  }),
  ...planRoutes,
  serve(reportPlanApi.statusUpd, async (c, { id, state }) => {
    await projectRow(c, reportPlans, id);
    await c.var.deps.db.update(reportPlans).set({ state, updatedAt: c.var.deps.now() }).where(eq(reportPlans.id, id));
    return null;
  }),
  ...crudRoutes<typeof reportInfo.fields, ReportInfoRow>({ table: reports, entity: reportInfo, calls: reportInfoApi }),
  // A person generates a template's report over chosen days: written as generating, rendered by the report job.
  serve(reportInfoApi.save, async (c, q) => {
    if (dayCount(q.start, q.end) > MAX_DAYS) throw badRequest("cloud.report.periodTooLong");
    const tpl = await templateOf(c, q.templateId);
    const { db, now } = c.var.deps;
    const [row] = await db
      .insert(reports)
      .values(
        projectOf(c).owned({
          templateId: tpl.id,
          reportName: q.reportName || `${tpl.templateName} ${q.start}`,
          reportNo: "",
          reportType: tpl.reportType ?? REPORT_TYPE.weekly,
          periodStart: q.start,
          periodEnd: addDays(q.end, 1),
          content: tpl.content,
          language: c.var.locale,
          createdBy: c.var.auth.userId,
          createdByName: c.var.auth.realname || c.var.auth.username,
          createdAt: now(),
          updatedAt: now(),
        }),
      )
      .returning({ id: reports.id });
    await db.update(reports).set({ reportNo: reportNo(q.start, null, row.id) }).where(eq(reports.id, row.id));
    nudge(c);
    return { id: row.id };
  }),
  serve(reportInfoApi.reGenerate, async (c, { id }) => {
    await projectRow(c, reports, id);
    await c.var.deps.db
      .update(reports)
      .set({ status: REPORT_STATUS.generating, failReason: null, review: REPORT_REVIEW.pending, reviewedBy: null, reviewedByName: null, reviewedAt: null, reviewNote: null, sentAt: null, updatedAt: c.var.deps.now() })
      .where(eq(reports.id, id));
    nudge(c);
    return null;
  }),
  // Only a generated report downloads; a missing format (PDF off) says why.
  // The raw rows are read when asked, streamed sheet by sheet (`cloud/report/xlsx.ts`).
  serve(reportInfoApi.download, async (c, { id, format }) => {
    const r = await projectRow(c, reports, id);
    if (r.status !== REPORT_STATUS.generated) throw badRequest("cloud.report.notReady", { status: t(c.var.locale, `enums.reportStatus.${r.status}`) });
    if (format === "xlsx") return xlsxSheetsResponse(c, xlsxName(r), reportSheets(c.var.deps.db, r, c.var.deps.now()));
    const [f] = await c.var.deps.db.select().from(reportFiles).where(and(eq(reportFiles.reportId, id), eq(reportFiles.format, format)));
    if (!f) throw badRequest("cloud.report.fileMissing", { format: format.toUpperCase(), reason: r.failReason ?? "—" });
    return new Response(new Uint8Array(f.bytes), { headers: { "content-type": MIME[format], "content-disposition": contentDisposition(`${r.reportName}.${format}`) } });
  }),
  // The print view: a generated report's document, rendered as its PDF is (the period's data, its review on the cover).
  serve(reportInfoApi.html, async (c, { id }) => {
    const r = await projectRow(c, reports, id);
    if (r.status !== REPORT_STATUS.generated) throw badRequest("cloud.report.notPrintable", { status: t(c.var.locale, `enums.reportStatus.${r.status}`) });
    return { html: reportHtml(await reportDoc(c.var.deps.db, r, r.updatedAt, c.var.deps.config.filesDir)) };
  }),
  // Conclusions edited by hand before approval: the rules' sentences beside what the report carries.
  serve(reportInfoApi.conclusions, async (c, { id }) => {
    const r = await projectRow(c, reports, id);
    const doc = await reportDoc(c.var.deps.db, { ...r, conclusions: null }, r.updatedAt);
    const specs = blocksOf(r.content).filter((b) => b.spec.kind === "conclusion");
    return {
      blocks: specs.map((b, i) => {
        const rules = conclusionLines(doc, b.spec, i);
        return { rules, lines: r.conclusions?.[i] ?? rules };
      }),
      edited: !!r.conclusions,
      editedBy: r.conclusionsByName,
      editedAt: r.conclusionsAt?.toISOString() ?? null,
      editable: r.status === REPORT_STATUS.generated && r.review !== REPORT_REVIEW.approved,
    };
  }),
  // Written (or put back to the rules' with null), the report is rendered again so its PDF, Word file, print view and
  // e-mail carry them; it waits for review again. Approved, it is what was sent and stays.
  serve(reportInfoApi.updConclusions, async (c, { id, blocks }) => {
    const r = await projectRow(c, reports, id);
    if (r.status !== REPORT_STATUS.generated) throw badRequest("cloud.report.conclusionsNotGenerated");
    if (r.review === REPORT_REVIEW.approved) throw badRequest("cloud.report.conclusionsApproved");
    const count = blocksOf(r.content).filter((b) => b.spec.kind === "conclusion").length;
    if (!count) throw badRequest("cloud.report.noConclusions");
    if (blocks && blocks.length !== count) throw badRequest("cloud.report.conclusionsCount", { count });
    const at = c.var.deps.now();
    await c.var.deps.db
      .update(reports)
      .set({
        conclusions: blocks,
        conclusionsByName: c.var.auth.realname || c.var.auth.username,
        conclusionsAt: at,
        status: REPORT_STATUS.generating,
        failReason: null,
        review: REPORT_REVIEW.pending,
        reviewedBy: null,
        reviewedByName: null,
        reviewedAt: null,
        updatedAt: at,
      })
      .where(eq(reports.id, id));
    nudge(c);
    return ok(c, null, "cloud.report.conclusionsSaved");
  }),
  // Review: a generated report approved goes to the plan's recipients — an in-site message each, and an e-mail with its
  // files to those with an address when this server sends e-mail (SMTP); returned, it stays with its note.
  serve(reportInfoApi.review, async (c, { id, review, note }) => {
    const r = await projectRow(c, reports, id);
    if (r.status !== REPORT_STATUS.generated) throw badRequest("cloud.report.notGenerated");
    const { db, now, delivery } = c.var.deps;
    const at = now();
    const by = c.var.auth.realname || c.var.auth.username;
    const [plan] = r.planId ? await db.select({ recipients: reportPlans.recipients }).from(reportPlans).where(eq(reportPlans.id, r.planId)) : [];
    const recipients = review === REPORT_REVIEW.approved ? (plan?.recipients ?? []) : [];
    const period = `${r.periodStart} – ${addDays(r.periodEnd, -1)}`;
    await db.transaction(async (tx) => {
      await tx.update(reports).set({ review, reviewNote: note ?? null, reviewedBy: c.var.auth.userId, reviewedByName: by, reviewedAt: at, sentAt: recipients.length ? at : null, updatedAt: at }).where(eq(reports.id, id));
      if (recipients.length)
        await tx.insert(stationMessages).values(recipients.map((userId) => ({ tenantId: r.tenantId, userId, msgTitle: r.reportName.slice(0, 200), msgContent: `${r.reportNo} · ${period}`, msgType: "notice", bizId: r.id })));
    });
    if (review !== REPORT_REVIEW.approved) return ok(c, null);
    const L = (k: string, v: Record<string, string | number>) => t(c.var.locale, `cloud.report.${k}`, v);
    const said = (message: string, mailed: number | null) => envelope(c, Code.OK, message, { inSite: recipients.length, mailed, message });
    if (!delivery.email) return said(L("sentNoMail", { name: r.reportName, count: recipients.length }), null);
    const mail = await mailReport(c, r, recipients, { period, by });
    const missed = mail.missed ? L("mailMissed", { missed: mail.missed, reason: mail.reason ?? "—" }) : "";
    return said(L("sentMail", { name: r.reportName, count: recipients.length, mailed: mail.sent }) + missed, mail.sent);
  }),
];

/** E-mails an approved report with its files (PDF when made, Word) to the recipients that have an address, in the report's language; answers how many got it and how many did not, with the first refusal. */
async function mailReport(c: Ctx, r: typeof reports.$inferSelect, recipients: number[], facts: { period: string; by: string }) {
  const { db, delivery } = c.var.deps;
  const people = recipients.length ? await db.select({ email: users.email }).from(users).where(tenantScope(c.var.auth).where(users, inArray(users.id, recipients))) : [];
  const addresses = [...new Set(people.map((p) => p.email?.trim()).filter((e): e is string => !!e))];
  const files = addresses.length ? await db.select().from(reportFiles).where(eq(reportFiles.reportId, r.id)).orderBy(asc(reportFiles.format)) : [];
  const attachments = files.map((f) => ({ filename: `${r.reportName}.${f.format}`, content: Buffer.from(f.bytes), contentType: MIME[f.format as keyof typeof MIME] }));
  const lang = r.language === "en" ? "en" : "zh-cn";
  const subject = t(lang, "cloud.report.mailSubject", { name: r.reportName, period: facts.period });
  const body = t(lang, "cloud.report.mailBody", { name: r.reportName, no: r.reportNo, period: facts.period, by: facts.by });
  const results = await Promise.allSettled(addresses.map((target) => delivery.send({ channel: "email", target, subject, body, attachments })));
  const refused = results.find((x): x is PromiseRejectedResult => x.status === "rejected");
  const sent = results.filter((x) => x.status === "fulfilled").length;
  return { sent, missed: recipients.length - sent, reason: refused ? String((refused.reason as Error)?.message ?? refused.reason).slice(0, 200) : null };
}
