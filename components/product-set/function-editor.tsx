"use client";

import { useTranslations } from "next-intl";
import { PlusIcon, Trash2Icon } from "lucide-react";
import type { FieldError, FieldErrors, FieldValues } from "react-hook-form";
import { DATA_TYPES } from "@/lib/contract/device/enums";
import { NUMERIC_TYPES } from "@/lib/contract/device/enums";
import type { DataTypeName } from "@/lib/contract/device/thing-model";
import { SelectField, useDict, type CustomFieldProps } from "@/components/kit";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { MultilingualText } from "@/components/kit/form/multilingual-input";
import type { I18nName, I18nTexts } from "@/lib/contract/i18n-text";

/**
 * The function editor's data-type part (core §3 thing-model function): the fields each data type
 * needs — range, step and unit of numbers, enumeration items, text length, bool labels, struct
 * members, array element and size — recursively, as `dataSpec` in lib/contract/device/thing-model
 * describes them. Members of a struct cannot be structs (nor arrays of structs), array elements
 * cannot be arrays: those types are not offered there. Errors are read from the form at the
 * nested path the schema reports them.
 */

type Value = Record<string, unknown>;
type Where = { inStruct?: boolean; inArray?: boolean };

/**
 * A part's text (a parameter's name, an enum item's or a bool's label) with the multilingual-name
 * dialog: its names in every language go to the part's own `i18n` under the field's name.
 */
function partText(part: Value, key: string, set: (patch: Value) => void) {
  const texts = (part.i18n ?? {}) as I18nTexts;
  return {
    value: String(part[key] ?? ""),
    onChange: (v: string) => set({ [key]: v }),
    texts: () => texts[key],
    onTexts: (name: I18nName, own: string | undefined) => set({ i18n: { ...texts, [key]: name }, ...(own ? { [key]: own } : {}) }),
  };
}

const NEW_SPEC: Record<DataTypeName, () => Value> = {
  int32: () => ({ type: "int32", min: "", max: "", step: "", unit: "" }),
  int32u: () => ({ type: "int32u", min: "", max: "", step: "", unit: "" }),
  float: () => ({ type: "float", min: "", max: "", step: "", unit: "" }),
  double: () => ({ type: "double", min: "", max: "", step: "", unit: "" }),
  enum: () => ({ type: "enum", items: [{ value: "", text: "" }] }),
  bool: () => ({ type: "bool", trueText: "", falseText: "" }),
  text: () => ({ type: "text", length: 255 }),
  date: () => ({ type: "date" }),
  struct: () => ({ type: "struct", members: [] }),
  array: () => ({ type: "array", size: 10, element: NEW_SPEC.int32() }),
};
export const newParam = (): Value => ({ identifier: "", name: "", dataType: NEW_SPEC.int32() });

/** The error the schema reported at `path` (a.b.0.c), if any. */
function errorAt(errors: FieldErrors<FieldValues>, path: string): FieldError | undefined {
  let node: unknown = errors;
  for (const k of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[k] : undefined;
  const e = node as FieldError | undefined;
  return e && typeof e.message === "string" ? e : undefined;
}

/** The form's resolver has already localised the message. */
function Err({ errors, path }: { errors: FieldErrors<FieldValues>; path: string }) {
  const e = errorAt(errors, path);
  return e?.message ? (
    <p className="text-xs text-destructive" data-error-for={path}>
      {e.message}
    </p>
  ) : null;
}

function Labelled({ label, errors, path, children }: { label: string; errors: FieldErrors<FieldValues>; path: string; children: React.ReactNode }) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs text-muted-foreground">
      {label}
      {children}
      <Err errors={errors} path={path} />
    </label>
  );
}

type SpecProps = {
  value: Value | null | undefined;
  onChange: (v: Value) => void;
  path: string;
  errors: FieldErrors<FieldValues>;
  disabled: boolean;
  where?: Where;
  /** The id of the form's own "data type" label: the type select takes it instead of repeating the label. */
  labelledId?: string;
};

