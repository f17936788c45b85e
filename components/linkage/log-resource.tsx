"use client";

import { useTranslations } from "next-intl";
import { ArrowLeftIcon } from "lucide-react";
import { defineResource, remoteOptions, resourcePage } from "@/components/kit";
import { DictText } from "@/components/kit/table/cells";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ACTION_STATUS, LOG_STATUS } from "@/lib/contract/linkage/enums";
import { linkageApi, linkageLogApi } from "@/lib/contract/linkage/api";
import { linkageLog, type LinkageLogRow } from "@/lib/contract/linkage/log";

/** Each action's outcome: type, target, status, the response or the error, and how long it took. */
function Results({ row }: { row: LinkageLogRow }) {
  const t = useTranslations("linkage.log");
  if (row.logStatus === LOG_STATUS.stopped)
    return (
      <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive" data-testid="log-stopped">
        {t("stoppedNote")}
      </p>
    );
  if (!row.results?.length) return <p className="text-sm text-muted-foreground">{t("results.none")}</p>;
  return (
    <Table data-testid="log-results">
      <TableHeader>
        <TableRow>
          <TableHead className="w-10">{t("results.index")}</TableHead>
          <TableHead>{t("results.actionType")}</TableHead>
          <TableHead>{t("results.target")}</TableHead>
          <TableHead>{t("results.status")}</TableHead>
          <TableHead>{t("results.output")}</TableHead>
          <TableHead className="text-right">{t("results.durationMs")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {row.results.map((r) => (
          <TableRow key={r.index}>
            <TableCell>{r.index + 1}</TableCell>
            <TableCell className="whitespace-nowrap">
              <DictText dict="linkageActionType" value={r.actionType} />
            </TableCell>
            <TableCell className="max-w-48 truncate" title={r.target}>
              {r.target || "-"}
            </TableCell>
            <TableCell>
              <Badge variant={r.status === ACTION_STATUS.success ? "secondary" : "destructive"}>
                <DictText dict="linkageActionStatus" value={r.status} />
              </Badge>
            </TableCell>
            <TableCell className="max-w-96 font-mono text-xs break-all whitespace-pre-wrap">{r.error ?? r.response ?? "-"}</TableCell>
            <TableCell className="text-right tabular-nums">{r.durationMs}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const STATUS_VARIANT: Record<number, "secondary" | "destructive" | "outline"> = { [LOG_STATUS.success]: "secondary", [LOG_STATUS.failed]: "destructive", [LOG_STATUS.stopped]: "outline" };

/**
 * The linkage log (/linkage/log): every execution of the project's rules with what set it off,
 * its status and duration; searched by rule, status and time; exported; the view dialog lists
 * each action's result.
 */
export const linkageLogResource = defineResource<LinkageLogRow>({
  entity: linkageLog,
  calls: linkageLogApi,
  search: { items: { ruleId: { type: "select2", remote: remoteOptions(linkageApi.page, "ruleName", "id") } } },
  columns: {
    fireTime: { width: 170 },
    ruleName: { minWidth: 160 },
    source: { width: 110 },
    triggerText: { minWidth: 220 },
    logStatus: { width: 130, render: (r) => <Badge variant={STATUS_VARIANT[r.logStatus ?? 1]}>{<DictText dict="linkageLogStatus" value={r.logStatus} />}</Badge> },
    actionCount: { width: 80, align: "center" },
    failedCount: { width: 80, align: "center" },
    durationMs: { width: 120, align: "right" },
  },
  form: false,
  detail: { results: { render: (r) => <Results row={r} />, full: true } },
  rowActions: ["view"],
  toolbar: ["export", { key: "rules", label: "back", icon: <ArrowLeftIcon className="size-4" />, variant: "outline", onClick: (ui) => ui.navigate("/linkage") }],
});

export const LinkageLogList = resourcePage(linkageLogResource);
