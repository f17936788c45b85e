"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SelectField } from "@/components/kit";
import { call } from "@/lib/api/call";
import { customPageApi, PAGE_DAYS, type CustomPageRow } from "@/lib/contract/report/page";
import { BlockEditor } from "./block-editor";

/** A custom page's title, the days it shows and its document of blocks; `onDone` gets the saved page, or null when cancelled. */
export function CustomPageEditor({ row, onDone }: { row: CustomPageRow; onDone: (saved: CustomPageRow | null) => void }) {
  const t = useTranslations("report.pages");
  const [title, setTitle] = useState(row.title);
  const [days, setDays] = useState(row.days);
  const [html, setHtml] = useState(row.content);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const saved = await call(customPageApi.save, { page: row.page as 1 | 2 | 3, title, days: days as 1 | 7 | 30, content: html });
      toast.success(t("saved"));
      onDone(saved);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="grid gap-3" data-testid="page-editor">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-56 flex-1 gap-1">
          <Label htmlFor="page-title">{t("pageTitle")}</Label>
          <Input id="page-title" maxLength={64} value={title} placeholder={t("title", { n: row.page })} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="grid w-40 gap-1">
          <Label htmlFor="page-days">{t("days")}</Label>
          <SelectField id="page-days" clearable={false} options={PAGE_DAYS.map((n) => ({ value: n, label: t("dayOption", { n }) }))} value={days} onChange={(v) => setDays(Number(v) || 7)} />
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{t("hint", { days })}</p>
      <BlockEditor value={html} onChange={setHtml} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => onDone(null)} disabled={busy}>
          {t("cancel")}
        </Button>
        <Button type="button" onClick={() => void save()} disabled={busy} data-testid="page-save">
          {t("save")}
        </Button>
      </div>
    </section>
  );
}
