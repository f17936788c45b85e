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
  const texts = (): I18nTexts => {
    const v = form.getValues("i18n") as I18nTexts | "" | undefined;
    return v && typeof v === "object" ? v : {};
  };
  return (
    <MultilingualText
      id={id}
      value={String(field.value ?? "")}
      onChange={field.onChange}
      onBlur={field.onBlur}
      texts={() => texts()[field.name]}
      onTexts={(name, own) => {
        form.setValue("i18n", { ...texts(), [field.name]: name }, { shouldDirty: true });
        if (own) field.onChange(own);
      }}
      disabled={disabled}
      invalid={invalid}
    />
  );
}

/**
 * A text in the console's language with the multilingual-name dialog beside it, for a text that is
 * not a form field of its own (a function's parameter name, an enum item's label): `texts` its
 * names in every language, `onTexts` takes them back with the console language's, which the input shows.
 */
export function MultilingualText({
  id,
  value,
  onChange,
  onBlur,
  texts,
  onTexts,
  disabled,
  invalid,
  label,
  testId,
  maxLength = NAME_MAX,
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  texts: () => I18nName | undefined;
  /** The names saved in the dialog, and the console language's among them (the input's new text, if given). */
  onTexts: (name: I18nName, own: string | undefined) => void;
  disabled?: boolean;
  invalid?: boolean;
  label?: string;
  testId?: string;
  maxLength?: number;
}) {
  const t = useTranslations("kit.multilingual");
  const locale = useLocale() as Locale;
  const own = React.useId();
  const inputId = id ?? own;
  const [open, setOpen] = React.useState(false);
  const [draft, setDraft] = React.useState<I18nName>({});
  const start = () => {
    setDraft({ ...texts(), [locale]: value });
    setOpen(true);
  };
  const save = () => {
    const name = Object.fromEntries(Object.entries(draft).map(([l, v]) => [l, (v ?? "").trim()]).filter(([, v]) => v)) as I18nName;
    // One call: a caller keeping both in one value must not apply the second over a stale first.
    onTexts(name, name[locale]);
    setOpen(false);
  };
  const open_ = label ? `${t("open")}: ${label}` : t("open");
  return (
    <div className="flex gap-2">
      <Input
        id={inputId}
        className="h-8"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        maxLength={maxLength}
        aria-label={label}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        data-testid={testId}
      />
      <Button type="button" size="icon" variant="outline" className="size-8 shrink-0" onClick={start} disabled={disabled} aria-label={open_} title={open_} data-testid={testId ? `${testId}.multilingual` : "multilingual-open"}>
        <LanguagesIcon />
      </Button>
      <MultilingualDialog open={open} onOpenChange={setOpen} id={inputId} draft={draft} onDraft={setDraft} onSave={save} />
    </div>
  );
}

/** A resource form's field config for a multilingual name. */
export const multilingualField = { type: "custom" as const, render: (p: CustomFieldProps) => <MultilingualInput {...p} /> };
