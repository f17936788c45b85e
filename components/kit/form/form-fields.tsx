"use client";

import * as React from "react";
import { Controller, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useTranslations } from "next-intl";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { DateInput } from "@/components/ui/date-input";
import { cn } from "@/lib/utils";
import { useDict } from "../dict/use-dict";
import { useRemoteOptions } from "../dict/use-remote-options";
import type { DialogMode, FormField } from "../resource/define-resource";
import { NumberInput } from "./number-input";
import { fieldRequired } from "./required";
import { useZodLoaded } from "@/lib/zod-ready";
import { MultiSelectField, SelectField } from "./select-field";
import { AreaCascader } from "./area-cascader";
import { DocumentUpload, ImageUpload } from "../upload";
import { RichTextEditor } from "../rich-text-editor";

type Props = {
  fields: readonly FormField[];
  form: UseFormReturn<FieldValues>;
  mode: DialogMode;
  /** Translates a label key of the resource. */
  label: (key: string) => string;
  columns: 1 | 2;
};

/** The form grid: label, control and message per field (two columns on wide dialogs). */
export function FormFields({ fields, form, mode, label, columns }: Props) {
  const values = form.watch();
  // Required marks are read from the rules: render again once zod has loaded.
  useZodLoaded();
  return (
    <div className={cn("grid gap-x-6 gap-y-4", columns === 2 ? "sm:grid-cols-2" : "grid-cols-1")}>
      {fields
        .filter((f) => !f.show || f.show(values, mode))
        .map((f) => (
          <FieldRow key={f.name} field={f} form={form} mode={mode} label={label} full={columns === 1 || !!f.full || f.type === "textarea" || f.type === "custom" || f.type === "richText" || !!f.multiple} />
        ))}
    </div>
  );
}

function FieldRow({ field: f, form, mode, label, full }: { field: FormField; form: UseFormReturn<FieldValues>; mode: DialogMode; label: (key: string) => string; full: boolean }) {
  const id = `field-${f.name}`;
  const error = form.formState.errors[f.name]?.message ?? (f.name2 ? form.formState.errors[f.name2]?.message : undefined);
  return (
    <div className={cn("flex flex-col gap-1.5", full && "sm:col-span-2")} data-field={f.name}>
      <Label htmlFor={id} className="text-[13px] text-muted-foreground">
        {fieldRequired(f) && <span className="mr-0.5 text-destructive">*</span>}
        {label(f.label)}
      </Label>
      <FieldControl field={f} form={form} mode={mode} id={id} invalid={!!error} label={label} />
      {error ? (
        <p className="text-xs text-destructive" role="alert">
          {String(error)}
        </p>
      ) : f.hint ? (
        <p className="text-xs text-muted-foreground">{label(f.hint)}</p>
      ) : null}
    </div>
  );
}

