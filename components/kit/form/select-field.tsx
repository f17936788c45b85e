"use client";

import { ChevronDownIcon, XIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";
import type { DictOption } from "../dict/use-dict";

/** Its list (cmdk) renders only while open: not in the first load of a list's search bar. */
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
}) {
  const t = useTranslations("kit");
  const current = options.find((o) => same(o.value, value));
  return (
    <div className={cn("group relative", className)}>
      <Select
        value={current ? String(current.value) : ""}
        onValueChange={(v) => onChange(options.find((o) => String(o.value) === v)?.value ?? v)}
        disabled={disabled}
        name={name}
      >
        <SelectTrigger id={id} className="h-8" aria-invalid={invalid || undefined}>
          <SelectValue placeholder={placeholder ?? t("search.select")} />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={String(o.value)} value={String(o.value)}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {clearable && current && !disabled && (
        <button
          type="button"
          aria-label={t("actions.clear")}
          className="absolute top-1/2 right-7 hidden -translate-y-1/2 rounded-full text-muted-foreground group-hover:block hover:text-foreground"
          onClick={() => onChange("")}
        >
          <XIcon className="size-3.5" />
        </button>
      )}
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
  return (
    <Popover>
      <PopoverTrigger asChild disabled={disabled}>
        <button
          id={id}
          type="button"
          aria-invalid={invalid || undefined}
          className={cn(
            "flex h-8 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-sm shadow-xs outline-none focus-visible:border-primary disabled:opacity-50 aria-invalid:border-destructive",
            className,
          )}
        >
          <span className={cn("truncate", !labels.length && "text-muted-foreground")}>{labels.length ? labels.join(", ") : (placeholder ?? t("search.select"))}</span>
          <ChevronDownIcon className="size-4 shrink-0 opacity-50" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-48 p-0">
        <MultiSelectList options={options} isOn={(o) => chosen.some((v) => same(o.value, v))} onToggle={toggle} />
      </PopoverContent>
    </Popover>
  );
}
