"use client";

import * as React from "react";
import useSWR from "swr";
import { swrFetcher } from "@/lib/api/fetcher";
import { callKey } from "@/lib/api/call";
import type { AnyCall, CallInput } from "@/lib/contract/call";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { TabStrip } from "@/components/ui/tab-strip";
import { useDict } from "../dict/use-dict";
import { SearchBar } from "../search/search-bar";
import { DataTable } from "../table/data-table";
import { TreeTable } from "../table/tree-table";
import type { AnyRow, TabsConfig } from "./define-resource";
import type { Sort } from "./list-state";
import { DetailDialog, ImportDialog, ResourceFormDialog } from "./lazy-dialogs";
import type { ResourceListState } from "./use-resource-list";

/**
 * The parts `<ResourcePage>` assembles from `useResourceList(resource)`; a custom screen can take
 * the same hook and place the parts its own way.
 */
type Part<Row extends AnyRow> = { list: ResourceListState<Row> };

/** Counts beside the tab labels: by default `data[item.countKey]`; `tabs.counts` reads any shape. */
function tabCounts(tabs: TabsConfig, data: unknown): Record<string, number | undefined> {
  if (data === undefined || data === null) return {};
  if (tabs.counts) return tabs.counts(data);
  const record = data as Record<string, unknown>;
  return Object.fromEntries(tabs.items.map((i) => [i.name, i.countKey && typeof record[i.countKey] === "number" ? (record[i.countKey] as number) : undefined]));
}

/** The tab strip writing `tabs.prop`; labels from the items or the tabs' dictionary, counts from `countCall`. */
export function ResourceTabs<Row extends AnyRow>({ list }: Part<Row>) {
  const tabs = list.resource.tabs;
  const options = useDict(tabs?.dict);
  // Counts follow the list's filters (the same parameters as the page request).
  const counts = useSWR<unknown>(tabs?.countCall ? callKey(tabs.countCall, list.listParams as CallInput<AnyCall>) : null, swrFetcher, { keepPreviousData: true });
  if (!tabs) return null;
  const byName = tabCounts(tabs, counts.data);
  return (
    <TabStrip
      value={String(list.state.query[tabs.prop])}
      onChange={(v) => list.writeUrl({ [tabs.prop]: v, current: 1 })}
      items={tabs.items.map((i) => ({
        name: i.name,
        label: i.label ? list.label(i.label) : (options.find((o) => String(o.value) === i.name)?.label ?? i.name),
        count: i.disabled ? undefined : byName[i.name],
        disabled: i.disabled,
        title: i.disabled && i.hint ? list.label(i.hint) : undefined,
        testId: `tab-${i.name}`,
      }))}
    />
  );
}

export function ResourceSearch<Row extends AnyRow>({ list }: Part<Row>) {
  const search = list.resource.search;
  if (!search) return null;
  return <SearchBar config={search} query={list.state.query} label={list.label} onSearch={(filters) => list.writeUrl({ ...filters, current: 1 })} />;
}

/** The toolbar's buttons (built-ins and the resource's own), without their row. */
export function ToolbarButtons<Row extends AnyRow>({ list }: Part<Row>) {
  return list.toolbar.map((a) =>
    a.render ? (
      <React.Fragment key={a.key}>{a.render(list.ui)}</React.Fragment>
    ) : (
      // A project's list without a chosen project: nothing to add, import or export yet (the table says why).
      <Button
        key={a.key}
        size="sm"
        variant={a.variant ?? "outline"}
        data-action={a.key}
        disabled={list.noProject || (a.needsSelection && !list.ui.selected.length)}
        title={list.noProject ? list.tk("table.chooseProject") : undefined}
        onClick={() => a.onClick?.(list.uiRef.current)}
      >
        {a.icon}
        {a.label ? list.label(a.label) : a.key}
      </Button>
    ),
  );
}

