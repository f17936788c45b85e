"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import type { ColumnDef, RowData, RowSelectionState } from "@tanstack/react-table";
import { ArrowDownIcon, ArrowUpIcon, ArrowUpDownIcon, InboxIcon, TriangleAlertIcon } from "lucide-react";
import { Checkbox } from "@/components/ui/checkbox";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useBoxObserver } from "@/components/ui/box-observer";
import { deferred, useDeferred, usePart } from "@/components/ui/deferred";
import { cn } from "@/lib/utils";
import type { Sort } from "../resource/list-state";
import { TEXT_MAX_WIDTH, TEXT_MIN_WIDTH, columnKind, defaultWidth, fitColumns, type FitInput } from "./column-width";
import type { features, TableInstance } from "./table-model";

/**
 * TanStack Table, loaded as a table mounts, beside its first data call (a list's rows come from the
 * browser): the first paint is the header and the loading rows, which need none of it (≈ 13 KB gzip
 * out of every list's first load). Rows wait for it only when their data comes first.
 */
export const tableModel = deferred(() => import("./table-model"));

/** A column header: its text, or a component of no props (the header renders before TanStack has loaded). */
type Header = string | (() => React.ReactNode);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the value type differs per column
type Def<Row extends RowData> = ColumnDef<typeof features, Row, any>;
export type TableColumn<Row extends RowData> = Def<Row> extends infer D ? (D extends unknown ? Omit<D, "header"> & { header?: Header } : never) : never;

const headerOf = (c: { header?: Header }) => (typeof c.header === "function" ? <c.header /> : (c.header ?? null));
/** `kind`: the column type of the definition (widgets §3): sizes columns that give no width. */
/** `dropOrder`: the column leaves when the box cannot hold every column (1 first, then 2; see `fitColumns`). */
/** `headerWidth`: what a free-text column's header needs on its one line (it clips no further). */
export type ColumnLayout = { width?: number; minWidth?: number; headerWidth?: number; align?: "left" | "center" | "right"; sortable?: boolean; sticky?: "right"; kind?: string; dropOrder?: number };

/** Rows above this count render through a virtualiser: the largest page size (100) and big trees stay smooth. */
export const VIRTUAL_THRESHOLD = 50;
const ROW_HEIGHT = 41;
/** The rows a virtualised body of `height` px shows at the top, with the virtualiser's overscan (`virtual-rows.tsx`). */
const firstWindow = (height: number) => Math.ceil(height / ROW_HEIGHT) + 10;
const virtualRows = deferred(() => import("./virtual-rows"));
const SELECT_WIDTH = 44;
/** A pinned column leaves at least this much of the box to the columns scrolling under it, or it is not pinned. */
const MIN_UNPINNED = 360;
/**
 * The fitting plans for a box this much narrower: its widths are estimates from the labels, and a column drawn a few
 * pixels wider than planned (the English "More" trigger, a header's full-width brackets) would otherwise push the
 * whole table a few pixels sideways (2–4 px on five English lists at 1440 px).
 */
const FIT_SLACK = 8;
/** Cells holding controls (a clip would cut their focus ring); the rest clip long values. */
const UNCLIPPED = new Set(["switch", "image", "status"]);
/** Literal class names (Tailwind finds them in the source): the pinned edge's shadow while content runs under it. */
const EDGE_SHADOW = {
  right: "border-l shadow-[-8px_0_10px_-6px_rgba(0,0,0,0.28)] dark:shadow-[-8px_0_10px_-6px_rgba(0,0,0,0.8)]",
  left: "max-md:border-r max-md:shadow-[8px_0_10px_-6px_rgba(0,0,0,0.28)] dark:max-md:shadow-[8px_0_10px_-6px_rgba(0,0,0,0.8)]",
};

