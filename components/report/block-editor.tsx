"use client";

/**
 * A document of report blocks in tiptap with the blocks' palette (kind, points, warning and alarm
 * values): the template editor and the custom pages' editor. Loaded with those pages only (tiptap
 * is not in the console's first load).
 */
import { useCallback, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import type { Editor } from "@tiptap/react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { MultiSelectField, SelectField } from "@/components/kit";
import { TiptapEditor } from "@/components/kit/tiptap-editor";
import { useCall } from "@/lib/api/call";
import { BLOCK_KINDS, POINT_BLOCKS, TEMPLATE_VARS, type BlockKind } from "@/lib/contract/report/blocks";
import { reportTemplateApi } from "@/lib/contract/report/template";
import { reportBlockNode } from "./report-block-node";

const numeric = (v: string) => v.replace(/[^0-9.-]/g, "");

export function BlockEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const t = useTranslations("report.editor");
  const [editor, setEditor] = useState<Editor | null>(null);
  const [kind, setKind] = useState<BlockKind>("pointTable");
  const [points, setPoints] = useState<string[]>([]);
  const [warn, setWarn] = useState("");
  const [alarm, setAlarm] = useState("");
  const { data: palette } = useCall(reportTemplateApi.points, {});
  const pointOptions = (palette ?? []).map((p) => ({ value: p.ref, label: `${p.deviceName} · ${p.identifier}${p.latest === null ? "" : ` (${p.latest})`}` }));
  const kindOptions = BLOCK_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }));
  const extensions = useMemo(() => [reportBlockNode((k, n) => (POINT_BLOCKS.includes(k) ? t("blockLabel", { kind: t(`kinds.${k}`), count: n }) : t(`kinds.${k}`)))], [t]);
  const onReady = useCallback((e: Editor) => setEditor(e), []);
  const needsPoints = POINT_BLOCKS.includes(kind);

  const insert = () => {
    if (!editor || (needsPoints && !points.length)) return;
    const limit = (v: string) => (v.trim() === "" || !needsPoints || !Number.isFinite(Number(v)) ? null : Number(v));
    editor
      .chain()
      .focus()
      // A paragraph after the block takes the cursor: the next insert goes below it instead of replacing the block (selected after insertion).
      .insertContent([{ type: "reportBlock", attrs: { kind, points: needsPoints ? points.join(",") : "", warn: limit(warn), alarm: limit(alarm) } }, { type: "paragraph" }])
      .run();
  };

  return (
    <div className="grid content-start gap-3">
      <div className="flex flex-wrap items-end gap-2 rounded-md border bg-card p-3" aria-label={t("blocks")} data-testid="block-palette">
        <div className="grid min-w-40 gap-1">
          <Label htmlFor="block-kind">{t("blocks")}</Label>
          <SelectField id="block-kind" options={kindOptions} value={kind} clearable={false} onChange={(v) => setKind((v || "pointTable") as BlockKind)} />
        </div>
        {needsPoints && (
          <>
            <div className="grid min-w-56 flex-1 gap-1">
              <Label htmlFor="block-points">{t("points")}</Label>
              <MultiSelectField id="block-points" options={pointOptions} value={points} onChange={(v) => setPoints(v.map(String))} />
            </div>
            <div className="grid w-28 gap-1">
              <Label htmlFor="block-warn">{t("warn")}</Label>
              <Input id="block-warn" inputMode="decimal" value={warn} onChange={(e) => setWarn(numeric(e.target.value))} />
            </div>
            <div className="grid w-28 gap-1">
              <Label htmlFor="block-alarm">{t("alarm")}</Label>
              <Input id="block-alarm" inputMode="decimal" value={alarm} onChange={(e) => setAlarm(numeric(e.target.value))} />
            </div>
          </>
        )}
        <Button type="button" size="sm" onClick={insert} disabled={!editor || (needsPoints && !points.length)} data-testid="block-insert">
          {t("insert")}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        {t("placeholders")}: {TEMPLATE_VARS.map((v) => `{{${v}}}`).join("  ")} · {t("pointsHint")}
      </p>
      <TiptapEditor value={value} onChange={onChange} extensions={extensions} onReady={onReady} />
    </div>
  );
}
