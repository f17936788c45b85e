"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { KitDialog, SelectField } from "@/components/kit";
import { useSubmitOnce } from "@/components/kit/use-submit-once";
import { DateInput } from "@/components/ui/date-input";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { call, useCall } from "@/lib/api/call";
import { REPORT_REVIEW } from "@/lib/contract/report/enums";
import { CONCLUSION_LIMITS, reportInfoApi, type ReportInfoRow } from "@/lib/contract/report/report";
import { formatDateTime } from "@/lib/format";
import { reportTemplateApi } from "@/lib/contract/report/template";

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** Generate a report now: a template of the project over chosen days (default the last seven). */
export function GenerateDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const t = useTranslations("report.info.generate");
  const { data } = useCall(reportTemplateApi.page, { pageNum: 1, pageSize: 500 } as never);
  const templates = (data?.records ?? []).map((r) => ({ value: r.id, label: r.templateName }));
  const today = new Date();
  const [templateId, setTemplateId] = useState<number | "">("");
  const [start, setStart] = useState(day(new Date(today.getTime() - 7 * 86_400_000)));
  const [end, setEnd] = useState(day(new Date(today.getTime() - 86_400_000)));
  const [name, setName] = useState("");
  return (
    <KitDialog
      title={t("title")}
      width={520}
      onClose={onClose}
      testId="report-generate"
      actions={{
        disabled: !templateId,
        onSubmit: async () => {
          await call(reportInfoApi.save, { templateId: Number(templateId), start, end, reportName: name || undefined });
          toast.success(t("started"));
          onDone();
        },
      }}
    >
      <div className="grid gap-4">
        <Field id="gen-template" label={t("template")}>
          <SelectField id="gen-template" options={templates} value={templateId} onChange={(v) => setTemplateId(v === "" ? "" : Number(v))} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field id="gen-start" label={t("start")}>
            <DateInput id="gen-start" value={start} onChange={(e) => setStart(e.target.value)} />
          </Field>
          <Field id="gen-end" label={t("end")}>
            <DateInput id="gen-end" value={end} onChange={(e) => setEnd(e.target.value)} />
          </Field>
        </div>
        <Field id="gen-name" label={t("name")}>
          <Input id="gen-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Field>
      </div>
    </KitDialog>
  );
}

/** Review a generated report: approve (sent to the plan's recipients) or return it with a note. */
export function ReviewDialog({ row, onClose, onDone }: { row: ReportInfoRow; onClose: () => void; onDone: () => void }) {
  const t = useTranslations("report.info.reviewDialog");
  const [note, setNote] = useState("");
  const decide = async (review: 1 | 2) => {
    const done = await call(reportInfoApi.review, { id: row.id, review, note: note || undefined });
    // An approval says where the report went (in-site, e-mail or e-mail off on this server).
    if (done?.message) toast.success(done.message, { duration: 8000 });
    else toast.success(t("done"));
    onDone();
  };
  return (
    <KitDialog
      title={t("title", { name: row.reportName })}
      width={520}
      onClose={onClose}
      testId="report-review"
      footer={
        <div className="flex justify-end gap-2">
          <button type="button" className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" onClick={() => void decide(REPORT_REVIEW.returned)} data-testid="review-return">
            {t("return")}
          </button>
          <button type="button" className="rounded-md bg-primary px-3 py-1.5 text-sm text-primary-foreground hover:opacity-90" onClick={() => void decide(REPORT_REVIEW.approved)} data-testid="review-approve">
            {t("approve")}
          </button>
        </div>
      }
    >
      <div className="grid gap-3">
        {/* The reviewer sees that the conclusions are a person's, not the rules'. */}
        {row.conclusionsByName && row.conclusionsAt && (
          <p className="text-sm text-muted-foreground" data-testid="review-conclusions-edited">
            {t("conclusionsEdited", { name: row.conclusionsByName, at: formatDateTime(row.conclusionsAt) })}
          </p>
        )}
        <Field id="review-note" label={t("note")}>
          <Textarea id="review-note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </Field>
      </div>
    </KitDialog>
  );
}