export function ResourceToolbar<Row extends AnyRow>({ list }: Part<Row>) {
  if (!list.toolbar.length) return null;
  const count = list.ui.selected.length;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="toolbar">
      <ToolbarButtons list={list} />
      {list.resource.multiple && count > 0 && <span className="text-xs text-muted-foreground">{list.tk("table.selected", { count })}</span>}
    </div>
  );
}

export function ResourcePagination<Row extends AnyRow>({ list }: Part<Row>) {
  return <Pagination page={list.current} size={list.size} total={list.total} pageSizes={list.resource.pageSizes} onChange={(p, s) => list.writeUrl({ current: p, size: s })} />;
}

/** The table: in tree mode the expandable tree (toolbar inside), else toolbar, rows and pagination in a card. */
export function ResourceTable<Row extends AnyRow>({ list }: Part<Row>) {
  const { resource, tk } = list;
  const tree = resource.tree;
  const common = { columns: list.columns, layout: list.layout, loading: list.loading, error: list.error, onRetry: () => list.ui.refresh(), height: resource.height, size: resource.size };
  if (tree)
    return (
      <TreeTable
        key={JSON.stringify(list.treeKey)}
        {...common}
        nodes={list.rows}
        shape={list.shape}
        defaultExpanded={tree.defaultExpanded}
        match={list.match}
        toolbar={<ToolbarButtons list={list} />}
      />
    );
  return (
    <div className="flex flex-col gap-3 rounded-md border bg-card p-3">
      <ResourceToolbar list={list} />
      <DataTable
        {...common}
        rows={list.rows}
        getRowId={list.keyOf}
        multiple={resource.multiple}
        selection={list.selection}
        onSelectionChange={list.setSelection}
        sort={list.state.sort}
        onSortChange={(s: Sort) => list.writeUrl({ sort: s?.prop ?? null, order: s?.order ?? null, current: 1 })}
        texts={list.noProject ? { empty: tk("table.chooseProject") } : undefined}
      />
      <ResourcePagination list={list} />
    </div>
  );
}

/** The one dialogs host of a list: form (create / edit / view), detail, import, the resource's own, confirm. */
export function ResourceDialogs<Row extends AnyRow>({ list }: Part<Row>) {
  const { resource, dialog, dialogRow, label, ui } = list;
  return (
    <>
      {dialog && resource.form && (dialog.mode !== "view" || !resource.detail) && (
        <ResourceFormDialog
          key={`${dialog.mode}-${dialog.id ?? ""}-${dialogRow ? 1 : 0}`}
          resource={resource}
          mode={dialog.mode}
          row={dialogRow}
          preset={dialog.mode === "create" ? list.preset : undefined}
          loading={list.dialogLoading}
          error={list.dialogError}
          label={label}
          onClose={ui.close}
          onSaved={async (answer) => {
            await ui.refresh();
            resource.form?.onSaved?.(answer, dialog.mode, ui);
          }}
        />
      )}
      {dialog?.mode === "view" && resource.detail && (
        <DetailDialog
          detail={resource.detail}
          row={dialogRow}
          loading={list.dialogLoading}
          error={list.dialogError}
          title={list.tk("dialog.view", { name: label(resource.entity ?? "entity") })}
          label={label}
          onClose={ui.close}
          onRefresh={ui.refresh}
        />
      )}
      {resource.endpoints.import && list.toolbar.some((a) => a.key === "import") && (
        <ImportDialog
          open={ui.param("import") === "1"}
          onOpenChange={(o) => !o && list.writeUrl({ import: null })}
          action={resource.endpoints.import}
          template={resource.endpoints.template ? { endpoint: resource.endpoints.template, filename: `${label(resource.exportName ?? "title")}.xlsx` } : undefined}
          onImported={() => ui.refresh()}
        />
      )}
      {resource.slots?.dialogs?.(ui)}
      {list.confirmElement}
    </>
  );
}
