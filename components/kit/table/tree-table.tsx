"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import type { RowData } from "@tanstack/react-table";
import { ChevronDownIcon, ChevronRightIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import type { AnyRow } from "../resource/define-resource";
import { DataTable, tableModel, type ColumnLayout, type TableColumn } from "./data-table";
import { branchKeys, filterTree, flattenOpen, nodeKey, TREE_SHAPE, type TreeRowState, type TreeShape } from "@/lib/tree";

/** The tree column's cell: indentation, the expand toggle, then the column's own content. */
function TreeCell({ state, onToggle, children }: { state: TreeRowState; onToggle: () => void; children: React.ReactNode }) {
  const t = useTranslations("kit.tree");
  return (
    <div className="flex min-w-0 items-center gap-1" style={{ paddingLeft: state.depth * 20 }}>
      <button
        type="button"
        className={cn("flex size-5 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent", !state.hasChildren && "invisible")}
        aria-label={state.open ? t("collapse") : t("expand")}
        aria-expanded={state.hasChildren ? state.open : undefined}
        onClick={onToggle}
      >
        {state.open ? <ChevronDownIcon className="size-4" /> : <ChevronRightIcon className="size-4" />}
      </button>
      {children}
    </div>
  );
}

type Props<T extends AnyRow & RowData> = {
  nodes: readonly T[];
  /** Columns over the nodes themselves; the first column's cell is wrapped with the toggle. */
  columns: TableColumn<T>[];
  layout: Record<string, ColumnLayout>;
  shape?: TreeShape;
  /** Levels open at first (default 1). */
  defaultExpanded?: number;
  /**
   * A filter: only matching nodes and their ancestors are shown, all open. Keep it stable
   * (useMemo): a new function is a new filter and opens the filtered tree again.
   */
  match?: (node: T) => boolean;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  /** Controls before expand / collapse all. */
  toolbar?: React.ReactNode;
  height?: number;
  size?: "small" | "default";
};

/**
 * A tree shown as the kit's DataTable (no paging): the visible rows of the tree, the first
 * column indented with a toggle, expand / collapse all in the toolbar.
 */
export function TreeTable<T extends AnyRow & RowData>({ nodes, columns, layout, shape = TREE_SHAPE, defaultExpanded = 1, match, loading, error, onRetry, toolbar, height, size }: Props<T>) {
  const tk = useTranslations("kit");
  const shown = React.useMemo(() => (match ? filterTree(nodes, match, shape) : nodes), [nodes, match, shape]);
  // The reader's choice holds for the filter it was made under; until then (and on a new
  // filter) the tree opens to the default depth, or completely while filtering. Later answers
  // of the same filter keep what the reader opened.
  const [chosen, setChosen] = React.useState<{ under: typeof match; open: ReadonlySet<string> } | null>(null);
  const open = React.useMemo(
    () => (chosen && chosen.under === match ? chosen.open : new Set(branchKeys(shown, match ? Infinity : defaultExpanded, shape))),
    [chosen, match, shown, defaultExpanded, shape],
  );
  const choose = React.useCallback((next: ReadonlySet<string>) => setChosen({ under: match, open: next }), [match]);
  const toggle = React.useCallback(
    (key: string) => {
      const next = new Set(open);
      if (!next.delete(key)) next.add(key);
      choose(next);
    },
    [open, choose],
  );
  const visible = React.useMemo(() => flattenOpen(shown, open, shape), [shown, open, shape]);
  const states = React.useMemo(() => new Map(visible.map((v) => [nodeKey(v.node, shape), v.state])), [visible, shape]);
  const rows = React.useMemo(() => visible.map((v) => v.node), [visible]);

  const treeId = columns[0]?.id;
  const cols = React.useMemo<TableColumn<T>[]>(
    () =>
      columns.map((c) => {
        if (c.id !== treeId) return c;
        const inner = c.cell;
        return {
          ...c,
          cell: (ctx) => {
            const key = nodeKey(ctx.row.original, shape);
            const state = states.get(key) ?? { depth: 0, hasChildren: false, open: false };
            // A cell renders through TanStack, so it has loaded.
            const render = tableModel.current()?.flexRender;
            return (
              <TreeCell state={state} onToggle={() => toggle(key)}>
                {inner && render ? render(inner, ctx) : null}
              </TreeCell>
            );
          },
        };
      }),
    [columns, treeId, states, toggle, shape],
  );

  return (
    <div className="flex flex-col gap-3 rounded-md border bg-card p-3">
      <div className="flex flex-wrap items-center gap-2" data-testid="toolbar">
        {toolbar}
        <button type="button" className="text-sm text-primary hover:underline" data-action="expandAll" onClick={() => choose(new Set(branchKeys(shown, Infinity, shape)))}>
          {tk("tree.expandAll")}
        </button>
        <button type="button" className="text-sm text-primary hover:underline" data-action="collapseAll" onClick={() => choose(new Set())}>
          {tk("tree.collapseAll")}
        </button>
      </div>
      <DataTable
        columns={cols}
        layout={layout}
        rows={rows}
        getRowId={(r) => nodeKey(r, shape)}
        loading={loading}
        error={error}
        onRetry={onRetry}
        height={height}
        size={size}
      />
    </div>
  );
}
