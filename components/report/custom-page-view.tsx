"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { useTheme } from "@/lib/theme";
import { useTranslations } from "next-intl";
import { Pencil, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageFrame } from "@/components/kit/page-frame";
import { usePermissions } from "@/components/kit/can";
import { useCall } from "@/lib/api/call";
import { formatDateTime } from "@/lib/format";
import { customPageApi, PAGE_EDIT_PERM, type CustomPageNo } from "@/lib/contract/report/page";
import { ReportFrame } from "./report-frame";

// tiptap and the block palette load when a page is edited, never with the page itself.
const PageEditor = dynamic(() => import("./custom-page-editor").then((m) => m.CustomPageEditor), { ssr: false, loading: () => <div className="h-96 animate-pulse rounded-md border bg-muted/40" aria-busy="true" /> });

const LIVE_MS = 60_000;

/**
 * /page/page1 – /page/page3: a custom page of the chosen project, composed of report blocks and
 * shown live — the cloud renders its blocks over its last days up to now, asked again every
 * minute. A role holding the page's edit button edits it in place.
 */
export function CustomPageView({ page }: { page: CustomPageNo }) {
  const t = useTranslations("report.pages");
  const { can } = usePermissions();
  const { resolvedTheme } = useTheme();
  const theme = resolvedTheme === "dark" ? "dark" : "light";
  const { data: row, mutate } = useCall(customPageApi.byPage, { page });
  const { data: view, mutate: reload, isValidating } = useCall(customPageApi.view, row?.content ? { page, theme } : null, { refreshInterval: LIVE_MS, keepPreviousData: true });
  const [editing, setEditing] = useState(false);
  const title = row?.title || t("title", { n: page });
  const actions = !editing && (
    <>
      {row?.content && (
        <Button variant="outline" size="sm" onClick={() => void reload()} disabled={isValidating} data-testid="page-refresh">
          <RefreshCw className="size-4" />
          {t("refresh")}
        </Button>
      )}
      {can(PAGE_EDIT_PERM) && (
        <Button size="sm" onClick={() => setEditing(true)} data-testid="page-edit">
          <Pencil className="size-4" />
          {t("edit")}
        </Button>
      )}
    </>
  );

  return (
    <PageFrame title={title} actions={actions}>
      {!row ? null : editing ? (
        <PageEditor
          row={row}
          onDone={async (saved) => {
            setEditing(false);
            if (saved) {
              await mutate(saved, { revalidate: false });
              await reload();
            }
          }}
        />
      ) : !row.content ? (
        <div className="grid place-items-center gap-1 rounded-md border border-dashed p-10 text-center" data-testid="page-empty">
          <p className="font-medium">{t("empty")}</p>
          {can(PAGE_EDIT_PERM) && <p className="text-sm text-muted-foreground">{t("emptyEdit")}</p>}
        </div>
      ) : (
        <section className="grid gap-2" data-testid="custom-page">
          <p className="text-xs text-muted-foreground" data-testid="page-live">
            {view ? t("live", { from: formatDateTime(view.from), to: formatDateTime(view.to) }) : "…"}
            {row.updatedByName && row.updateTime ? ` · ${t("updated", { name: row.updatedByName, at: formatDateTime(row.updateTime) })}` : ""}
          </p>
          <div className="rounded-md border bg-card p-3">
            <ReportFrame html={view?.html ?? ""} title={title} testId="page-blocks" />
          </div>
        </section>
      )}
    </PageFrame>
  );
}