/** One data type: its type select and the fields that type needs. */
export function DataSpecEditor({ value, onChange, path, errors, disabled, where = {}, labelledId }: SpecProps) {
  const t = useTranslations("product.editor");
  const typeOptions = useDict("dataType").filter((o) => !(where.inStruct && o.value === "struct") && !(where.inArray && o.value === "array"));
  const v = value ?? {};
  const type = (DATA_TYPES as readonly string[]).includes(String(v.type)) ? (v.type as DataTypeName) : undefined;
  const set = (patch: Value) => onChange({ ...v, ...patch });
  const text = (key: string, label: string, inputMode?: "decimal" | "numeric") => (
    <Labelled label={label} errors={errors} path={`${path}.${key}`}>
      <Input className="h-8" aria-label={label} inputMode={inputMode} disabled={disabled} value={String(v[key] ?? "")} onChange={(e) => set({ [key]: e.target.value })} data-testid={`${path}.${key}`} />
    </Labelled>
  );
  const select = (
    <SelectField
      id={labelledId ?? `${path}-type`}
      options={typeOptions}
      value={type ?? ""}
      clearable={false}
      disabled={disabled}
      onChange={(next) => onChange(NEW_SPEC[String(next) as DataTypeName]?.() ?? {})}
    />
  );
  return (
    <div className="space-y-2" data-testid={`spec-${path}`}>
      {labelledId ? (
        <div className="flex flex-col gap-1">
          {select}
          <Err errors={errors} path={`${path}.type`} />
        </div>
      ) : (
        <Labelled label={t("dataType")} errors={errors} path={`${path}.type`}>
          {select}
        </Labelled>
      )}
      {type && (NUMERIC_TYPES as readonly string[]).includes(type) && (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {text("min", t("min"), "decimal")}
          {text("max", t("max"), "decimal")}
          {text("step", t("step"), "decimal")}
          {text("unit", t("unit"))}
        </div>
      )}
      {type === "text" && <div className="w-40">{text("length", t("length"), "numeric")}</div>}
      {type === "bool" && (
        <div className="grid grid-cols-2 gap-2">
          {(["trueText", "falseText"] as const).map((key) => (
            <Labelled key={key} label={t(key)} errors={errors} path={`${path}.${key}`}>
              <MultilingualText {...partText(v, key, set)} label={t(key)} maxLength={32} disabled={disabled} testId={`${path}.${key}`} />
            </Labelled>
          ))}
        </div>
      )}
      {type === "enum" && <EnumItems items={(v.items as Value[]) ?? []} onChange={(items) => set({ items })} path={path} errors={errors} disabled={disabled} />}
      {type === "struct" && (
        <div className="rounded-md border p-2">
          <ParamsEditor label={t("members")} value={(v.members as Value[]) ?? []} onChange={(members) => set({ members })} path={`${path}.members`} errors={errors} disabled={disabled} where={{ inStruct: true }} />
        </div>
      )}
      {type === "array" && (
        <div className="space-y-2 rounded-md border p-2">
          <div className="w-40">{text("size", t("size"), "numeric")}</div>
          <p className="text-xs font-medium">{t("element")}</p>
          <DataSpecEditor value={v.element as Value} onChange={(element) => set({ element })} path={`${path}.element`} errors={errors} disabled={disabled} where={{ ...where, inArray: true }} />
        </div>
      )}
    </div>
  );
}

