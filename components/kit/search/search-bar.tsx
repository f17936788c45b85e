"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { ChevronDownIcon, ChevronUpIcon, RotateCcwIcon, SearchIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { DateInput } from "@/components/ui/date-input";
import { cn } from "@/lib/utils";
import { useDict } from "../dict/use-dict";
import { useRemoteOptions } from "../dict/use-remote-options";
import { NumberInput } from "../form/number-input";
import { MultiSelectField, SelectField } from "../form/select-field";
import type { SearchConfig, SearchItem, Span } from "../resource/define-resource";
import { initialMode, normalizeSearch, quickRange, searchValuesOf, type QuickRange, type SearchMode } from "../resource/search-rules";

type Values = Record<string, unknown>;
const DEFAULT_SPAN: Required<Span> = { xs: 12, sm: 8, md: 4, lg: 4 };

type Props = {
  config: SearchConfig;
  query: Record<string, unknown>;
  /** Receives every key the bar owns: a value, or null to clear it. */
  onSearch: (filters: Record<string, unknown>) => void;
  label: (key: string) => string;
  /** Extra buttons at the end of the bar's button group. */
  extra?: React.ReactNode;
};

/**
 * Simple mode (one keyword box) or advanced mode (a grid of items, widgets §2, §3, §5).
 * Toggling resets the form and the filters. Values in the URL fill the form on load.
 */
export function SearchBar({ config, query, onSearch, label, extra }: Props) {
  const t = useTranslations("kit");
  const [mode, setMode] = React.useState<SearchMode>(() => initialMode(config, query));
  const fromQuery = React.useMemo(() => searchValuesOf(config.items, query, config.keyword), [config, query]);
  // Plain state (no form library): the bar is in every list's first load.
  const [values, setValues] = React.useState<Values>(fromQuery);
  React.useEffect(() => {
    setValues(fromQuery);
  }, [fromQuery]);
  const setValue = (name: string, v: unknown) => setValues((prev) => ({ ...prev, [name]: v }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    onSearch(normalizeSearch(config.items, values, mode, config.keyword));
  };
  const empty = () => searchValuesOf(config.items, {}, config.keyword);
  const reset = () => {
    setValues(empty());
    onSearch(normalizeSearch(config.items, empty(), mode, config.keyword));
  };
  const toggle = () => {
    const next = mode === "simple" ? "advanced" : "simple";
    setMode(next);
    setValues(empty());
    onSearch(normalizeSearch(config.items, empty(), next, config.keyword));
  };
  const canToggle = !!config.keyword && config.items.length > 0;
  const buttons = (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="submit" size="sm" data-testid="search-submit">
        <SearchIcon />
        {t("actions.search")}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={reset} data-testid="search-reset">
        <RotateCcwIcon />
        {t("actions.reset")}
      </Button>
      {canToggle && (
        <Button type="button" size="sm" variant="link" className="px-1" onClick={toggle} data-testid="search-toggle">
          {mode === "simple" ? t("actions.advancedSearch") : t("actions.simpleSearch")}
          {mode === "simple" ? <ChevronDownIcon /> : <ChevronUpIcon />}
        </Button>
      )}
      {extra}
    </div>
  );
  return (
    <form onSubmit={submit} className="rounded-md border bg-card p-3" data-testid="search-bar" data-mode={mode} role="search">
      {mode === "simple" ? (
        <div className="flex flex-wrap items-center gap-2">
          <Input
            className="h-8 w-[300px] max-w-full"
            placeholder={config.keywordPlaceholder ? label(config.keywordPlaceholder) : t("search.keyword")}
            aria-label={config.keywordPlaceholder ? label(config.keywordPlaceholder) : t("search.keyword")}
            value={String(values[config.keyword!] ?? "")}
            onChange={(e) => setValue(config.keyword!, e.target.value)}
            data-testid="search-keyword"
          />
          {buttons}
        </div>
      ) : (
        <div className="grid grid-cols-24 items-center gap-x-4 gap-y-3">
          {config.items.map((item) => (
            <SearchField key={item.prop} item={item} value={values[item.prop]} onChange={(v) => setValue(item.prop, v)} label={label} />
          ))}
          <div className="col-span-24 flex md:col-span-8">{buttons}</div>
        </div>
      )}
    </form>
  );
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
      return (
        <div className="flex items-center gap-1">
          <DateInput id={id} kind={kind} className="h-8 min-w-0 px-2" aria-label={t("start")} disabled={item.disabled} value={pair[0] ?? ""} onChange={(e) => set(0, e.target.value)} />
          <span className="text-muted-foreground">–</span>
          <DateInput kind={kind} className="h-8 min-w-0 px-2" aria-label={t("end")} disabled={item.disabled} value={pair[1] ?? ""} onChange={(e) => set(1, e.target.value)} />
          {item.type === "date2" && item.quick !== false && <QuickRanges onPick={onChange} />}
        </div>
      );
    }
    default:
      return <Input id={id} className="h-8" placeholder={placeholder ?? t("placeholder")} disabled={item.disabled} value={str} onChange={(e) => onChange(e.target.value)} />;
  }
}

/** today / 7 days / 30 days beside a day range: the range ending on the platform's today. */
export function QuickRanges({ kinds = ["today", "last7Days", "last30Days"], onPick }: { kinds?: readonly QuickRange[]; onPick: (range: [string, string]) => void }) {
  const t = useTranslations("kit.search");
  return (
    <div className="flex max-w-full shrink-0 flex-wrap gap-0.5">
      {kinds.map((k) => (
        <button key={k} type="button" data-quick={k} className="rounded px-1 py-0.5 text-xs whitespace-nowrap text-primary hover:bg-primary-light-9" onClick={() => onPick(quickRange(k, new Date()))}>
          {t(k)}
        </button>
      ))}
    </div>
  );
}
