"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { KitDialog, SelectField } from "@/components/kit";
import { DateInput } from "@/components/ui/date-input";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { call, useCall } from "@/lib/api/call";
import { REPORT_REVIEW } from "@/lib/contract/report/enums";
import { reportInfoApi, type ReportInfoRow } from "@/lib/contract/report/report";
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
      <Field id="review-note" label={t("note")}>
        <Textarea id="review-note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </Field>
    </KitDialog>
  );
}
