"use client";

import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { PageFrame } from "@/components/kit/page-frame";
import { useCall } from "@/lib/api/call";
import { reportTemplateApi } from "@/lib/contract/report/template";

// tiptap and the block palette load with this page only.
const TemplateEditor = dynamic(() => import("./template-editor").then((m) => m.TemplateEditor), { ssr: false, loading: () => <div className="h-96 animate-pulse rounded-md border bg-muted/40" aria-busy="true" /> });

/** /editTemplate?id=: a template's document, its data blocks and the live preview. */
export function EditTemplateView() {
  const t = useTranslations("report");
  const id = Number(useSearchParams().get("id"));
  const { data } = useCall(reportTemplateApi.info, id > 0 ? { id } : null);
  return (
    <PageFrame back="/reportTemplate" title={data ? `${t("editor.title")} · ${data.templateName}` : t("editor.title")}>
      {!(id > 0) ? <p className="text-sm text-muted-foreground">{t("editor.noTemplate")}</p> : data ? <TemplateEditor key={data.id} template={data} /> : null}
    </PageFrame>
  );
}
