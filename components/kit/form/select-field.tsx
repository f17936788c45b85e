"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { LazySelect } from "@/components/ui/lazy-select";
import { deferred, useDeferredPopup } from "@/components/ui/deferred";
import { cn } from "@/lib/utils";
import { FieldClear, FieldTrigger } from "./field-trigger";
import type { DictOption } from "../dict/use-dict";

// The popover (radix, popper) is closed at first paint: it loads when the browser is idle or on the first click.
const popoverPopup = deferred(() => import("./popover-popup").then((m) => m.PopoverPopup));
/** Its list (cmdk) renders only while open: not even loaded with the popover. */
const MultiSelectList = dynamic(() => import("./multi-select-list").then((m) => m.MultiSelectList), { ssr: false });

type Value = string | number | null | undefined | "";
/** Values compare as strings (URL and form values are strings, enums numbers). */
const same = (a: unknown, b: unknown) => a !== undefined && a !== null && a !== "" && String(a) === String(b);

/** Single select over dictionary options; clearable shows an × when a value is set. */
export function SelectField({
  options,
  value,
  onChange,
  placeholder,
  clearable = true,
  disabled,
  className,
  invalid,
  id,
  name,
  label,
}: {
  options: readonly DictOption[];
  value: Value;
  onChange: (v: string | number | "") => void;
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  className?: string;
  invalid?: boolean;
  id?: string;
  name?: string;
  /** Accessible name, for a select without a label pointing at `id`. */
  label?: string;
}) {
  const t = useTranslations("kit");
  const current = options.find((o) => same(o.value, value));
  return (
    <div className={cn("group relative", className)}>
      <LazySelect
        value={current ? String(current.value) : ""}
        onValueChange={(v) => onChange(options.find((o) => String(o.value) === v)?.value ?? v)}
        options={options.map((o) => ({ value: String(o.value), label: o.label }))}
        placeholder={placeholder ?? t("search.select")}
        disabled={disabled}
        name={name}
        trigger={{ id, className: "h-8", "aria-invalid": invalid || undefined, "aria-label": label }}
      />
      {clearable && current && !disabled && <FieldClear onClear={() => onChange("")} />}
    </div>
  );
}

/** Multiple select: a searchable list with checks; the trigger shows the chosen labels. */
export function MultiSelectField({
  options,
  value,
  onChange,
  placeholder,
  disabled,
  className,
  invalid,
  id,
}: {
  options: readonly DictOption[];
  value: readonly (string | number)[] | null | undefined;
  onChange: (v: (string | number)[]) => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  invalid?: boolean;
  id?: string;
}) {
  const t = useTranslations("kit");
  const chosen = value ?? [];
  const labels = options.filter((o) => chosen.some((v) => same(o.value, v))).map((o) => o.label);
  const toggle = (o: DictOption) => onChange(chosen.some((v) => same(o.value, v)) ? chosen.filter((v) => !same(o.value, v)) : [...chosen, o.value]);
  const { Part: Popup, open, setOpen, triggerProps } = useDeferredPopup(popoverPopup, "dialog");
  const isOn = (o: DictOption) => chosen.some((v) => same(o.value, v));
  const trigger = (
    <FieldTrigger
      id={id}
      disabled={disabled}
      invalid={invalid}
      className={className}
      empty={!labels.length}
      shown={labels.length ? labels.join(", ") : (placeholder ?? t("search.select"))}
      {...triggerProps}
    />
  );
  return Popup ? (
    <Popup trigger={trigger} open={open} onOpenChange={setOpen} className="w-[var(--radix-popover-trigger-width)] min-w-48 p-0">
      <MultiSelectList options={options} isOn={isOn} onToggle={toggle} />
    </Popup>
  ) : (
    trigger
  );
}