const linesOf = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
const sameLines = (a: string[], b: string[]) => a.length === b.length && a.every((l, i) => l === b[i]);

/**
 * Edit a generated report's conclusions before approval: per conclusion block, one sentence a line,
 * starting from what the report carries (the rules' sentences until someone edits them). Saved, the
 * report is rendered again with them; text equal to the rules' everywhere is saved as "the rules'".
 */
export function ConclusionsDialog({ row, onClose, onDone }: { row: ReportInfoRow; onClose: () => void; onDone: () => void }) {
  const t = useTranslations("report.info.conclusions");
  const { data } = useCall(reportInfoApi.conclusions, { id: row.id });
  const [texts, setTexts] = useState<string[] | null>(null);
  const blocks = data?.blocks ?? [];
  const shown = texts ?? blocks.map((b) => b.lines.join("\n"));
  const empty = shown.some((text) => !linesOf(text).length);
  const [busy, save] = useSubmitOnce(async (all: string[][] | null) => {
    const asRules = all && all.every((lines, i) => sameLines(lines, blocks[i].rules));
    await call(reportInfoApi.updConclusions, { id: row.id, blocks: asRules ? null : all });
    toast.success(t("saved"));
    onDone();
  });
  return (
    <KitDialog
      title={t("title", { name: row.reportName })}
      width={760}
      onClose={onClose}
      testId="report-conclusions"
      footer={
        data && (
          <div className="flex flex-wrap items-center justify-end gap-2">
            {data.edited && data.editable && (
              <button type="button" disabled={busy} className="mr-auto rounded-md border px-3 py-1.5 text-sm hover:bg-accent disabled:opacity-50" onClick={() => void save(null)} data-testid="conclusions-rules">
                {t("useRules")}
              </button>
            )}
            <button type="button" className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" onClick={onClose}>
              {t("cancel")}
            </button>
            <button
              type="button"
              disabled={!data.editable || empty || busy}
              className="rounded-md bg-primary px-3 py-1.5 text-sm text-primary-foreground hover:opacity-90 disabled:opacity-50"
              onClick={() => void save(shown.map(linesOf))}
              data-testid="conclusions-save"
            >
              {t("save")}
            </button>
          </div>
        )
      }
    >
      {!data ? (
        <div className="h-40 animate-pulse rounded-md bg-muted/40" aria-busy="true" />
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground" data-testid="conclusions-state">
            {data.edited && data.editedBy && data.editedAt ? t("editedBy", { name: data.editedBy, at: formatDateTime(data.editedAt) }) : t("fromRules")}
            {!data.editable && ` ${t("locked")}`}
          </p>
          {!blocks.length && <p className="text-sm">{t("none")}</p>}
          {blocks.map((b, i) => (
            <div key={i} className="grid gap-1.5">
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor={`conclusion-${i}`}>{blocks.length > 1 ? t("block", { n: i + 1 }) : t("lines")}</Label>
                {data.editable && !sameLines(linesOf(shown[i]), b.rules) && (
                  <button type="button" className="text-xs text-primary hover:underline" onClick={() => setTexts(shown.map((text, j) => (j === i ? b.rules.join("\n") : text)))}>
                    {t("blockRules")}
                  </button>
                )}
              </div>
              <Textarea
                id={`conclusion-${i}`}
                rows={Math.min(10, Math.max(4, shown[i].split("\n").length + 1))}
                value={shown[i]}
                readOnly={!data.editable}
                maxLength={CONCLUSION_LIMITS.lines * (CONCLUSION_LIMITS.lineMax + 1)}
                onChange={(e) => setTexts(shown.map((text, j) => (j === i ? e.target.value : text)))}
              />
              {!linesOf(shown[i]).length && <p className="text-xs text-destructive">{t("emptyBlock")}</p>}
            </div>
          ))}
          <p className="text-xs text-muted-foreground">{t("hint")}</p>
        </div>
      )}
    </KitDialog>
  );
}
