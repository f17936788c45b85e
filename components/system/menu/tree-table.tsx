"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { ChevronDownIcon, ChevronRightIcon } from "lucide-react";
import { DataTable } from "@/components/kit";
import type { ColumnLayout, TableColumn } from "@/components/kit/table/data-table";
import { cn } from "@/lib/utils";

/**
 * A tree shown as a table (menuSet, departmentSet): the kit's DataTable fed with the visible
 * rows of a tree, the first column indented with an expand toggle. A kit candidate: the kit's
 * ResourcePage reads paged lists only.
 */
export type TreeLike<T> = { id: number; childrens?: T[] | null };
export type FlatRow<T> = { node: T; depth: number; hasChildren: boolean; open: boolean };

/** The rows a reader sees: a node's children only while it is open. */
export function flattenOpen<T extends TreeLike<T>>(nodes: readonly T[], open: ReadonlySet<number>, depth = 0): FlatRow<T>[] {
  return nodes.flatMap((node) => {
    const kids = node.childrens ?? [];
    const isOpen = open.has(node.id);
    const row: FlatRow<T> = { node, depth, hasChildren: kids.length > 0, open: isOpen };
    return isOpen ? [row, ...flattenOpen(kids, open, depth + 1)] : [row];
  });
}

/** Ids of the nodes down to `levels` deep (the tree opens that far at first). */
export function idsToDepth<T extends TreeLike<T>>(nodes: readonly T[], levels: number): number[] {
  if (levels <= 0) return [];
  return nodes.flatMap((n) => (n.childrens?.length ? [n.id, ...idsToDepth(n.childrens, levels - 1)] : []));
}

/** The first cell of a tree row: indentation, toggle, content. */
export function TreeCell<T>({ row, onToggle, children }: { row: FlatRow<T>; onToggle: () => void; children: React.ReactNode }) {
  const t = useTranslations("system.tree");
  return (
    <div className="flex min-w-0 items-center gap-1" style={{ paddingLeft: row.depth * 20 }}>
      <button
        type="button"
        className={cn("flex size-5 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent", !row.hasChildren && "invisible")}
        aria-label={row.open ? t("collapse") : t("expand")}
        aria-expanded={row.hasChildren ? row.open : undefined}
        onClick={onToggle}
      >
        {row.open ? <ChevronDownIcon className="size-4" /> : <ChevronRightIcon className="size-4" />}
      </button>
      {children}
    </div>
  );
}

type Props<T extends TreeLike<T>> = {
  nodes: readonly T[];
  columns: (toggle: (id: number) => void) => TableColumn<FlatRow<T>>[];
  layout: Record<string, ColumnLayout>;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  /** Open this many levels at first (default 1). */
  openDepth?: number;
  /** Controls above the table beside expand / collapse all. */
  toolbar?: React.ReactNode;
};

export function TreeTable<T extends TreeLike<T>>({ nodes, columns, layout, loading, error, onRetry, openDepth = 1, toolbar }: Props<T>) {
  const tk = useTranslations("kit");
  const t = useTranslations("system.tree");
  const [open, setOpen] = React.useState<Set<number> | null>(null);
  // The first answer decides the initial depth; later answers keep what the reader opened.
  const shownOpen = React.useMemo(() => open ?? new Set(idsToDepth(nodes, openDepth)), [open, nodes, openDepth]);
  const toggle = React.useCallback(
    (id: number) =>
      setOpen(() => {
        const next = new Set(shownOpen);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [shownOpen],
  );
  const rows = React.useMemo(() => flattenOpen(nodes, shownOpen), [nodes, shownOpen]);
  const cols = React.useMemo(() => columns(toggle), [columns, toggle]);
  return (
    <div className="flex flex-col gap-3 rounded-md border bg-card p-3">
      <div className="flex flex-wrap items-center gap-2" data-testid="toolbar">
        {toolbar}
        <button type="button" className="text-sm text-primary hover:underline" onClick={() => setOpen(new Set(idsToDepth(nodes, Infinity)))}>
          {t("expandAll")}
        </button>
        <button type="button" className="text-sm text-primary hover:underline" onClick={() => setOpen(new Set())}>
          {t("collapseAll")}
        </button>
      </div>
      <DataTable
        columns={cols}
        layout={layout}
        rows={rows}
        getRowId={(r) => String(r.node.id)}
        loading={loading}
        error={error}
        onRetry={onRetry}
        texts={{ empty: tk("table.empty"), error: tk("table.error"), retry: tk("actions.retry"), selectAll: tk("table.selectAll"), selectRow: tk("table.selectRow") }}
      />
    </div>
  );
}
