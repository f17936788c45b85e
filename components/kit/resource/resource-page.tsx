"use client";

import * as React from "react";
import useSWR, { useSWRConfig } from "swr";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { DownloadIcon, PlusIcon, Trash2Icon, UploadIcon } from "lucide-react";
import type { RowSelectionState } from "@tanstack/react-table";
import type { Page } from "@/lib/contract/envelope";
import { api, download, swrFetcher } from "@/lib/api/fetcher";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { PageFrame } from "@/components/shell/page-frame";
import { usePermissions } from "../can";
import { useSession } from "../session";
import { ImportDialog } from "../import-dialog";
import { useConfirm } from "../dialogs/confirm-dialog";
import { DetailDialog } from "../dialogs/detail-dialog";
import { SearchBar } from "../search/search-bar";
import { KitCell } from "../table/cells";
import { DataTable, type ColumnLayout, type TableColumn } from "../table/data-table";
import { RowActions, type ResolvedAction } from "../table/row-actions";
import { findNode, type TreeShape } from "@/lib/tree";
import { TreeTable } from "../table/tree-table";
import { isRawColumn, permOf, type AnyRow, type BuiltinRowAction, type DialogMode, type Resource, type ResourceUi, type RowAction, type ToolbarAction } from "./define-resource";
import { activeFilters, containsAll, readListState, requestParams, writeListState, type Sort } from "./list-state";
import { ResourceFormDialog } from "./resource-form-dialog";
import { searchKeys } from "./search-rules";

/**
 * Renders a resource: tabs, search bar, toolbar, table with pagination (or in tree mode the
 * expandable tree) and its one dialogs host.
 */
export function ResourcePage<Row extends AnyRow>({ resource }: { resource: Resource<Row> }) {
  // useSearchParams needs a Suspense boundary so the page shell can prerender.
  return (
    <React.Suspense fallback={<ListSkeleton />}>
      <ResourceList resource={resource} />
    </React.Suspense>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3 p-4">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-14" />
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-64" />
    </div>
  );
}

const revalidateUnder = (prefix: string) => (key: unknown) => {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === "string" && path.startsWith(`${prefix}/`);
};

