"use client";

/**
 * Cron expressions (widgets §2, §4, §5, §9); the rules live in `lib/contract/cron.ts`.
 *
 *   <CronPicker value={expr} onChange={setExpr} />          // a field with the dialog behind it
 *   <CronDialog open={open} onOpenChange={setOpen} value={expr} onConfirm={setExpr} />
 *   <CronEditor value={expr} onChange={setExpr} />          // the inline builder
 *
 * The dialog starts from `0 * * * * ? *`, the builder from `0 0 * * * ? *`.
 */
import { useEffect, useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { CalendarClockIcon } from "lucide-react";
import {
  CRON_BOUNDS,
  CRON_CLIP,
  CRON_DEFAULT_BUILDER,
  CRON_DEFAULT_DIALOG,
  CRON_FIELDS,
  CRON_RESET,
  CRON_TABS,
  clip,
  joinCron,
  previewCron,
  previewNote,
  rangeValid,
  splitCron,
  tabState,
  tabText,
  toggleListValue,
  type CronFields,
  type CronTab,
  type CronTabState,
} from "@/lib/contract/cron";
import { describeCron } from "@/lib/contract/cron-describe";
import { normalizeLocale } from "@/lib/contract/locale";
import { cn } from "@/lib/utils";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { displayZone, formatDateTime } from "@/lib/format";

const pad = (n: number) => String(n).padStart(2, "0");


/** Text cut at `max` characters, the whole of it in a tooltip when cut. */
function Clipped({ text, max, className }: { text: string; max: number; className?: string }) {
  const short = clip(text, max);
  if (short === text) return <span className={className}>{text}</span>;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span className={cn("cursor-help", className)} tabIndex={0}>
          {short}
        </span>
      </TooltipTrigger>
      <TooltipContent>{text}</TooltipContent>
    </Tooltip>
  );
}

function NumberBox({ value, onChange, tab, label }: { value: number; onChange: (n: number) => void; tab: CronTab; label: string }) {
  const { min, max } = CRON_BOUNDS[tab];
  return <Input type="number" className="h-8 w-20" min={min} max={max} value={value} aria-label={label} onChange={(e) => onChange(Number(e.target.value))} />;
}

/** One tab: every, a range, a step, listed values, and (day only) not specified. */
function TabEditor({ tab, state, onChange }: { tab: CronTab; state: CronTabState; onChange: (s: CronTabState) => void }) {
  const t = useTranslations("widgets.cron");
  const { min, max, maxList } = CRON_BOUNDS[tab];
  const unit = t(`units.${tab}`);
  const [range, setRange] = useState({ start: min, end: min + 1 });
  const [step, setStep] = useState({ start: min, every: 1 });
  const [list, setList] = useState<number[]>([]);
  // Each mode keeps what was typed while another mode is chosen.
  useEffect(() => {
    if (state.mode === "range") setRange({ start: state.start, end: state.end });
    if (state.mode === "step") setStep({ start: state.start, every: state.every });
    if (state.mode === "list") setList(state.values);
  }, [state]);
  const radio = (mode: CronTabState["mode"], next: CronTabState, label: React.ReactNode) => (
    <label className="flex min-h-8 flex-wrap items-center gap-2 text-sm">
      <input type="radio" name={`cron-${tab}`} className="accent-primary" checked={state.mode === mode} onChange={() => onChange(next)} />
      {label}
    </label>
  );
  const rangeBad = !rangeValid(range);
  return (
    <div className="space-y-2">
      {radio("every", { mode: "every" }, t("every", { unit }))}
      {radio(
        "range",
        { mode: "range", ...range },
        <>
          <NumberBox tab={tab} label={`${unit} ${t("startLabel")}`} value={range.start} onChange={(start) => (setRange({ ...range, start }), state.mode === "range" && onChange({ mode: "range", ...range, start }))} />
          -
          <NumberBox tab={tab} label={`${unit} ${t("endLabel")}`} value={range.end} onChange={(end) => (setRange({ ...range, end }), state.mode === "range" && onChange({ mode: "range", ...range, end }))} />
          <span className="text-muted-foreground">{t("range", { a: range.start, b: range.end, unit })}</span>
          {rangeBad && (
            <span role="alert" className="text-xs text-destructive">
              {t("rangeOrder")}
            </span>
          )}
        </>,
      )}
      {radio(
        "step",
        { mode: "step", ...step },
        <>
          <NumberBox tab={tab} label={`${unit} ${t("fromLabel")}`} value={step.start} onChange={(start) => (setStep({ ...step, start }), state.mode === "step" && onChange({ mode: "step", ...step, start }))} />
          /
          <NumberBox tab={tab} label={`${unit} ${t("everyLabel")}`} value={step.every} onChange={(every) => (setStep({ ...step, every }), state.mode === "step" && onChange({ mode: "step", ...step, every }))} />
          <span className="text-muted-foreground">{t("step", { a: step.start, b: step.every, unit })}</span>
        </>,
      )}
      {tab === "day" && radio("none", { mode: "none" }, t("notSpecified"))}
      {radio("list", { mode: "list", values: list }, <span>{t("specify")} <span className="text-xs text-muted-foreground">({t("specifyMax", { n: maxList })})</span></span>)}
      <div className={cn("grid grid-cols-10 gap-1 pl-6", state.mode !== "list" && "pointer-events-none opacity-50")}>
        {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((v) => (
          <label key={v} className="flex items-center gap-1 text-xs">
            <input
              type="checkbox"
              className="accent-primary"
              checked={list.includes(v)}
              disabled={state.mode !== "list"}
              onChange={() => {
                const r = toggleListValue(tab, list, v);
                if (r.full) toast.warning(t("specifyMax", { n: maxList }));
                setList(r.values);
                onChange({ mode: "list", values: r.values });
              }}
            />
            {pad(v)}
          </label>
        ))}
      </div>
    </div>
  );
}

