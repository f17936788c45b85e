"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { CheckIcon, ChevronDownIcon, ChevronRightIcon } from "lucide-react";
import { filterTree, findNode } from "@/lib/tree";
import { cn } from "@/lib/utils";
import { PopoverField } from "./popover-field";

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

/** A single choice from a tree (department, parent menu, dictionary): searchable, branches fold. */
export function TreeSelect<T extends TreeLike<T>>({ nodes, value, onChange, labelOf, disabledIds = [], placeholder, clearable, disabled, invalid, id }: Props<T>) {
  const t = useTranslations("kit");
  const [closed, setClosed] = React.useState<Set<number>>(new Set());
  const current = value === null || value === undefined || value === "" ? undefined : findNode(nodes, value);

  const renderNodes = (list: readonly T[], depth: number, k: string, close: () => void): React.ReactNode =>
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
                close();
              }}
            >
              {labelOf(n)}
              {on && <CheckIcon className="size-4" />}
            </button>
          </div>
          {kids.length > 0 && !folded && <ul role="group">{renderNodes(kids, depth + 1, k, close)}</ul>}
        </li>
      );
    });

  return (
    <PopoverField
      id={id}
      shown={current ? labelOf(current) : null}
      placeholder={placeholder ?? t("search.select")}
      onClear={clearable ? () => onChange(null) : undefined}
      disabled={disabled}
      invalid={invalid}
      contentClassName="w-[var(--radix-popover-trigger-width)] min-w-56"
    >
      {(k, close) => {
        const shown = k ? filterTree(nodes, (n) => labelOf(n).toLowerCase().includes(k)) : nodes;
        return (
          <ul role="tree" className="max-h-72 overflow-auto">
            {shown.length ? renderNodes(shown, 0, k, close) : <li className="py-4 text-center text-sm text-muted-foreground">{t("table.empty")}</li>}
          </ul>
        );
      }}
    </PopoverField>
  );
}