function ResourceList<Row extends AnyRow>({ resource }: { resource: Resource<Row> }) {
  const tAll = useTranslations();
  const tk = useTranslations("kit");
  const label = React.useCallback(
    (key: string, values?: Record<string, string | number>) => tAll((key.startsWith("kit.") ? key : `${resource.ns}.${key}`) as never, values as never),
    [tAll, resource.ns],
  );
  const { can, hasRole, roles } = usePermissions();
  const kitSession = useSession();
  const session = React.useMemo(() => ({ ...kitSession, roles, can, hasRole }), [kitSession, roles, can, hasRole]);
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [confirm, confirmElement] = useConfirm();

  const kitColumns = React.useMemo(() => resource.columns.filter((c) => !isRawColumn(c)), [resource.columns]);
  const sortable = React.useMemo(() => kitColumns.flatMap((c) => (!isRawColumn(c) && c.sortable ? [c.prop] : [])), [kitColumns]);
  const state = React.useMemo(() => {
    const s = readListState(resource.schemas.query, params, resource.pageSizes, sortable);
    const tabs = resource.tabs;
    if (tabs && !tabs.items.some((i) => String(s.query[tabs.prop] ?? "") === i.name)) s.query[tabs.prop] = tabs.items[0]?.name;
    return s;
  }, [params, resource, sortable]);
  const defaultSize = resource.pageSizes.includes(10) ? 10 : resource.pageSizes[0];

  const writeUrl = React.useCallback(
    (patch: Record<string, unknown>) => {
      const next = writeListState(new URLSearchParams(window.location.search), patch, { size: defaultSize });
      const qs = next.toString();
      router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [router, pathname, defaultSize],
  );

  const tree = resource.tree;
  const shape = React.useMemo<TreeShape>(() => ({ rowKey: resource.keyId, childrenKey: tree?.childrenKey ?? "childrens" }), [resource.keyId, tree]);
  const listParams = React.useMemo(() => requestParams(state), [state]);
  // One of the two: a page of rows, or the whole tree (paging and filters stay in the browser).
  const treeKey = tree ? (tree.request?.(state.query) ?? resource.endpoints.page) : null;
  const paged = useSWR<Page<Row>>(tree ? null : [resource.endpoints.page, listParams], swrFetcher, { keepPreviousData: true });
  const whole = useSWR<Row[]>(treeKey, swrFetcher);
  const { error, isLoading, isValidating } = tree ? whole : paged;
  const data = paged.data;
  const loaded = tree ? whole.data : paged.data;
  const rows = React.useMemo(() => (tree ? whole.data : paged.data?.records) ?? [], [tree, whole.data, paged.data]);
  const total = data?.total ?? 0;
  const current = Number(state.query.current);
  const size = Number(state.query.size);

  // A page emptied by deletions (or a stale URL) moves to the last page that exists.
  React.useEffect(() => {
    if (data && data.records.length === 0 && data.total > 0 && current > 1) writeUrl({ current: Math.max(1, Math.ceil(data.total / size)) });
  }, [data, current, size, writeUrl]);

  const [selection, setSelection] = React.useState<RowSelectionState>({});
  React.useEffect(() => {
    setSelection({});
  }, [data]);
  const keyOf = React.useCallback((row: Row) => String(row[resource.keyId]), [resource.keyId]);
  const selected = React.useMemo(() => rows.filter((r) => selection[keyOf(r)]), [rows, selection, keyOf]);

  // Tree mode: the search values in force filter the tree (a stable function per filter set).
  const filterKeys = React.useMemo(() => (resource.search ? searchKeys(resource.search.items, resource.search.keyword) : []), [resource.search]);
  const filters = tree ? JSON.stringify(activeFilters(state.query, filterKeys)) : "{}";
  const match = React.useMemo(() => {
    const f = JSON.parse(filters) as Record<string, unknown>;
    if (!tree || !Object.keys(f).length) return undefined;
    const test = tree.match ?? containsAll;
    return (row: Row) => test(row, f);
  }, [filters, tree]);

  // Dialogs open from the URL: ?create=1, ?edit=<id>, ?view=<id>.
  const dialog: { mode: DialogMode; id?: string } | null = params.get("create")
    ? { mode: "create" }
    : params.get("edit")
      ? { mode: "edit", id: params.get("edit")! }
      : params.get("view")
        ? { mode: "view", id: params.get("view")! }
        : null;
  const open = React.useCallback(
    (mode: DialogMode, row?: Row) => writeUrl({ create: mode === "create" ? 1 : null, edit: mode === "edit" ? keyOf(row!) : null, view: mode === "view" ? keyOf(row!) : null, parent: null }),
    [writeUrl, keyOf],
  );
  const addChild = React.useCallback((parent?: Row) => writeUrl({ create: 1, edit: null, view: null, parent: parent ? keyOf(parent) : null }), [writeUrl, keyOf]);
  const close = React.useCallback(() => writeUrl({ create: null, edit: null, view: null, parent: null }), [writeUrl]);

  const refresh = React.useCallback(() => mutate(revalidateUnder(resource.api)), [mutate, resource.api]);
  const ui: ResourceUi<Row> = {
    query: state.query,
    setFilters: (patch) => writeUrl({ ...patch, current: 1 }),
    open,
    addChild,
    close,
    refresh,
    selected,
    rows,
    confirm: (message) => confirm(message),
    navigate: (href) => router.push(href),
    session,
    param: (key) => params.get(key),
    setParam: (key, value) => writeUrl({ [key]: value }),
    resource,
    t: label,
    toggle: async (row, status) => {
      if (!resource.endpoints.openOrClose) return;
      await api.post(resource.endpoints.openOrClose, { id: row[resource.keyId], status });
    },
    remove: async (list, question) => {
      if (!resource.endpoints.del || !list.length) return false;
      const ok = await confirm(question ?? (list.length > 1 ? tk("confirm.batchDelete", { count: list.length }) : tk("confirm.delete")), { danger: true });
      if (!ok) return false;
      try {
        await api.post(resource.endpoints.del, { ids: list.map((r) => r[resource.keyId]) });
      } catch {
        return false;
      }
      toast.success(tk("form.deleted"));
      await refresh();
      return true;
    },
  };
  const uiRef = React.useRef(ui);
  uiRef.current = ui;

  const nameOf = React.useCallback((row: Row) => ({ name: resource.rowName?.(row) ?? "" }), [resource]);
  const actions = React.useMemo(() => {
    const builtins: Record<BuiltinRowAction, RowAction<Row>> = {
      view: { key: "view", label: "kit.actions.view", onClick: (row) => uiRef.current.open("view", row) },
      edit: { key: "edit", label: "kit.actions.edit", perm: permOf(resource, "upd"), onClick: (row) => uiRef.current.open("edit", row) },
      del: { key: "del", label: "kit.actions.delete", perm: permOf(resource, "del"), danger: true, onClick: (row) => uiRef.current.remove([row]) },
      addChild: { key: "addChild", label: "kit.actions.addChild", perm: permOf(resource, "add"), onClick: (row) => uiRef.current.addChild(row) },
    };
    return (resource.rowActions ?? [])
      .map((a): RowAction<Row> => {
        if (typeof a === "string") return builtins[a];
        if (!("builtin" in a)) return a;
        const base = builtins[a.builtin];
        const question = a.builtin === "del" ? a.confirm : undefined;
        return {
          ...base,
          label: a.label ?? base.label,
          show: a.show,
          onClick: question ? (row) => uiRef.current.remove([row], label(question, nameOf(row))) : base.onClick,
          confirm: a.builtin === "del" ? undefined : a.confirm,
        };
      })
      .filter((a) => can(a.perm));
  }, [resource, can, label, nameOf]);

  const { columns, layout } = React.useMemo(() => {
    const layout: Record<string, ColumnLayout> = {};
    const columns: TableColumn<Row>[] = [];
    for (const c of resource.columns) {
      if (isRawColumn(c)) {
        columns.push(c.def as TableColumn<Row>);
        continue;
      }
      if (c.hidden) continue;
      layout[c.prop] = { width: c.width, minWidth: c.minWidth ?? (c.width ? undefined : 100), align: c.align, sortable: c.sortable };
      const allowed = c.type === "switch" || c.type === "switch1" ? can(c.perm ?? permOf(resource, "openOrClose")) : true;
      columns.push({ id: c.prop, header: () => label(c.label), cell: ({ row }) => <KitCell col={c} row={row.original} ui={uiRef.current} allowed={allowed} /> });
    }
    if (actions.length) {
      const inline = Math.min(actions.length, resource.inlineActions ?? 2);
      layout.__actions = { width: Math.max(130, 65 * inline + (actions.length > inline ? 40 : 0)), sticky: "right" };
      columns.push({
        id: "__actions",
        header: () => tk("actions.operate"),
        cell: ({ row }) => {
          const r = row.original;
          const resolved: ResolvedAction[] = actions
            .filter((a) => !a.show || a.show(r))
            .map((a) => ({
              key: a.key,
              label: label(a.label),
              danger: a.danger,
              run: async () => {
                if (a.confirm && !(await uiRef.current.confirm(label(a.confirm, nameOf(r))))) return;
                await a.onClick(r, uiRef.current);
              },
            }));
          return <RowActions actions={resolved} moreLabel={tk("actions.more")} inline={resource.inlineActions} />;
        },
      });
    }
    return { columns, layout };
  }, [resource, actions, can, label, tk, nameOf]);

  const toolbar = React.useMemo(() => {
    const builtins: Record<string, ToolbarAction<Row>> = {
      add: {
        key: "add",
        perm: permOf(resource, "add"),
        icon: <PlusIcon />,
        label: "kit.actions.add",
        variant: "default",
        onClick: (u) => (resource.tree ? u.addChild(resource.tree.addParent?.(u.rows)) : u.open("create")),
      },
      export: {
        key: "export",
        perm: permOf(resource, "export"),
        icon: <DownloadIcon />,
        label: "kit.actions.export",
        variant: "outline",
        onClick: (u) => {
          const { current: _c, size: _s, ...filters } = requestParams({ query: u.query, sort: null });
          return resource.endpoints.export ? download(resource.endpoints.export, filters, `${label(resource.exportName ?? "title")}.xlsx`).catch(() => undefined) : undefined;
        },
      },
      import: { key: "import", perm: permOf(resource, "import"), icon: <UploadIcon />, label: "kit.actions.import", variant: "outline", onClick: (u) => u.setParam("import", 1) },
      batchDelete: { key: "batchDelete", perm: permOf(resource, "del"), icon: <Trash2Icon />, label: "kit.actions.batchDelete", variant: "outline", needsSelection: true, onClick: (u) => u.remove(u.selected) },
    };
    return (resource.toolbar ?? []).map((a) => (typeof a === "string" ? builtins[a] : a)).filter((a) => can(a.perm));
  }, [resource, can, label]);

  const dialogRowId = dialog?.id;
  const infoPath = resource.endpoints.info;
  const fromPage = dialogRowId ? (tree ? findNode(rows, dialogRowId, shape) : rows.find((r) => keyOf(r) === dialogRowId)) : undefined;
  const info = useSWR<Row>(dialogRowId && infoPath ? [infoPath, { [resource.keyId]: dialogRowId }] : null, swrFetcher, { shouldRetryOnError: false });
  const dialogRow = info.data ?? fromPage;
  const dialogLoading = !!dialogRowId && !dialogRow && (infoPath ? info.isLoading : isLoading);
  const dialogError = !!dialogRowId && !dialogRow && !dialogLoading;
  // A new row: the form's preset for the list state, and in tree mode the parent from the URL.
  const parentKey = tree && dialog?.mode === "create" ? params.get("parent") : null;
  const parentNode = parentKey ? findNode(rows, parentKey, shape) : undefined;
  const preset = React.useMemo(
    () => ({ ...resource.form?.preset?.(state.query), ...(parentNode ? { [tree?.parentField ?? "parentId"]: parentNode[resource.keyId] } : {}) }),
    [resource, state.query, parentNode, tree],
  );

  const toolbarButtons = toolbar.map((a) =>
    a.render ? (
      <React.Fragment key={a.key}>{a.render(ui)}</React.Fragment>
    ) : (
      <Button key={a.key} size="sm" variant={a.variant ?? "outline"} data-action={a.key} disabled={a.needsSelection && !selected.length} onClick={() => a.onClick?.(uiRef.current)}>
        {a.icon}
        {a.label ? label(a.label) : a.key}
      </Button>
    ),
  );

  const tabs = resource.tabs;
  const counts = useSWR<Record<string, number>>(tabs?.countUrl ? [tabs.countUrl, listParams] : null, swrFetcher, { keepPreviousData: true });

  return (
    // The shell's page frame: the route's title and the breadcrumbs from the menu tree (core §2).
    <PageFrame>
      <div className="flex min-h-0 gap-3" data-testid="resource-page" data-resource={resource.api}>
        {resource.slots?.left && <aside className="shrink-0">{resource.slots.left(ui)}</aside>}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          {tabs && (
            <Tabs value={String(state.query[tabs.prop])} onValueChange={(v) => writeUrl({ [tabs.prop]: v, current: 1 })}>
              <TabsList>
                {tabs.items.map((i) => (
                  <TabsTrigger key={i.name} value={i.name} data-testid={`tab-${i.name}`}>
                    {label(i.label)}
                    {i.countKey && counts.data?.[i.countKey] !== undefined && <span className="text-xs">({counts.data[i.countKey]})</span>}
                  </TabsTrigger>
                ))}
              </TabsList>
            </Tabs>
          )}
          {resource.search && (
            <SearchBar config={resource.search} query={state.query} label={label} onSearch={(filters) => writeUrl({ ...filters, current: 1 })} />
          )}
          {resource.slots?.top?.(ui)}
          {tree ? (
            <TreeTable
              key={JSON.stringify(treeKey)}
              nodes={rows}
              columns={columns}
              layout={layout}
              shape={shape}
              defaultExpanded={tree.defaultExpanded}
              match={match}
              loading={isLoading || isValidating}
              error={!!error && !loaded}
              onRetry={() => refresh()}
              toolbar={toolbarButtons}
              height={resource.height}
              size={resource.size}
            />
          ) : (
            <div className="flex flex-col gap-3 rounded-md border bg-card p-3">
              {toolbar.length > 0 && (
                <div className="flex flex-wrap items-center gap-2" data-testid="toolbar">
                  {toolbarButtons}
                  {resource.multiple && selected.length > 0 && <span className="text-xs text-muted-foreground">{tk("table.selected", { count: selected.length })}</span>}
                </div>
              )}
              <DataTable
                columns={columns}
                layout={layout}
                rows={rows}
                getRowId={keyOf}
                multiple={resource.multiple}
                selection={selection}
                onSelectionChange={setSelection}
                sort={state.sort}
                onSortChange={(s: Sort) => writeUrl({ sort: s?.prop ?? null, order: s?.order ?? null, current: 1 })}
                loading={isLoading || isValidating}
                error={!!error && !loaded}
                onRetry={() => refresh()}
                height={resource.height}
                size={resource.size}
                texts={{ empty: tk("table.empty"), error: tk("table.error"), retry: tk("actions.retry"), selectAll: tk("table.selectAll"), selectRow: tk("table.selectRow") }}
              />
              <Pagination page={current} size={size} total={total} pageSizes={resource.pageSizes} onChange={(p, s) => writeUrl({ current: p, size: s })} />
            </div>
          )}
        </div>
        {/* The one dialogs host of this list. */}
        {dialog && resource.form && (dialog.mode !== "view" || !resource.detail) && (
          <ResourceFormDialog key={`${dialog.mode}-${dialog.id ?? ""}-${dialogRow ? 1 : 0}`} resource={resource} mode={dialog.mode} row={dialogRow} preset={dialog.mode === "create" ? preset : undefined} loading={dialogLoading} error={dialogError} label={label} onClose={close} onSaved={refresh} />
        )}
        {dialog?.mode === "view" && resource.detail && <DetailDialog rows={resource.detail} row={dialogRow} loading={dialogLoading} error={dialogError} title={tk("dialog.view", { name: label(resource.entity ?? "entity") })} label={label} onClose={close} />}
        {resource.endpoints.import && toolbar.some((a) => a.key === "import") && (
          <ImportDialog
            open={params.get("import") === "1"}
            onOpenChange={(o) => !o && writeUrl({ import: null })}
            action={resource.endpoints.import}
            template={resource.endpoints.template ? { endpoint: resource.endpoints.template, filename: `${label(resource.exportName ?? "title")}.xlsx` } : undefined}
            onImported={() => refresh()}
          />
        )}
        {resource.slots?.dialogs?.(ui)}
        {confirmElement}
      </div>
    </PageFrame>
  );
}