/** The builder: tabs, the seven fields, the joined expression, the next runs and a description. */
function CronEditor({ value, onChange, fallback = CRON_DEFAULT_BUILDER }: { value?: string | null; onChange: (expr: string) => void; fallback?: string }) {
  const t = useTranslations("widgets.cron");
  const locale = normalizeLocale(useLocale());
  const fields = splitCron(value ?? "") ?? splitCron(fallback)!;
  const expr = joinCron(fields);
  const [tab, setTab] = useState<CronTab>("minute");
  const setTabState = (k: CronTab, s: CronTabState) => {
    const next: CronFields = { ...fields, [k]: tabText(k, s) };
    // Quartz wants one of day and week unspecified.
    if (k === "day") next.week = s.mode === "none" ? (fields.week === "?" ? "*" : fields.week) : "?";
    onChange(joinCron(next));
  };
  const preview = useMemo(() => previewCron(expr, new Date(), { timezone: displayZone() }), [expr]);
  const note = previewNote(preview);
  const description = useMemo(() => describeCron(expr, locale), [expr, locale]);
  return (
    <div className="space-y-4">
      <Tabs value={tab} onValueChange={(v) => setTab(v as CronTab)}>
        <TabsList>
          {CRON_TABS.map((k) => (
            <TabsTrigger key={k} value={k}>
              {t(`tabs.${k}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {CRON_TABS.map((k) => (
          <TabsContent key={k} value={k} className="rounded-md border p-3">
            <TabEditor tab={k} state={tabState(k, fields[k])} onChange={(s) => setTabState(k, s)} />
          </TabsContent>
        ))}
      </Tabs>
      <table className="w-full table-fixed border text-center text-sm">
        <thead className="bg-muted">
          <tr>
            {CRON_FIELDS.map((k) => (
              <th key={k} className="border px-1 py-1 font-medium">
                {t(`fields.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {CRON_FIELDS.map((k) => (
              <td key={k} className="border px-1 py-1 font-mono" data-testid={`cron-field-${k}`}>
                <Clipped text={fields[k]} max={CRON_CLIP.field} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <div className="flex items-center gap-2 text-sm">
        <span className="shrink-0 font-medium">{t("expression")}</span>
        <Clipped text={expr} max={CRON_CLIP.expression} className="min-w-0 rounded bg-muted px-2 py-1 font-mono" />
      </div>
      {description && (
        <p className="text-sm text-muted-foreground">
          {t("description")}: {description}
        </p>
      )}
      <div className="text-sm">
        <p className="mb-1 font-medium">{t("preview")}</p>
        <ol className="space-y-0.5 font-mono text-xs" data-testid="cron-runs">
          {preview.runs.map((d) => (
            <li key={d.getTime()}>{formatDateTime(d)}</li>
          ))}
        </ol>
        {note && <p className={cn("mt-1 text-xs", note.key === "invalid" ? "text-destructive" : "text-muted-foreground")}>{t(note.key, { n: note.n })}</p>}
      </div>
    </div>
  );
}

export function CronDialog({ open, onOpenChange, value, onConfirm }: { open: boolean; onOpenChange: (open: boolean) => void; value?: string | null; onConfirm: (expr: string) => void }) {
  const t = useTranslations("widgets.cron");
  const tc = useTranslations("common.actions");
  const [draft, setDraft] = useState(CRON_DEFAULT_DIALOG);
  useEffect(() => {
    if (open) setDraft(value && splitCron(value) ? value.trim() : CRON_DEFAULT_DIALOG);
  }, [open, value]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
        </DialogHeader>
        <CronEditor value={draft} onChange={setDraft} fallback={CRON_DEFAULT_DIALOG} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {tc("cancel")}
          </Button>
          <Button type="button" variant="outline" onClick={() => setDraft(joinCron(CRON_RESET))}>
            {t("reset")}
          </Button>
          <Button
            type="button"
            onClick={() => {
              onConfirm(draft);
              onOpenChange(false);
            }}
          >
            {tc("confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A read-only field showing the expression; the dialog edits it. Controlled, for `Controller`. */
export function CronPicker({ value, onChange, disabled, id, className }: { value?: string | null; onChange: (expr: string) => void; disabled?: boolean; id?: string; className?: string }) {
  const t = useTranslations("widgets.cron");
  const [open, setOpen] = useState(false);
  return (
    <div className={cn("flex gap-2", className)}>
      <button
        id={id}
        type="button"
        disabled={disabled}
        onClick={() => setOpen(true)}
        className="flex h-9 min-w-0 flex-1 items-center rounded-md border border-input bg-background px-3 text-left font-mono text-sm disabled:opacity-50"
      >
        {value ? <Clipped text={value} max={CRON_CLIP.expression} className="truncate" /> : <span className="font-sans text-muted-foreground">{t("placeholder")}</span>}
      </button>
      <Button type="button" variant="outline" size="icon" disabled={disabled} aria-label={t("title")} onClick={() => setOpen(true)}>
        <CalendarClockIcon />
      </Button>
      <CronDialog open={open} onOpenChange={setOpen} value={value} onConfirm={onChange} />
    </div>
  );
}
