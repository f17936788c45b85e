"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { DateInput } from "@/components/ui/date-input";
import { useDict } from "../dict/use-dict";
import { useRemoteOptions } from "../dict/use-remote-options";
import { NumberInput } from "../form/number-input";
import { MultiSelectField, SelectField } from "../form/select-field";
import type { SearchItem, Span } from "../resource/define-resource";
import { QuickRanges } from "./quick-ranges";

const DEFAULT_SPAN: Required<Span> = { xs: 12, sm: 8, md: 4, lg: 4 };

/**
 * The advanced search's grid of items (selects, numbers, dates, ranges): its own chunk, loaded when a
 * list shows it — most lists open in simple mode (one keyword box).
 */
export default function SearchFields({ items, values, onChange, label }: { items: SearchItem[]; values: Record<string, unknown>; onChange: (name: string, v: unknown) => void; label: (key: string) => string }) {
  return items.map((item) => <SearchField key={item.prop} item={item} value={values[item.prop]} onChange={(v) => onChange(item.prop, v)} label={label} />);
}

function spanStyle(span: Span | undefined): React.CSSProperties {
  const s = { ...DEFAULT_SPAN, ...span };
  return { "--xs": s.xs, "--sm": s.sm, "--md": s.md, "--lg": s.lg } as React.CSSProperties;
}

function SearchField({ item, value, onChange, label }: { item: SearchItem; value: unknown; onChange: (v: unknown) => void; label: (key: string) => string }) {
  const t = useTranslations("kit.search");
  const id = `search-${item.prop}`;
  const text = label(item.label);
  const wide = item.type === "date2" || item.type === "time1";
  return (
    <div
      className="col-span-(--xs) flex min-w-0 items-center gap-2 sm:col-span-(--sm) md:col-span-(--md) lg:col-span-(--lg)"
      style={spanStyle(wide ? { xs: 24, sm: 16, md: 8, lg: 8, ...item.span } : item.span)}
    >
      <label htmlFor={id} className="max-w-[7rem] shrink-0 truncate text-sm text-muted-foreground" title={text}>
        {text}
      </label>
      <div className="min-w-0 flex-1">
        <SearchControl item={item} id={id} value={value} onChange={onChange} placeholder={item.placeholder ? label(item.placeholder) : undefined} t={t} />
      </div>
    </div>
  );
}

type T = (key: string) => string;
function SearchControl({ item, id, value, onChange, placeholder, t }: { item: SearchItem; id: string; value: unknown; onChange: (v: unknown) => void; placeholder?: string; t: T }) {
  const dict = useDict(item.dict);
  const remote = useRemoteOptions(item.type === "select2" ? item.remote : undefined);
  const options = item.type === "select2" && item.remote ? remote : dict;
  const str = value === null || value === undefined ? "" : String(value);
  switch (item.type) {
    case "number":
      return <NumberInput id={id} className="h-8" placeholder={placeholder ?? t("placeholder")} disabled={item.disabled} value={str} min={item.min} max={item.max} floatNum={item.floatNum} onChange={onChange} />;
    case "select":
    case "select2":
      return item.multiple ? (
        <MultiSelectField id={id} options={options} value={Array.isArray(value) ? value : []} onChange={onChange} placeholder={placeholder} disabled={item.disabled} />
      ) : (
        <SelectField id={id} options={options} value={str} onChange={onChange} placeholder={placeholder} disabled={item.disabled} clearable={item.clearable !== false} />
      );
    case "date":
      return <DateInput id={id} className="h-8" disabled={item.disabled} value={str.slice(0, 10)} onChange={(e) => onChange(e.target.value)} />;
    case "time":
      return <DateInput id={id} kind="time" className="h-8" disabled={item.disabled} value={str} onChange={(e) => onChange(e.target.value)} />;
    case "date2":
    case "time1": {
      const pair = Array.isArray(value) ? (value as string[]) : ["", ""];
      const kind = item.type === "date2" ? "date" : "time";
      const set = (i: 0 | 1, v: string) => onChange(i === 0 ? [v, pair[1] ?? ""] : [pair[0] ?? "", v]);
      // The two dates keep a readable width (up to the cell's); the quick ranges wrap below them when the row is narrow.
      return (
        <div className="flex flex-wrap items-center gap-1">
          <div className={cn("flex flex-1 items-center gap-1", kind === "time" ? "min-w-[min(22rem,100%)]" : "min-w-[min(17rem,100%)]")}>
            <DateInput id={id} kind={kind} className="h-8 min-w-0 px-2" aria-label={t("start")} disabled={item.disabled} value={pair[0] ?? ""} onChange={(e) => set(0, e.target.value)} />
            <span className="text-muted-foreground">–</span>
            <DateInput kind={kind} className="h-8 min-w-0 px-2" aria-label={t("end")} disabled={item.disabled} value={pair[1] ?? ""} onChange={(e) => set(1, e.target.value)} />
          </div>
          {item.type === "date2" && item.quick !== false && <QuickRanges onPick={onChange} />}
        </div>
      );
    }
    default:
      return <Input id={id} className="h-8" placeholder={placeholder ?? t("placeholder")} disabled={item.disabled} value={str} onChange={(e) => onChange(e.target.value)} />;
  }
}
