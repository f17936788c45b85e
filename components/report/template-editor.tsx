"use client";

/**
 * The template editor (/editTemplate): the document in tiptap with a palette of data blocks, and
 * beside it the live preview — the cloud's rendering of the document over real data of a chosen
 * period, the same HTML the PDF is printed from. Loaded with the page only (tiptap is not in the
 * console's first load).
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import type { Editor } from "@tiptap/react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { DateInput } from "@/components/ui/date-input";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { MultiSelectField, SelectField } from "@/components/kit";
import { TiptapEditor } from "@/components/kit/tiptap-editor";
import { call, useCall } from "@/lib/api/call";
import { BLOCK_KINDS, POINT_BLOCKS, TEMPLATE_VARS, type BlockKind } from "@/lib/contract/report/blocks";
import { reportTemplateApi, type ReportTemplateRow } from "@/lib/contract/report/template";
import { reportBlockNode } from "./report-block-node";

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

export function TemplateEditor({ template }: { template: ReportTemplateRow }) {
  const t = useTranslations("report.editor");
  const [html, setHtml] = useState(template.content ?? "");
  const [editor, setEditor] = useState<Editor | null>(null);
  const [kind, setKind] = useState<BlockKind>("pointTable");
  const [points, setPoints] = useState<string[]>([]);
  const [warn, setWarn] = useState("");
  const [alarm, setAlarm] = useState("");
  const today = new Date();
  const [start, setStart] = useState(day(new Date(today.getTime() - 7 * 86_400_000)));
  const [end, setEnd] = useState(day(new Date(today.getTime() - 86_400_000)));
  const [preview, setPreview] = useState("");
  const { data: palette } = useCall(reportTemplateApi.points, {});
  const pointOptions = (palette ?? []).map((p) => ({ value: p.ref, label: `${p.deviceName} · ${p.identifier}${p.latest === null ? "" : ` (${p.latest})`}` }));
  const kindOptions = BLOCK_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }));
  const extensions = useMemo(() => [reportBlockNode((k, n) => (POINT_BLOCKS.includes(k) ? t("blockLabel", { kind: t(`kinds.${k}`), count: n }) : t(`kinds.${k}`)))], [t]);
  const onReady = useCallback((e: Editor) => setEditor(e), []);

  const refresh = useCallback(async () => {
    if (!html) return;
    const r = await call(reportTemplateApi.preview, { content: html, start, end });
    setPreview(r.html);
  }, [html, start, end]);
  // The first preview when the page opens; later ones on demand (a preview reads a period's data).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void refresh(), []);

  const insert = () => {
    if (!editor) return;
    const needsPoints = POINT_BLOCKS.includes(kind);
    if (needsPoints && !points.length) return;
    const limit = (v: string) => (v.trim() === "" || !needsPoints || !Number.isFinite(Number(v)) ? null : Number(v));
    editor
      .chain()
      .focus()
      .insertContent({ type: "reportBlock", attrs: { kind, points: needsPoints ? points.join(",") : "", warn: limit(warn), alarm: limit(alarm) } })
      .run();
  };
  const save = async () => {
    await call(reportTemplateApi.upd, { id: template.id, content: html } as never);
    toast.success(t("saved"));
    await refresh();
  };

  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <section className="grid content-start gap-3" aria-label={t("title")}>
        <div className="flex flex-wrap items-end gap-2 rounded-md border bg-card p-3" aria-label={t("blocks")} data-testid="block-palette">
          <div className="grid min-w-40 gap-1">
            <Label htmlFor="block-kind">{t("blocks")}</Label>
            <SelectField id="block-kind" options={kindOptions} value={kind} clearable={false} onChange={(v) => setKind((v || "pointTable") as BlockKind)} />
          </div>
          {POINT_BLOCKS.includes(kind) && (
            <>
              <div className="grid min-w-56 flex-1 gap-1">
                <Label htmlFor="block-points">{t("points")}</Label>
                <MultiSelectField id="block-points" options={pointOptions} value={points} onChange={(v) => setPoints(v.map(String))} />
              </div>
              <div className="grid w-28 gap-1">
                <Label htmlFor="block-warn">{t("warn")}</Label>
                <Input id="block-warn" inputMode="decimal" value={warn} onChange={(e) => setWarn(e.target.value.replace(/[^0-9.-]/g, ""))} />
              </div>
              <div className="grid w-28 gap-1">
                <Label htmlFor="block-alarm">{t("alarm")}</Label>
                <Input id="block-alarm" inputMode="decimal" value={alarm} onChange={(e) => setAlarm(e.target.value.replace(/[^0-9.-]/g, ""))} />
              </div>
            </>
          )}
          <Button type="button" size="sm" onClick={insert} disabled={!editor || (POINT_BLOCKS.includes(kind) && !points.length)} data-testid="block-insert">
            {t("insert")}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          {t("placeholders")}: {TEMPLATE_VARS.map((v) => `{{${v}}}`).join("  ")} · {t("pointsHint")}
        </p>
        <TiptapEditor value={html} onChange={setHtml} extensions={extensions} onReady={onReady} />
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
