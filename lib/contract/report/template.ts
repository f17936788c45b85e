import { z } from "zod";
import { defineCall } from "../call";
import { dbId } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { oneOf, text } from "../validation";
import { DOCUMENT_MAX } from "./blocks";
import { REPORT_TYPES } from "./enums";
import { PAGE_READERS } from "./page";

/** A template's document: the editor's HTML with data blocks (`blocks.ts`). */
const content = z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(DOCUMENT_MAX, "validation.maxLength");

/**
 * Report template (reportTemplate, core §7) of a project: weekly or monthly, a document written in
 * the rich-text editor whose data blocks render from the data of a report's period.
 */
export const reportTemplate = defineEntity({
  ns: "report.template",
  api: "stat/reportTemplate", perm: "stat:reportTemplate", scope: "project",
  fields: {
    id: keyField,
    templateName: rowName(64),
    reportType: { schema: oneOf(REPORT_TYPES), kind: "radio", dict: "reportType", search: "eq" },
    content: { schema: content, kind: "richText", list: false, export: false, full: true },
    remark: { schema: text(200), kind: "textarea", full: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, form: false },
  },
});
export type ReportTemplateRow = RowOf<typeof reportTemplate.fields>;

/** A day of the platform's calendar, `YYYY-MM-DD`. */
export const reportDay = z.string({ error: "validation.required" }).regex(/^\d{4}-\d{2}-\d{2}$/, "validation.format");

/** A preview: a template (saved, or the editor's unsaved HTML) rendered against the data of the days `start`–`end`. */
export const previewBody = z
  .object({ id: dbId.optional(), content: content.optional(), start: reportDay, end: reportDay, language: z.enum(["zh-cn", "en"]).optional() })
  .refine((v) => v.id !== undefined || v.content !== undefined, { path: ["content"], message: "validation.required" })
  .refine((v) => v.start <= v.end, { path: ["end"], message: "validation.report.periodOrder" });
export const previewAnswer = z.object({ html: z.string() });

export const TEMPLATE_READERS = ["/reportTemplate", "/reportPlan", "/reportList"] as const;

/** A point a block can show: a device of the project and one of its numeric properties. */
export const reportPoint = z.object({ ref: z.string(), deviceName: z.string(), identifier: z.string(), latest: z.number().nullable() });
export type ReportPoint = z.infer<typeof reportPoint>;
/** What the site blocks can show: the project's inclinometer strings and its scenes (`plan`: an image to draw on, not a 3D model). */
export const reportSources = z.object({
  strings: z.array(z.object({ id: z.number().int(), deviceName: z.string() })),
  scenes: z.array(z.object({ id: z.number().int(), sceneName: z.string(), plan: z.boolean() })),
});
export type ReportSources = z.infer<typeof reportSources>;

/** reportTemplate: list, byId, save, update, delete (core §7); points and sources (the blocks' palette) and preview (the editor's live view, the print view's HTML). */
export const reportTemplateApi = {
  ...crudCalls(reportTemplate, {
    only: ["page", "info", "add", "upd", "del"],
    read: { menu: TEMPLATE_READERS },
    paths: { page: "list", info: "byId", add: "save", upd: "update", del: "delete" },
  }),
  // The palette of the template editor and of the custom pages' editor.
  points: defineCall({ kind: "get", path: "stat/reportTemplate/points", answer: z.array(reportPoint), access: { menu: [...TEMPLATE_READERS, ...PAGE_READERS] }, scope: "project" }),
  sources: defineCall({ kind: "get", path: "stat/reportTemplate/sources", answer: reportSources, access: { menu: [...TEMPLATE_READERS, ...PAGE_READERS] }, scope: "project" }),
  preview: defineCall({ kind: "post", path: "stat/reportTemplate/preview", input: previewBody, answer: previewAnswer, access: { menu: TEMPLATE_READERS }, scope: "project" }),
};