function EnumItems({ items, onChange, path, errors, disabled }: { items: Value[]; onChange: (v: Value[]) => void; path: string; errors: FieldErrors<FieldValues>; disabled: boolean }) {
  const t = useTranslations("product.editor");
  const put = (i: number, patch: Value) => onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  return (
    <div className="space-y-1.5">
      <p className="text-xs font-medium">{t("enumItems")}</p>
      {items.map((it, i) => (
        <div key={i} className="flex items-start gap-2">
          <Labelled label={t("enumValue")} errors={errors} path={`${path}.items.${i}.value`}>
            <Input className="h-8 w-28" inputMode="numeric" aria-label={t("enumValue")} disabled={disabled} value={String(it.value ?? "")} onChange={(e) => put(i, { value: e.target.value })} data-testid={`${path}.items.${i}.value`} />
          </Labelled>
          <Labelled label={t("enumText")} errors={errors} path={`${path}.items.${i}.text`}>
            <MultilingualText {...partText(it, "text", (patch) => put(i, patch))} label={t("enumText")} maxLength={32} disabled={disabled} testId={`${path}.items.${i}.text`} />
          </Labelled>
          <Button type="button" variant="ghost" size="icon" className="mt-5 size-8" aria-label={t("remove")} disabled={disabled} onClick={() => onChange(items.filter((_, j) => j !== i))}>
            <Trash2Icon className="size-4" />
          </Button>
        </div>
      ))}
      <Err errors={errors} path={`${path}.items`} />
      <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => onChange([...items, { value: "", text: "" }])}>
        <PlusIcon className="size-4" />
        {t("addEnumItem")}
      </Button>
    </div>
  );
}

type ParamsProps = { label: string; value: Value[]; onChange: (v: Value[]) => void; path: string; errors: FieldErrors<FieldValues>; disabled: boolean; where?: Where };

/** Struct members, event outputs or service inputs/outputs: identifier, name and a data type each. */
export function ParamsEditor({ label, value, onChange, path, errors, disabled, where = {} }: ParamsProps) {
  const t = useTranslations("product.editor");
  const put = (i: number, patch: Value) => onChange(value.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <div className="space-y-2" data-testid={`params-${path}`}>
      <p className="text-xs font-medium">{label}</p>
      {value.map((p, i) => (
        <div key={i} className="space-y-2 rounded-md bg-muted/40 p-2">
          <div className="flex items-start gap-2">
            <Labelled label={t("identifier")} errors={errors} path={`${path}.${i}.identifier`}>
              <Input className="h-8" aria-label={t("identifier")} disabled={disabled} value={String(p.identifier ?? "")} onChange={(e) => put(i, { identifier: e.target.value })} data-testid={`${path}.${i}.identifier`} />
            </Labelled>
            <Labelled label={t("name")} errors={errors} path={`${path}.${i}.name`}>
              <MultilingualText {...partText(p, "name", (patch) => put(i, patch))} label={t("name")} disabled={disabled} testId={`${path}.${i}.name`} />
            </Labelled>
            <Button type="button" variant="ghost" size="icon" className="mt-5 size-8" aria-label={t("remove")} disabled={disabled} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <Trash2Icon className="size-4" />
            </Button>
          </div>
          <DataSpecEditor value={p.dataType as Value} onChange={(dataType) => put(i, { dataType })} path={`${path}.${i}.dataType`} errors={errors} disabled={disabled} where={where} />
        </div>
      ))}
      <Err errors={errors} path={path} />
      <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => onChange([...value, newParam()])} data-testid={`add-${path}`}>
        <PlusIcon className="size-4" />
        {t("addParam")}
      </Button>
    </div>
  );
}

/** The form adapters: a function's data type, and its parameter lists. */
export function DataTypeField({ id, field, form, disabled }: CustomFieldProps) {
  return <DataSpecEditor value={field.value as Value} onChange={field.onChange} path={field.name} errors={form.formState.errors} disabled={disabled} labelledId={id} />;
}

export function ParamsField({ field, form, disabled }: CustomFieldProps) {
  const t = useTranslations("product.editor");
  return <ParamsEditor label={t(field.name === "inputParams" ? "inputParams" : "outputParams")} value={(field.value as Value[]) ?? []} onChange={field.onChange} path={field.name} errors={form.formState.errors} disabled={disabled} />;
}
