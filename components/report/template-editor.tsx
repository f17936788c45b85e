"use client";

/**
 * The template editor (/editTemplate): the document in tiptap with a palette of data blocks, and
 * beside it the live preview — the cloud's rendering of the document over real data of a chosen
 * period, the same HTML the PDF is printed from. Loaded with the page only (tiptap is not in the
 * console's first load).
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { DateInput } from "@/components/ui/date-input";
import { Label } from "@/components/ui/label";
import { call } from "@/lib/api/call";
import { reportTemplateApi, type ReportTemplateRow } from "@/lib/contract/report/template";
import { BlockEditor } from "./block-editor";

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

export function TemplateEditor({ template }: { template: ReportTemplateRow }) {
  const t = useTranslations("report.editor");
  const [html, setHtml] = useState(template.content ?? "");
  const today = new Date();
  const [start, setStart] = useState(day(new Date(today.getTime() - 7 * 86_400_000)));
  const [end, setEnd] = useState(day(new Date(today.getTime() - 86_400_000)));
  const [preview, setPreview] = useState("");

  const refresh = useCallback(async () => {
    if (!html) return;
    const r = await call(reportTemplateApi.preview, { content: html, start, end });
    setPreview(r.html);
  }, [html, start, end]);
  // The first preview when the page opens; later ones on demand (a preview reads a period's data).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void refresh(), []);

  const save = async () => {
    await call(reportTemplateApi.upd, { id: template.id, content: html } as never);
    toast.success(t("saved"));
    await refresh();
  };

  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <section className="grid content-start gap-3" aria-label={t("title")}>
        <BlockEditor value={html} onChange={setHtml} />
        <div className="flex justify-end">
          <Button type="button" onClick={() => void save()} disabled={!html} data-testid="template-save">
            {t("save")}
          </Button>
        </div>
      </section>
      <section className="grid content-start gap-2" aria-label={t("previewPeriod")}>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor="preview-start">{t("previewPeriod")}</Label>
            <div className="flex items-center gap-1">
              <DateInput id="preview-start" value={start} onChange={(e) => setStart(e.target.value)} />
              <span>–</span>
              <DateInput id="preview-end" aria-label={t("previewPeriod")} value={end} onChange={(e) => setEnd(e.target.value)} />
            </div>
          </div>
          <Button type="button" variant="outline" size="sm" onClick={() => void refresh()} data-testid="preview-refresh">
            {t("refresh")}
          </Button>
        </div>
        {/* The cloud's own document (sanitised template, escaped data, no script): shown sandboxed as the print view. */}
        <iframe title={t("previewPeriod")} sandbox="" srcDoc={preview} className="h-[75vh] w-full rounded-md border bg-white" data-testid="template-preview" />
      </section>
    </div>
  );
}
