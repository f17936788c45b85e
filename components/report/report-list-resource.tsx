"use client";

import { defineResource, dictLabel, resourcePage, useDict, type ResourceUi } from "@/components/kit";
import { lazyParts } from "@/components/kit/lazy-parts";
import { toast } from "@/lib/toast";
import { call, exportCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { REPORT_REVIEW, REPORT_STATUS, type ReportFormat } from "@/lib/contract/report/enums";
import { reportInfo, reportInfoApi, type ReportInfoRow } from "@/lib/contract/report/report";

const { ConclusionsDialog, GenerateDialog, ReviewDialog } = lazyParts(() => import("./report-dialogs"), ["ConclusionsDialog", "GenerateDialog", "ReviewDialog"]);
/** The status, and under it the reason of a failure (or of a missing PDF). */
function StatusText({ row }: { row: ReportInfoRow }) {
  const options = useDict("reportStatus");
  const tone = row.status === REPORT_STATUS.failed ? "text-destructive" : row.status === REPORT_STATUS.generating ? "text-amber-600 dark:text-amber-400" : "text-emerald-700 dark:text-emerald-400";
  return (
    <span className="flex flex-col">
      <span className={tone}>{dictLabel(options, row.status)}</span>
      {row.failReason && (
        <span className="text-xs text-muted-foreground" data-testid="report-reason">
          {row.failReason}
        </span>
      )}
    </span>
  );
}

const generated = (r: ReportInfoRow) => r.status === REPORT_STATUS.generated;
const lastDay = (end: string) => new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const download = (format: ReportFormat) => (row: ReportInfoRow) => exportCall(reportInfoApi.download, { id: row.id, format }, `${row.reportName}.${format}`);
async function regenerate(row: ReportInfoRow, ui: ResourceUi<ReportInfoRow>) {
  await call(reportInfoApi.reGenerate, { id: row.id });
  toast.success(ui.t("regenerated"));
  await ui.refresh();
}

/**
 * Reports (/reportList) of the chosen project: status tabs (generating, generated, failed with the
 * reason), the period, PDF, Word and raw-rows Excel downloads of a generated report, regenerate, and the review
 * that sends it to the plan's recipients (its conclusions editable by hand until approved); "Generate" renders a template over chosen days now.
 */
export const reportListResource = defineResource<ReportInfoRow>({
  entity: reportInfo,
  calls: reportInfoApi,
  tabs: { prop: "status", dict: "reportStatus", items: ["", "0", "1", "2"].map((name) => (name ? { name } : { name, label: "all" })) },
  search: { items: { status: false } },
  columns: {
    reportName: { minWidth: 200 },
    // At 1440 px in English (issue 40) these give way, in this order: the period column already ends on the period's end.
    periodEnd: { dropOrder: 1 },
    reportNo: { width: 150, dropOrder: 2 },
    createTime: { dropOrder: 3 },
    reportType: { width: 90 },
    periodStart: { minWidth: 200, render: (r) => `${r.periodStart} – ${lastDay(r.periodEnd)}` },
    status: {
      width: 200,
      tones: { "0": "warning", "1": "success", "2": "destructive" },
      render: (r) => <StatusText row={r} />,
    },
    review: { width: 110, tones: { "0": "secondary", "1": "success", "2": "warning" } },
  },
  form: false,
  rowActions: [
    { key: "pdf", label: "actions.pdf", show: generated, onClick: download("pdf") },
    { key: "docx", label: "actions.docx", show: generated, onClick: download("docx") },
    // The raw values of the report's points over its period, read when asked.
    { key: "xlsx", label: "actions.xlsx", show: generated, onClick: download("xlsx") },
    { key: "print", label: "actions.print", show: generated, onClick: (row, ui) => ui.navigate(`/exportTemplate?id=${row.id}`) },
    // Before approval a person may rewrite the rules' conclusions; the report is then rendered again with them.
    { key: "conclusions", label: "actions.conclusions", perm: permsOf(reportInfoApi.updConclusions)[0], show: (r) => generated(r) && r.review !== REPORT_REVIEW.approved, onClick: (row, ui) => ui.setParam("conclusionsId", row.id) },
    { key: "review", label: "actions.review", perm: permsOf(reportInfoApi.review)[0], show: (r) => generated(r) && r.review !== REPORT_REVIEW.approved, onClick: (row, ui) => ui.setParam("reviewId", row.id) },
    { key: "regenerate", label: "actions.regenerate", perm: permsOf(reportInfoApi.reGenerate)[0], show: (r) => r.status !== REPORT_STATUS.generating, onClick: regenerate },
    "view",
    "del",
  ],
  inlineActions: 4,
  toolbar: [{ key: "generate", label: "actions.generate", perm: permsOf(reportInfoApi.save)[0], onClick: (ui) => ui.setParam("generate", 1) }],
  refreshInterval: (rows) => (rows.some((r) => r.status === REPORT_STATUS.generating) ? 3000 : 0),
  slots: {
    dialogs: (ui) => {
      // Not `review`: that is a searched field, and the list would filter by it.
      const reviewId = Number(ui.param("reviewId"));
      const row = reviewId ? ui.rows.find((r) => r.id === reviewId) : undefined;
      const conclusionsId = Number(ui.param("conclusionsId"));
      const edited = conclusionsId ? ui.rows.find((r) => r.id === conclusionsId) : undefined;
      // Each dialog clears its own parameter (two setParam calls in a row would each start from the same URL).
      const done = (param: "generate" | "reviewId" | "conclusionsId") => () => {
        ui.setParam(param, null);
        void ui.refresh();
      };
      return (
        <>
          {ui.param("generate") && <GenerateDialog onClose={() => ui.setParam("generate", null)} onDone={done("generate")} />}
          {row && <ReviewDialog row={row} onClose={() => ui.setParam("reviewId", null)} onDone={done("reviewId")} />}
          {edited && <ConclusionsDialog row={edited} onClose={() => ui.setParam("conclusionsId", null)} onDone={done("conclusionsId")} />}
        </>
      );
    },
  },
});

export const ReportList = resourcePage(reportListResource);