/** One line with an ellipsis; the whole value as a tooltip when it does not fit. */
function Clip({ max, children }: { max: number; children: React.ReactNode }) {
  return (
    <div
      className="truncate"
      style={{ maxWidth: max }}
      onPointerEnter={(e) => {
        const el = e.currentTarget;
        // A clickable name clips in its own button.
        const inner = el.firstElementChild;
        if (el.scrollWidth > el.clientWidth || (inner && inner.scrollWidth > inner.clientWidth)) el.title = el.textContent ?? "";
        else el.removeAttribute("title");
      }}
    >
      {children}
    </div>
  );
}

/** Whether content runs past the left and right edges of the scroll box (pinned columns cast a shadow then). */
function useOverflowEdges(ref: React.RefObject<HTMLDivElement | null>) {
  const [edges, setEdges] = React.useState({ left: false, right: false, width: 0 });
  const measure = React.useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollLeft > 0;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    const width = el.clientWidth;
    setEdges((e) => (e.left === left && e.right === right && e.width === width ? e : { left, right, width }));
  }, [ref]);
  // Measured after the browser's layout and before its paint: columns that do not fit never flash in.
  useBoxObserver(ref, measure, true);
  return { edges, measure };
}

type Props<Row extends RowData> = {
  columns: TableColumn<Row>[];
  layout: Record<string, ColumnLayout>;
  rows: Row[];
  getRowId: (row: Row) => string;
  multiple?: boolean;
  selection?: RowSelectionState;
  onSelectionChange?: (s: RowSelectionState) => void;
  sort?: Sort;
  onSortChange?: (s: Sort) => void;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  /** Fixed body height in px (scrolls inside); virtualised pages use it too (default 560). */
  height?: number;
  /** Words of the empty and error states and the checkboxes; each defaults to the kit's. */
  texts?: Partial<{ empty: string; error: string; retry: string; selectAll: string; selectRow: string }>;
  size?: "small" | "default";
};

/**
 * The kit's table on TanStack Table v9 (row selection feature only: paging and sorting are
 * the server's, driven from the URL). Loading keeps the previous rows dimmed; empty and error
 * states take the body's place. TanStack loads as the table mounts (`tableModel`); until then
 * rows show as loading.
 */
