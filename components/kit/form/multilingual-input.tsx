"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { LanguagesIcon } from "lucide-react";
import type { I18nName, I18nTexts } from "@/lib/contract/i18n-text";
import type { Locale } from "@/lib/contract/locale";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { CustomFieldProps } from "../resource/define-resource";

/** The longest name in any language (the field and its dialog). */
export const NAME_MAX = 64;

// The dialog (radix) loads with the form, not with the list the form belongs to.
const MultilingualDialog = dynamic(() => import("./multilingual-dialog").then((m) => m.MultilingualDialog), { ssr: false });

/**
 * A name field with the multilingual-name dialog (widgets §2, §3, §5): the input is the name in
 * the console's language; the dialog gives it in every language, into the form's `i18n` value,
 * which the cloud keeps so each user reads the name in their own language.
 */
export function MultilingualInput({ field, id, form, disabled, invalid }: CustomFieldProps) {
  const t = useTranslations("kit.multilingual");
  const locale = useLocale() as Locale;
  const [open, setOpen] = React.useState(false);
  const [draft, setDraft] = React.useState<I18nName>({});
  const texts = (): I18nTexts => {
    const v = form.getValues("i18n") as I18nTexts | "" | undefined;
    return v && typeof v === "object" ? v : {};
  };
  const start = () => {
    setDraft({ ...texts()[field.name], [locale]: String(field.value ?? "") });
    setOpen(true);
  };
  const save = () => {
    const name = Object.fromEntries(Object.entries(draft).map(([l, v]) => [l, (v ?? "").trim()]).filter(([, v]) => v)) as I18nName;
    form.setValue("i18n", { ...texts(), [field.name]: name }, { shouldDirty: true });
    if (name[locale]) field.onChange(name[locale]);
    setOpen(false);
  };
  return (
    <div className="flex gap-2">
      <Input id={id} className="h-8" value={String(field.value ?? "")} onChange={field.onChange} onBlur={field.onBlur} maxLength={NAME_MAX} aria-invalid={invalid || undefined} disabled={disabled} />
      <Button type="button" size="icon" variant="outline" className="size-8 shrink-0" onClick={start} disabled={disabled} aria-label={t("open")} title={t("open")} data-testid="multilingual-open">
        <LanguagesIcon />
      </Button>
      <MultilingualDialog open={open} onOpenChange={setOpen} id={id} draft={draft} onDraft={setDraft} onSave={save} />
    </div>
  );
}

/** A resource form's field config for a multilingual name. */
export const multilingualField = { type: "custom" as const, render: (p: CustomFieldProps) => <MultilingualInput {...p} /> };
