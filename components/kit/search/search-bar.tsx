"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { ChevronDownIcon, ChevronUpIcon, RotateCcwIcon, SearchIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import dynamic from "next/dynamic";
import { Input } from "@/components/ui/input";
import type { SearchConfig } from "../resource/define-resource";
import { initialMode, normalizeSearch, searchValuesOf, type SearchMode } from "../resource/search-rules";

const SearchFields = dynamic(() => import("./search-fields"));

type Values = Record<string, unknown>;

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
/** A label inside a sentence: "Project name" → "project name"; "SN", "IMEI code" stay (a Chinese label is unchanged). */
const inSentence = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

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
  const keywordText = config.keywordPlaceholder
    ? label(config.keywordPlaceholder)
    : config.keywordLabel
      ? t("search.keywordOf", { label: inSentence(label(config.keywordLabel)) })
      : t("search.keyword");
  return (
    <form onSubmit={submit} className="rounded-md border bg-card p-3" data-testid="search-bar" data-mode={mode} role="search">
      {mode === "simple" ? (
        <div className="flex flex-wrap items-center gap-2">
          <Input
            className="h-8 w-[300px] max-w-full"
            placeholder={keywordText}
            aria-label={keywordText}
            value={String(values[config.keyword!] ?? "")}
            onChange={(e) => setValue(config.keyword!, e.target.value)}
            data-testid="search-keyword"
          />
          {buttons}
        </div>
      ) : (
        <div className="grid grid-cols-24 items-center gap-x-4 gap-y-3">
          <SearchFields items={config.items} values={values} onChange={setValue} label={label} />
          <div className="col-span-24 flex md:col-span-8">{buttons}</div>
        </div>
      )}
    </form>
  );
}
