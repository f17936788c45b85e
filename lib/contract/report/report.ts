import { z } from "zod";
import { defineCall, empty, file } from "../call";
import { dbId } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { oneOf, text } from "../validation";
import { REPORT_FORMATS, REPORT_REVIEWS, REPORT_STATUSES, REPORT_TYPES } from "./enums";
import { reportDay } from "./template";

/**
 * Report (reportInfo, core §7): one rendering of a template over a period — by a plan on its
 * schedule (one per plan and period) or by a person — with its status (generating, generated,
 * failed with the reason), PDF and Word files, and its review before it goes to the recipients.
 */
export const reportInfo = defineEntity({
  ns: "report.info",
  api: "stat/reportInfo", perm: "stat:reportInfo", scope: "project",
  fields: {
    id: keyField,
    reportName: rowName(100),
    reportNo: { kind: "text", readOnly: true },
    reportType: { schema: oneOf(REPORT_TYPES), kind: "select", dict: "reportType", search: "eq" },
    periodStart: { kind: "date", readOnly: true, search: "range", sort: true },
    periodEnd: { kind: "date", readOnly: true },
    status: { schema: oneOf(REPORT_STATUSES), kind: "status", dict: "reportStatus", search: "eq" },
    failReason: { kind: "text", readOnly: true, list: false },
    pdfSize: { kind: "number", readOnly: true, list: false },
    docxSize: { kind: "number", readOnly: true, list: false },
    durationMs: { kind: "number", readOnly: true, list: false },
    review: { schema: oneOf(REPORT_REVIEWS), kind: "status", dict: "reportReview", search: "eq" },
    reviewedByName: { kind: "text", readOnly: true, list: false },
    reviewedAt: { kind: "datetime", readOnly: true, list: false },
    reviewNote: { kind: "text", readOnly: true, list: false },
    conclusionsByName: { kind: "text", readOnly: true, list: false },
    conclusionsAt: { kind: "datetime", readOnly: true, list: false },
    planId: { kind: "id", readOnly: true, list: false, detail: false },
    templateId: { kind: "id", readOnly: true, list: false, detail: false },
    createdByName: { kind: "text", readOnly: true, list: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true },
  },
});
export type ReportInfoRow = RowOf<typeof reportInfo.fields>;

export const REPORT_READERS = ["/reportList"] as const;
/** save: a person generates a template's report over the days `start`–`end` now. */
export const generateBody = z
  .object({ templateId: dbId, start: reportDay, end: reportDay, reportName: text(100) })
  .refine((v) => v.start <= v.end, { path: ["end"], message: "validation.report.periodOrder" });
export const downloadQuery = z.object({ id: dbId, format: z.enum(REPORT_FORMATS, "validation.invalidOption") });
/** review: approve (sent to the plan's recipients) or return it with a note. */
export const reviewBody = z.object({ id: dbId, review: oneOf([1, 2] as const), note: text(500) });

/** What an approval did: in-site messages, e-mails with the files (null: e-mail is off on this server), and the sentence saying so. */
export const reviewAnswer = z.object({ inSite: z.number().int(), mailed: z.number().int().nullable(), message: z.string() }).nullable();

/** A report's conclusions as written by hand: at most this many lines of this many characters per block. */
export const CONCLUSION_LIMITS = { lines: 30, lineMax: 500, blocks: 20 } as const;
const conclusionLine = z.string().trim().min(1, "validation.required").max(CONCLUSION_LIMITS.lineMax, "validation.maxLength");
/**
 * updConclusions: the lines of each conclusion block, in the document's order (as `conclusions`
 * answers them); null puts back the sentences the rules write.
 */
export const conclusionsBody = z.object({
  id: dbId,
  blocks: z.array(z.array(conclusionLine).min(1, "validation.required").max(CONCLUSION_LIMITS.lines, "validation.maxItems")).max(CONCLUSION_LIMITS.blocks, "validation.maxItems").nullable(),
});
/** A report's conclusions: per block the rules' sentences and the lines it carries (edited or the rules'), and who edited them when. */
export const conclusionsAnswer = z.object({
  blocks: z.array(z.object({ rules: z.array(z.string()), lines: z.array(z.string()) })),
  edited: z.boolean(),
  editedBy: z.string().nullable(),
  editedAt: z.string().nullable(),
  /** Whether they may still be changed: generated and not approved. */
  editable: z.boolean(),
});
export type ConclusionsAnswer = z.infer<typeof conclusionsAnswer>;

/** reportInfo: list, byId, delete, save (generate now), reGenerate, download, review (core §7); html (the print view). */
export const reportInfoApi = {
  ...crudCalls(reportInfo, { only: ["page", "info", "del"], read: { menu: REPORT_READERS }, paths: { page: "list", info: "byId", del: "delete" } }),
  save: defineCall({ kind: "post", path: "stat/reportInfo/save", input: generateBody, answer: z.object({ id: z.number().int() }), access: { perm: "stat:reportInfo:add" }, scope: "project" }),
  reGenerate: defineCall({ kind: "post", path: "stat/reportInfo/reGenerate", input: z.object({ id: dbId }), answer: empty, access: { perm: "stat:reportInfo:upd" }, scope: "project" }),
  download: defineCall({ kind: "export", path: "stat/reportInfo/download", input: downloadQuery, answer: file, access: { menu: REPORT_READERS }, scope: "project" }),
  // The print view (/exportTemplate): the HTML a generated report's PDF is printed from, to open and print in the browser.
  html: defineCall({ kind: "get", path: "stat/reportInfo/html", input: z.object({ id: dbId }), answer: z.object({ html: z.string() }), access: { menu: REPORT_READERS }, scope: "project" }),
  // Conclusions edited by hand before approval: read (the rules' sentences beside what the report carries), then written and rendered again.
  conclusions: defineCall({ kind: "get", path: "stat/reportInfo/conclusions", input: z.object({ id: dbId }), answer: conclusionsAnswer, access: { menu: REPORT_READERS }, scope: "project" }),
  updConclusions: defineCall({ kind: "post", path: "stat/reportInfo/updConclusions", input: conclusionsBody, answer: empty, access: { perm: "stat:reportInfo:upd" }, scope: "project" }),
  review: defineCall({ kind: "post", path: "stat/reportInfo/review", input: reviewBody, answer: reviewAnswer, access: { perm: "stat:reportInfo:review" }, scope: "project" }),
};
