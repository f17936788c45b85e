"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { reportTemplate, reportTemplateApi, type ReportTemplateRow } from "@/lib/contract/report/template";
import { REPORT_TYPE } from "@/lib/contract/report/enums";

/** The editor page of a template. */
export const editTemplateHref = (id: number) => `/editTemplate?id=${id}`;

/** A new template's starting document: a title with the placeholders, to be filled with blocks in the editor. */
const STARTER = "<h1>{{project}}</h1><p>{{period}} · {{reportNo}}</p><h2>1.</h2><p></p>";

/**
 * Report templates (/reportTemplate) of the chosen project: name, weekly or monthly, remark; the
 * document itself is written on the editor page (/editTemplate) with the data blocks and a live preview.
 */
export const reportTemplateResource = defineResource<ReportTemplateRow>({
  entity: reportTemplate,
  calls: reportTemplateApi,
  columns: {
    templateName: { type: "click", minWidth: 180, onClick: (row, ui) => ui.navigate(editTemplateHref(row.id)) },
    reportType: { width: 110 },
    remark: { minWidth: 200 },
  },
  form: {
    width: 900,
    placeholders: ["templateName", "remark"],
    fields: { reportType: { type: "radio" }, content: { type: "richText", required: true } },
    defaults: { reportType: REPORT_TYPE.weekly, content: STARTER },
  },
  rowActions: [{ key: "document", label: "actions.edit", onClick: (row, ui) => ui.navigate(editTemplateHref(row.id)) }, "edit", "del"],
  inlineActions: 3,
  toolbar: ["add"],
});

export const ReportTemplateList = resourcePage(reportTemplateResource);