function FieldControl({ field: f, form, mode, id, invalid, label }: { field: FormField; form: UseFormReturn<FieldValues>; mode: DialogMode; id: string; invalid: boolean; label: (key: string) => string }) {
  const t = useTranslations("kit");
  const dict = useDict(f.dict);
  const remote = useRemoteOptions(f.remote);
  const options = f.remote ? remote : dict;
  const disabled = mode === "view" || (typeof f.disabled === "function" ? f.disabled(mode) : !!f.disabled);
  const placeholder = f.placeholder ? label(f.placeholder) : undefined;
  const type = f.type ?? "text";
  if (type === "daterange") return <DateRange field={f} form={form} disabled={disabled} id={id} invalid={invalid} />;
  return (
    <Controller
      control={form.control}
      name={f.name}
      render={({ field: control }) => {
        const field = f.onValue
          ? {
              ...control,
              onChange: (v: unknown) => {
                control.onChange(v);
                f.onValue!(form.getValues(f.name), form);
              },
            }
          : control;
        const common = { id, disabled, "aria-invalid": invalid || undefined };
        const str = field.value === null || field.value === undefined ? "" : String(field.value);
        switch (type) {
          case "textarea":
            return <Textarea {...common} rows={3} placeholder={placeholder} value={str} onChange={field.onChange} onBlur={field.onBlur} name={field.name} />;
          case "number":
            return <NumberInput {...common} className="h-8" placeholder={placeholder} value={field.value} min={f.min} max={f.max} floatNum={f.floatNum} onChange={field.onChange} onBlur={field.onBlur} />;
          case "password":
            return <Input {...common} className="h-8" type="password" autoComplete="new-password" placeholder={placeholder} value={str} onChange={field.onChange} onBlur={field.onBlur} />;
          case "select":
            return <SelectField id={id} options={options} value={field.value} onChange={field.onChange} placeholder={placeholder} disabled={disabled} invalid={invalid} clearable={!fieldRequired(f)} />;
          case "multiselect":
            return <MultiSelectField id={id} options={options} value={Array.isArray(field.value) ? field.value : []} onChange={field.onChange} placeholder={placeholder} disabled={disabled} invalid={invalid} />;
          case "cascader":
            return <AreaCascader id={id} value={str} onChange={field.onChange} disabled={disabled} invalid={invalid} placeholder={placeholder} />;
          case "date":
          case "datetime":
          case "time":
            return (
              <DateInput
                {...common}
                className="h-8"
                kind={type === "datetime" ? "datetime-local" : type}
                value={type === "datetime" ? str.replace(" ", "T").slice(0, 16) : str.slice(0, type === "date" ? 10 : 8)}
                onChange={(e) => field.onChange(type === "datetime" && e.target.value ? `${e.target.value.replace("T", " ")}:00` : e.target.value)}
                onBlur={field.onBlur}
              />
            );
          case "switch": {
            const on = f.on ?? 1;
            const off = f.off ?? 2;
            return <Switch id={id} disabled={disabled} checked={String(field.value) === String(on)} onCheckedChange={(c) => field.onChange(c ? on : off)} />;
          }
          case "radio":
            return (
              <RadioGroup id={id} disabled={disabled} value={str} onValueChange={(v) => field.onChange(options.find((o) => String(o.value) === v)?.value ?? v)} className="min-h-8 gap-y-2">
                {options.map((o) => (
                  <label key={String(o.value)} className="flex items-center gap-1.5 text-sm">
                    <RadioGroupItem value={String(o.value)} />
                    {o.label}
                  </label>
                ))}
              </RadioGroup>
            );
          case "color":
            return (
              <div className="flex items-center gap-2">
                <input type="color" aria-label={label(f.label)} disabled={disabled} className="h-8 w-10 cursor-pointer rounded border border-input bg-background p-0.5" value={/^#[0-9a-f]{6}$/i.test(str) ? str : "#000000"} onChange={field.onChange} />
                <Input {...common} className="h-8" placeholder="#409EFF" value={str} onChange={field.onChange} onBlur={field.onBlur} />
              </div>
            );
          case "image":
          case "document": {
            const Upload = type === "image" ? ImageUpload : DocumentUpload;
            const rules = { id, purpose: f.purpose, disabled, "aria-invalid": invalid, ...(type === "image" && f.sizeHint ? { sizeHint: f.sizeHint } : {}) };
            return f.multiple ? (
              <Upload {...rules} limit={f.limit} value={Array.isArray(field.value) ? field.value : []} onChange={field.onChange} />
            ) : (
              <Upload {...rules} single value={str} onChange={field.onChange} />
            );
          }
          case "richText":
            return <RichTextEditor id={id} value={str} onChange={field.onChange} disabled={disabled} aria-invalid={invalid} />;
          case "custom":
            return <>{f.render?.({ field, form, disabled, invalid, id }) ?? null}</>;
          default:
            return <Input {...common} className="h-8" placeholder={placeholder ?? t("search.placeholder")} value={str} onChange={field.onChange} onBlur={field.onBlur} name={field.name} />;
        }
      }}
    />
  );
}

/** Two dates written to `name` and `name2`. */
function DateRange({ field: f, form, disabled, id, invalid }: { field: FormField; form: UseFormReturn<FieldValues>; disabled: boolean; id: string; invalid: boolean }) {
  const t = useTranslations("kit.search");
  const second = f.name2 ?? `${f.name}End`;
  return (
    <div className="flex items-center gap-2">
      <Controller control={form.control} name={f.name} render={({ field }) => <DateInput id={id} className="h-8" aria-label={t("start")} aria-invalid={invalid || undefined} disabled={disabled} value={String(field.value ?? "").slice(0, 10)} onChange={field.onChange} />} />
      <span className="text-muted-foreground">–</span>
      <Controller control={form.control} name={second} render={({ field }) => <DateInput className="h-8" aria-label={t("end")} aria-invalid={invalid || undefined} disabled={disabled} value={String(field.value ?? "").slice(0, 10)} onChange={field.onChange} />} />
    </div>
  );
}
