"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { ChevronDownIcon, ChevronRightIcon, SearchIcon } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import type { AnyRow } from "../resource/define-resource";
import { LoadError } from "../load-error";
import { filterTree } from "@/lib/tree";

/** Typing (and, with `settle`, choosing) rests this long before anything reloads. */
export const MASTER_DEBOUNCE_MS = 300;

type Key = string | number;

/** The nodes and how loading them went, as a tree hook returns them (SWR's error, isLoading, mutate). */
export type MasterSource<T> = {
  nodes: readonly T[];
  isLoading?: boolean;
  error?: unknown;
  /** Loads again ("retry" after an error). */
  mutate?: () => unknown;
};

export type MasterPaneProps<T extends AnyRow> = {
  source: MasterSource<T>;
  /** Key of a node (default "id"). */
  rowKey?: string;
  labelOf: (node: T) => string;
  /** Key of a node's children: a tree when given (foldable, search keeps the ancestors); else a flat list. */
  childrenKey?: string;
  /** The row's content (default its label). */
  render?: (node: T) => React.ReactNode;
  /** The chosen key (from the list state or the URL). */
  value: Key | null;
  onChange: (key: Key | null) => void;
  /** Choosing the chosen one again clears the choice (shows everything). */
  toggle?: boolean;
  /** Wait this long after a choice before `onChange` (quick clicks load the detail once). */
  settle?: number;
  /** Placeholder of the search box; `onSearch` searches on the server, else the labels are matched here. */
  searchLabel: string;
  onSearch?: (keyword: string) => void;
  /** Buttons beside the search box (e.g. "add"). */
  actions?: React.ReactNode;
  /** Text when there is nothing to show. */
  empty?: string;
  /** Accessible name of the tree or list. */
  label: string;
  testId?: string;
  /** Test id of each row's button (`<itemTestId>` with `data-key`). */
  itemTestId?: (node: T) => string;
  className?: string;
};

/**
 * The master side of a master-detail screen: a searchable tree or list whose choice filters the
 * detail beside it (departments → users, dictionaries → items, products → functions, spaces →
 * devices). Put it in a resource's `slots.left` with `ui.setFilters`, or beside any detail.
 */
export function MasterPane<T extends AnyRow>({
  source,
  rowKey = "id",
  labelOf,
  childrenKey,
  render,
  value,
  onChange,
  toggle,
  settle,
  searchLabel,
  onSearch,
  actions,
  empty,
  label,
  testId,
  itemTestId,
  className,
}: MasterPaneProps<T>) {
  const tk = useTranslations("kit");
  const { nodes, isLoading, error, mutate } = source;
  const [keyword, setKeyword] = React.useState("");
  const [settled, setSettled] = React.useState("");
  const [picked, setPicked] = React.useState<Key | null>(value);
  const [closed, setClosed] = React.useState<Set<Key>>(new Set());
  React.useEffect(() => setPicked(value), [value]);

  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(keyword.trim()), MASTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);
  // Callbacks of the caller change every render: keep the latest without restarting timers.
  const onSearchRef = React.useRef(onSearch);
  onSearchRef.current = onSearch;
  const onChangeRef = React.useRef(onChange);
  onChangeRef.current = onChange;
  const searched = React.useRef(false);
  React.useEffect(() => {
    // The first (empty) keyword is no search: the caller loaded its nodes already.
    if (!searched.current && !settled) return;
    searched.current = true;
    onSearchRef.current?.(settled);
  }, [settled]);
  React.useEffect(() => {
    if (!settle || picked === value) return;
    const timer = setTimeout(() => onChangeRef.current(picked), settle);
    return () => clearTimeout(timer);
  }, [picked, value, settle]);

  const keyOf = (node: T) => node[rowKey] as Key;
  const children = (node: T): readonly T[] => (childrenKey ? ((node[childrenKey] as T[] | null | undefined) ?? []) : []);
  const choose = (node: T) => {
    const key = keyOf(node);
    const next = toggle && String(picked) === String(key) ? null : key;
    setPicked(next);
    if (!settle) onChange(next);
  };

  // Searching here (without onSearch): matching labels, in a tree with their ancestors.
  const local = onSearch ? "" : settled.toLowerCase();
  const shown = React.useMemo(() => {
    if (!local) return nodes;
    const match = (n: T) => labelOf(n).toLowerCase().includes(local);
    return childrenKey ? filterTree(nodes, match, { rowKey, childrenKey }) : nodes.filter(match);
  }, [nodes, local, labelOf, rowKey, childrenKey]);

  const rows = (list: readonly T[], depth: number): React.ReactNode =>
    list.map((n) => {
      const key = keyOf(n);
      const kids = children(n);
      const folded = !local && closed.has(key);
      const chosen = picked !== null && String(picked) === String(key);
      return (
        <li key={key} role={childrenKey ? "treeitem" : "option"} aria-selected={chosen}>
          <div className="flex items-center gap-0.5" style={{ paddingLeft: depth * 14 }}>
            {childrenKey && (
              <button
                type="button"
                tabIndex={-1}
                aria-label={folded ? tk("tree.expand") : tk("tree.collapse")}
                className={cn("flex size-5 shrink-0 items-center justify-center text-muted-foreground", !kids.length && "invisible")}
                onClick={() => setClosed((s) => (s.delete(key) ? new Set(s) : new Set(s).add(key)))}
              >
                {folded ? <ChevronRightIcon className="size-4" /> : <ChevronDownIcon className="size-4" />}
              </button>
            )}
            <button
              type="button"
              data-testid={itemTestId?.(n)}
              data-key={key}
              className={cn("flex min-w-0 flex-1 items-center gap-2 truncate rounded px-1.5 py-1 text-left text-sm hover:bg-accent", chosen && "bg-primary-light-9 font-medium text-primary")}
              onClick={() => choose(n)}
            >
              {render ? render(n) : labelOf(n)}
            </button>
          </div>
          {kids.length > 0 && !folded && <ul role="group">{rows(kids, depth + 1)}</ul>}
        </li>
      );
    });

  return (
    <div className={cn("flex w-full flex-col gap-2 rounded-md border bg-card p-3 lg:w-60", className)} data-testid={testId}>
      <div className="flex items-center gap-2">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input className="h-8 pl-8" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={searchLabel} aria-label={searchLabel} />
        </div>
        {actions}
      </div>
      <div className="max-h-60 min-h-40 overflow-auto lg:max-h-[calc(100vh-16rem)]">
        {isLoading && !nodes.length ? (
          <div className="space-y-2" data-testid="master-loading">
            {[1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-7" />
            ))}
          </div>
        ) : error && !nodes.length ? (
          <LoadError className="py-8" onRetry={mutate && (() => void mutate())} />
        ) : (
          <ul role={childrenKey ? "tree" : "listbox"} aria-label={label}>
            {shown.length ? rows(shown, 0) : <li className="py-6 text-center text-sm text-muted-foreground">{empty ?? tk("table.empty")}</li>}
          </ul>
        )}
      </div>
    </div>
  );
}
