"use client";

import { useRef } from "react";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Printer } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageFrame } from "@/components/kit/page-frame";
import { useCall } from "@/lib/api/call";
import { reportInfoApi } from "@/lib/contract/report/report";

/**
 * /exportTemplate?id=: a generated report's print view — the very HTML its PDF is printed from,
 * on a white A4-wide sheet, printable from the browser (or saved as PDF there when the server has
 * no Chromium).
 */
export function ExportTemplateView() {
  const t = useTranslations("report");
  const id = Number(useSearchParams().get("id"));
  const { data: row } = useCall(reportInfoApi.info, id > 0 ? { id } : null);
  const { data } = useCall(reportInfoApi.html, id > 0 ? { id } : null);
  const frame = useRef<HTMLIFrameElement>(null);
  const actions = data && (
    <Button size="sm" onClick={() => frame.current?.contentWindow?.print()} data-testid="print-report">
      <Printer className="size-4" />
      {t("printView.print")}
    </Button>
  );
  return (
    <PageFrame back="/reportList" title={row ? `${t("info.actions.print")} · ${row.reportName}` : t("info.actions.print")} actions={actions}>
      {!(id > 0) ? (
        <p className="text-sm text-muted-foreground">{t("printView.noReport")}</p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground">{t("printView.hint")}</p>
          <div className="overflow-x-auto rounded-md border bg-muted/40 p-2 sm:p-4">
            {/* Same-origin for print(), modals for its dialog; no script runs in the document. */}
            <iframe ref={frame} title={row?.reportName ?? t("info.actions.print")} sandbox="allow-same-origin allow-modals" srcDoc={data?.html ?? ""} className="mx-auto block h-[80vh] w-full max-w-[210mm] bg-white shadow-sm" data-testid="print-view" />
          </div>
        </>
      )}
    </PageFrame>
  );
}