export function DataTable<Row extends RowData>({ columns, layout, rows, getRowId, multiple, selection, onSelectionChange, sort, onSortChange, loading, error, onRetry, height, texts: given, size }: Props<Row>) {
  const tk = useTranslations("kit");
  const texts = { empty: tk("table.empty"), error: tk("table.error"), retry: tk("actions.retry"), selectAll: tk("table.selectAll"), selectRow: tk("table.selectRow"), ...given };
  const allColumns = React.useMemo<TableColumn<Row>[]>(
    () =>
      multiple
        ? [
            {
              id: "__select",
              cell: ({ row }) => <Checkbox aria-label={texts.selectRow} checked={row.getIsSelected()} onCheckedChange={(c) => row.toggleSelected(!!c)} />,
            } as TableColumn<Row>,
            ...columns,
          ]
        : columns,
    [columns, multiple, texts.selectRow],
  );
  const Model = usePart(tableModel);
  const [modelFailed, setModelFailed] = React.useState(false);
  const loadModel = React.useCallback(() => {
    setModelFailed(false);
    tableModel.load().catch(() => setModelFailed(true));
  }, []);
  React.useEffect(() => {
    if (!tableModel.current()) loadModel();
  }, [loadModel]);
  // Rows that arrive with a call's answer come in a synchronous update (SWR's store), which React renders in one
  // task: here they render in a deferred pass, split into short tasks, while the loading rows or the previous rows
  // stay (the settlement screen's rows were one 34–52 ms task after its first paint).
  const shown = React.useDeferredValue(rows);
  const pending = shown !== rows;
  // Every row is in the model (no paging or filtering in the browser).
  const virtual = shown.length > VIRTUAL_THRESHOLD;
  const scrollRef = React.useRef<HTMLDivElement>(null);
  const bodyHeight = height ?? (virtual ? 560 : undefined);
  // Until the virtualiser has loaded, a long table renders the window the virtualiser starts with (see `body`).
  const Virtual = useDeferred(virtualRows, virtual)?.default;
  const cellPad = size === "small" ? "px-2 py-1.5" : "px-3 py-2";
  const padX = size === "small" ? 16 : 24;
  const { edges, measure } = useOverflowEdges(scrollRef);
  // A narrow box (a phone, a list beside a tree) would be all pinned column: it scrolls with the rest then.
  const rightPin = allColumns.map((c) => layout[c.id ?? ""]).find((l) => l?.sticky === "right");
  const pinnedRight = !!rightPin && edges.width - (rightPin.width ?? 0) >= MIN_UNPINNED;
  // Below md the first column (after the checkboxes) stays in view while the rest scroll.
  const firstId = allColumns.find((c) => c.id !== "__select")?.id;
  // Columns that do not fit the box give way (`fitColumns`): free text clips to its floor first, then
  // the columns with a drop order leave, so times and values never go under the pinned actions.
  const planned = Math.max(0, edges.width - FIT_SLACK);
  const fit = React.useMemo(
    () =>
      fitColumns(
        allColumns.flatMap((c): FitInput[] => {
          const id = c.id ?? "";
          if (id === "__select") return [{ id, width: SELECT_WIDTH, minWidth: SELECT_WIDTH }];
          const l = layout[id];
          if (!l) return [];
          const width = l.width ?? defaultWidth(id, l.kind);
          const minWidth = Math.max(l.minWidth ?? 0, width ?? TEXT_MIN_WIDTH, width === undefined ? (l.headerWidth ?? 0) : 0);
          return [{ id, width: width === undefined ? undefined : minWidth, minWidth, floor: l.headerWidth, dropOrder: l.dropOrder }];
        }),
        planned,
      ),
    [allColumns, layout, planned],
  );
  const shownColumns = React.useMemo(() => (fit.hidden.size ? allColumns.filter((c) => !fit.hidden.has(c.id ?? "")) : allColumns), [allColumns, fit]);
  const colCount = shownColumns.length;
  // Columns without a width (names, addresses) share what the sized ones leave in the box, each
  // at least its minimum and at most TEXT_MAX_WIDTH: a long name is clipped before it pushes the
  // times and values to the right, under the pinned actions.
  // A column whose minimum is above an even share keeps its minimum, and the others share what it leaves.
  let left = planned;
  const flexMins: number[] = [];
  for (const c of shownColumns) {
    const id = c.id ?? "";
    const l = layout[id];
    const w = id === "__select" ? SELECT_WIDTH : l ? (l.width ?? defaultWidth(id, l.kind)) : undefined;
    if (w !== undefined) left -= w;
    else if (l) flexMins.push(fit.minWidths.get(id) ?? TEXT_MIN_WIDTH);
  }
  flexMins.sort((a, b) => b - a);
  let flexible = flexMins.length;
  for (const min of flexMins) {
    if (flexible <= 1 || min <= left / flexible) break;
    left -= min;
    flexible--;
  }
  const share = edges.width && flexible ? Math.floor(left / flexible) : TEXT_MAX_WIDTH;
  const sizing = (id: string) => {
    if (id === "__select") return { width: SELECT_WIDTH, minWidth: SELECT_WIDTH, clip: null };
    const l = layout[id];
    if (!l) return { width: undefined, minWidth: undefined, clip: null };
    const width = l.width ?? defaultWidth(id, l.kind);
    const minWidth = width === undefined ? (fit.minWidths.get(id) ?? TEXT_MIN_WIDTH) : Math.max(l.minWidth ?? 0, width);
    const room = Math.min(TEXT_MAX_WIDTH, Math.max(minWidth, share));
    // A sized column is as wide as its minimum when that is more (a usage bar of 230 px in a number's 100 px column).
    const clip = l.sticky || UNCLIPPED.has(columnKind(id, l.kind)) ? null : (width === undefined ? room : minWidth) - padX;
    return { width, minWidth, clip };
  };
  const pinOf = (id: string, l: ColumnLayout) => (l.sticky === "right" && pinnedRight ? "right" : id === firstId ? "first" : undefined);
  const stickyClass = (id: string, l: ColumnLayout) =>
    cn(
      l.sticky === "right" && pinnedRight && cn("sticky right-0 z-[1]", edges.right && EDGE_SHADOW.right),
      id === "__select" && "max-md:sticky max-md:left-0 max-md:z-[1]",
      id === firstId && cn("max-md:sticky max-md:z-[1]", multiple ? "max-md:left-[44px]" : "max-md:left-0", edges.left && EDGE_SHADOW.left),
    );

  type ModelRow = ReturnType<TableInstance<Row>["getRowModel"]>["rows"][number];
  const renderRow = (table: TableInstance<Row>, row: ModelRow) => (
    <tr key={row.id} data-state={row.getIsSelected() ? "selected" : undefined} className="group/row hover:bg-primary-light-9/60 data-[state=selected]:bg-primary-light-9" style={virtual ? { height: ROW_HEIGHT } : undefined}>
      {row.getAllCells().map((cell) => {
        const l = layout[cell.column.id] ?? {};
        const { width, clip } = sizing(cell.column.id);
        return (
          <td
            key={cell.id}
            className={cn(
              "border-b align-middle group-last/row:border-b-0",
              cellPad,
              // Sized columns (times, phones, ids, statuses) stay on one line.
              width && "whitespace-nowrap",
              l.align === "center" && "text-center",
              l.align === "right" && "text-right",
              // Pinned cells need an opaque background: rows scroll under them.
              (l.sticky || cell.column.id === "__select" || cell.column.id === firstId) && "bg-card",
              stickyClass(cell.column.id, l),
            )}
            data-pinned={pinOf(cell.column.id, l)}
          >
            {clip ? (
              <Clip max={clip}>
                <table.FlexRender cell={cell} />
              </Clip>
            ) : (
              <table.FlexRender cell={cell} />
            )}
          </td>
        );
      })}
    </tr>
  );

  const toggleSort = (id: string) => {
    if (!onSortChange) return;
    if (!sort || sort.prop !== id) onSortChange({ prop: id, order: "asc" });
    else if (sort.order === "asc") onSortChange({ prop: id, order: "desc" });
    else onSortChange(null);
  };

  const head = (selectAll: React.ReactNode) => (
    <thead className="sticky top-0 z-10 bg-muted">
      <tr>
        {shownColumns.map((c) => {
          const id = c.id ?? "";
          const l = layout[id] ?? {};
          const sorted = sort?.prop === id ? sort.order : null;
          const { width, minWidth } = sizing(id);
          const label = id === "__select" ? selectAll : headerOf(c);
          return (
            <th
              key={id}
              scope="col"
              style={{ width, minWidth }}
              className={cn(
                "h-10 border-b bg-muted text-left align-middle font-medium whitespace-nowrap text-muted-foreground",
                cellPad,
                l.align === "center" && "text-center",
                l.align === "right" && "text-right",
                stickyClass(id, l),
              )}
              aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
              data-pinned={pinOf(id, l)}
            >
              {l.sortable ? (
                <button type="button" className="inline-flex items-center gap-1 hover:text-foreground" onClick={() => toggleSort(id)}>
                  {label}
                  {sorted === "asc" ? <ArrowUpIcon className="size-3.5 text-primary" /> : sorted === "desc" ? <ArrowDownIcon className="size-3.5 text-primary" /> : <ArrowUpDownIcon className="size-3.5 opacity-40" />}
                </button>
              ) : (
                label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );

  // The empty and error states are said under the header, not in a cell: a cell spans the whole table, on a phone
  // wider than the screen, and its words sat off to the right. In view at the box's left, as wide as the box.
  const notice = "sticky left-0 py-12 text-center text-sm text-muted-foreground";
  const failure = (retry: (() => void) | undefined) => (
    <div className={notice} data-testid="table-error">
      <TriangleAlertIcon className="mx-auto mb-2 size-6 text-destructive" />
      <p>{texts.error}</p>
      {retry && (
        <Button size="sm" variant="outline" className="mt-3" onClick={retry}>
          {texts.retry}
        </Button>
      )}
    </div>
  );
  const state = error ? (
    failure(onRetry)
  ) : rows.length === 0 ? (
    loading ? null : (
      <div className={notice} data-testid="table-empty">
        <InboxIcon className="mx-auto mb-2 size-8 opacity-40" />
        {texts.empty}
      </div>
    )
  ) : !Model && modelFailed ? (
    failure(loadModel)
  ) : null;
  const loadingRows = Array.from({ length: 5 }, (_, i) => (
    <tr key={i}>
      <td colSpan={colCount} className={cn("border-b", cellPad)}>
        <Skeleton className="h-5" />
      </td>
    </tr>
  ));
  // The body: none under a state said below it, loading rows until the rows and TanStack are here, then the rows.
  const body = (table: TableInstance<Row> | null) =>
    state ? null : !table || ((loading || pending) && shown.length === 0) ? (
      loadingRows
    ) : virtual && Virtual ? (
      <Virtual rows={table.getRowModel().rows} scrollRef={scrollRef} height={bodyHeight ?? 560} rowHeight={ROW_HEIGHT} render={(row) => renderRow(table, row)} />
    ) : virtual ? (
      // The virtualiser's own first window (the body's height, its overscan, a spacer for the rest): the whole of a
      // chart's thousands of readings was rendered and laid out once before (the settlement screen's longest task).
      <>
        {table.getRowModel().rows.slice(0, firstWindow(bodyHeight ?? 560)).map((row) => renderRow(table, row))}
        <tr style={{ height: Math.max(0, shown.length - firstWindow(bodyHeight ?? 560)) * ROW_HEIGHT }} aria-hidden />
      </>
    ) : (
      table.getRowModel().rows.map((row) => renderRow(table, row))
    );
  const frame = (table: TableInstance<Row> | null) => (
    // Separate borders on the cells: collapsed borders stay behind when a pinned cell sticks.
    <table className="w-full border-separate border-spacing-0 text-sm">
      {head(
        table ? (
          <Checkbox
            aria-label={texts.selectAll}
            checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? "indeterminate" : false}
            onCheckedChange={(c) => table.toggleAllRowsSelected(!!c)}
          />
        ) : (
          <Checkbox aria-label={texts.selectAll} checked={false} disabled />
        ),
      )}
      <tbody className={cn("transition-opacity", loading && rows.length > 0 && "opacity-60")}>{body(table)}</tbody>
    </table>
  );

  return (
    <div className="relative rounded-md border bg-card" data-testid="data-table" aria-busy={loading || undefined} data-hidden-columns={fit.hidden.size ? [...fit.hidden].join(" ") : undefined}>
      <div ref={scrollRef} className="overflow-auto" style={bodyHeight ? { maxHeight: bodyHeight } : undefined} onScroll={measure} data-overflow-right={edges.right || undefined}>
        {Model ? (
          <Model.TableModel
            options={{
              columns: shownColumns as Def<Row>[],
              data: shown,
              getRowId: (row) => getRowId(row),
              enableRowSelection: !!multiple,
              state: { rowSelection: selection ?? {} },
              onRowSelectionChange: (updater) => {
                const next = typeof updater === "function" ? updater(selection ?? {}) : updater;
                onSelectionChange?.(next);
              },
            }}
          >
            {frame}
          </Model.TableModel>
        ) : (
          frame(null)
        )}
        {state}
      </div>
      {/* Without a pinned column, a fading edge says the table scrolls sideways. */}
      {edges.right && !pinnedRight && <div aria-hidden="true" data-testid="table-scroll-hint" className="pointer-events-none absolute inset-y-0 right-0 w-6 rounded-r-md bg-gradient-to-l from-foreground/10 to-transparent" />}
    </div>
  );
}
