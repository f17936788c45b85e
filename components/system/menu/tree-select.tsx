"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { CheckIcon, ChevronDownIcon, ChevronRightIcon, XIcon } from "lucide-react";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Input } from "@/components/ui/input";
import { filterTree, findNode } from "@/components/kit/table/tree";
import { cn } from "@/lib/utils";

/** A node of the trees these selects offer (departments, menus, dictionaries). */
export type TreeLike<T> = { id: number; childrens?: T[] | null };

/** Ids of a node and everything below it (a node cannot move under itself). */
export function subtreeIds<T extends TreeLike<T>>(node: T | undefined): number[] {
  return node ? [node.id, ...(node.childrens ?? []).flatMap((c) => subtreeIds(c))] : [];
}

type Props<T extends TreeLike<T>> = {
  nodes: readonly T[];
  value: number | string | null | undefined;
  onChange: (id: number | null) => void;
  labelOf: (n: T) => string;
  /** Shown but not choosable. */
  disabledIds?: readonly number[];
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
};

/** A single choice from a tree (department, parent menu): searchable, branches fold. */
export function TreeSelect<T extends TreeLike<T>>({ nodes, value, onChange, labelOf, disabledIds = [], placeholder, clearable, disabled, invalid, id }: Props<T>) {
  const t = useTranslations("kit");
  const [open, setOpen] = React.useState(false);
  const [keyword, setKeyword] = React.useState("");
  const [closed, setClosed] = React.useState<Set<number>>(new Set());
  const current = value === null || value === undefined || value === "" ? undefined : findNode(nodes, value);
  const k = keyword.trim().toLowerCase();
  const shown = React.useMemo(() => (k ? filterTree(nodes, (n) => labelOf(n).toLowerCase().includes(k)) : [...nodes]), [nodes, k, labelOf]);

  const renderNodes = (list: readonly T[], depth: number): React.ReactNode =>
    list.map((n) => {
      const kids = n.childrens ?? [];
      const folded = !k && closed.has(n.id);
      const off = disabledIds.includes(n.id);
      const on = current?.id === n.id;
      return (
        <li key={n.id} role="treeitem" aria-selected={on} aria-disabled={off || undefined}>
          <div className="flex items-center gap-1 rounded" style={{ paddingLeft: depth * 16 }}>
            <button
              type="button"
              tabIndex={-1}
              className={cn("flex size-5 items-center justify-center text-muted-foreground", !kids.length && "invisible")}
              onClick={() => setClosed((s) => (s.delete(n.id) ? new Set(s) : new Set(s).add(n.id)))}
              aria-label={labelOf(n)}
            >
              {folded ? <ChevronRightIcon className="size-4" /> : <ChevronDownIcon className="size-4" />}
            </button>
            <button
              type="button"
              disabled={off}
              className={cn("flex flex-1 items-center justify-between rounded px-1.5 py-1 text-left text-sm hover:bg-accent disabled:cursor-not-allowed disabled:opacity-50", on && "font-medium text-primary")}
              onClick={() => {
                onChange(n.id);
                setOpen(false);
              }}
            >
              {labelOf(n)}
              {on && <CheckIcon className="size-4" />}
            </button>
          </div>
          {kids.length > 0 && !folded && <ul role="group">{renderNodes(kids, depth + 1)}</ul>}
        </li>
      );
    });

  return (
    <div className="group relative">
      <Popover open={open} onOpenChange={(o) => (setOpen(o), o && setKeyword(""))}>
        <PopoverTrigger asChild disabled={disabled}>
          <button
            id={id}
            type="button"
            aria-invalid={invalid || undefined}
            className="flex h-8 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-sm shadow-xs outline-none focus-visible:border-primary disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
          >
            <span className={cn("truncate", !current && "text-muted-foreground")}>{current ? labelOf(current) : (placeholder ?? t("search.select"))}</span>
            <ChevronDownIcon className="size-4 shrink-0 opacity-50" />
          </button>
        </PopoverTrigger>
        <PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-56 p-2" align="start">
          <Input className="mb-2 h-8" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t("search.keyword")} aria-label={t("search.keyword")} />
          <ul role="tree" className="max-h-72 overflow-auto">
            {shown.length ? renderNodes(shown, 0) : <li className="py-4 text-center text-sm text-muted-foreground">{t("table.empty")}</li>}
          </ul>
        </PopoverContent>
      </Popover>
      {clearable && current && !disabled && (
        <button
          type="button"
          aria-label={t("actions.clear")}
          className="absolute top-1/2 right-7 hidden -translate-y-1/2 rounded-full text-muted-foreground group-hover:block hover:text-foreground"
          onClick={() => onChange(null)}
        >
          <XIcon className="size-3.5" />
        </button>
      )}
    </div>
  );
}
