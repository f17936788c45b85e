"use client";

/**
 * A document of report blocks in tiptap with the blocks' palette (kind; points, warning and alarm
 * values; inclinometer strings and curves; a scene): the template editor and the custom pages' editor. Loaded with those pages only (tiptap
 * is not in the console's first load).
 */
import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { Editor } from "@tiptap/react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { MultiSelectField, SelectField } from "@/components/kit";
import { TiptapEditor } from "@/components/kit/tiptap-editor";
import { useCall } from "@/lib/api/call";
import { BLOCK_KINDS, POINT_BLOCKS, PROFILE_CURVES, TEMPLATE_VARS, type BlockKind } from "@/lib/contract/report/blocks";
import { reportTemplateApi } from "@/lib/contract/report/template";
import { reportBlockNode, type BlockSummary } from "./report-block-node";

const numeric = (v: string) => v.replace(/[^0-9.-]/g, "");

export function BlockEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const t = useTranslations("report.editor");
  const [editor, setEditor] = useState<Editor | null>(null);
  const [kind, setKind] = useState<BlockKind>("pointTable");
  const [points, setPoints] = useState<string[]>([]);
  const [warn, setWarn] = useState("");
  const [alarm, setAlarm] = useState("");
  const [strings, setStrings] = useState<number[]>([]);
  const [curves, setCurves] = useState(String(PROFILE_CURVES.default));
  const [scene, setScene] = useState<number | null>(null);
  const { data: palette } = useCall(reportTemplateApi.points, {});
  const { data: sources } = useCall(reportTemplateApi.sources, {});
  const pointOptions = (palette ?? []).map((p) => ({ value: p.ref, label: `${p.deviceName} · ${p.identifier}${p.latest === null ? "" : ` (${p.latest})`}` }));
  const stringOptions = (sources?.strings ?? []).map((d) => ({ value: d.id, label: d.deviceName }));
  const sceneOptions = (sources?.scenes ?? []).map((s) => ({ value: s.id, label: s.sceneName }));
  const kindOptions = BLOCK_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }));
  // The boxes are drawn by tiptap outside React: they read the scenes' names as last loaded.
  const sceneNames = useRef(new Map<number, string>());
  sceneNames.current = new Map((sources?.scenes ?? []).map((s) => [s.id, s.sceneName]));
  const extensions = useMemo(
    () => [
      reportBlockNode((b: BlockSummary) => {
        const kindLabel = t(`kinds.${b.kind}`);
        if (POINT_BLOCKS.includes(b.kind)) return t("blockLabel", { kind: kindLabel, count: b.points });
        if (b.kind === "inclinometer") return `${t("blockStrings", { kind: kindLabel, count: b.devices })} · ${t("curves")} ${b.curves ?? PROFILE_CURVES.default}`;
        if (b.kind === "layout" && b.scene !== null) return `${kindLabel} · ${sceneNames.current.get(b.scene) ?? `#${b.scene}`}`;
        return kindLabel;
      }),
    ],
    [t],
  );
  const onReady = useCallback((e: Editor) => setEditor(e), []);
  const needsPoints = POINT_BLOCKS.includes(kind);
  const curveCount = Number(curves);
  const curvesOk = Number.isInteger(curveCount) && curveCount >= PROFILE_CURVES.min && curveCount <= PROFILE_CURVES.max;
  const ready = !!editor && (needsPoints ? points.length > 0 : kind === "inclinometer" ? strings.length > 0 && curvesOk : kind === "layout" ? scene !== null : true);

  const insert = () => {
    if (!editor || !ready) return;
    const limit = (v: string) => (v.trim() === "" || !needsPoints || !Number.isFinite(Number(v)) ? null : Number(v));
    const site = kind === "inclinometer" ? { devices: strings.join(","), curves: curveCount } : kind === "layout" ? { scene } : {};
    editor
      .chain()
      .focus()
      // A paragraph after the block takes the cursor: the next insert goes below it instead of replacing the block (selected after insertion).
      .insertContent([{ type: "reportBlock", attrs: { kind, points: needsPoints ? points.join(",") : "", warn: limit(warn), alarm: limit(alarm), ...site } }, { type: "paragraph" }])
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
        {kind === "inclinometer" && (
          <>
            <div className="grid min-w-56 flex-1 gap-1">
              <Label htmlFor="block-strings">{t("strings")}</Label>
              <MultiSelectField id="block-strings" options={stringOptions} value={strings} onChange={(v) => setStrings(v.map(Number))} />
            </div>
            <div className="grid w-24 gap-1">
              <Label htmlFor="block-curves">{t("curves")}</Label>
              <Input id="block-curves" type="number" min={PROFILE_CURVES.min} max={PROFILE_CURVES.max} step={1} value={curves} aria-invalid={!curvesOk} onChange={(e) => setCurves(e.target.value)} />
            </div>
          </>
        )}
        {kind === "layout" && (
          <div className="grid min-w-56 flex-1 gap-1">
            <Label htmlFor="block-scene">{t("scene")}</Label>
            <SelectField id="block-scene" options={sceneOptions} value={scene ?? ""} placeholder={sources && !sceneOptions.length ? t("noScenes") : undefined} onChange={(v) => setScene(v === "" ? null : Number(v))} />
          </div>
        )}
        <Button type="button" size="sm" onClick={insert} disabled={!ready} data-testid="block-insert">
          {t("insert")}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        {t("placeholders")}: {TEMPLATE_VARS.map((v) => `{{${v}}}`).join("  ")} · {kind === "inclinometer" ? t("stringsHint") : t("pointsHint")}
      </p>
      <TiptapEditor value={value} onChange={onChange} extensions={extensions} onReady={onReady} />
    </div>
  );
}
