"use client";

import * as React from "react";
import useSWR, { useSWRConfig } from "swr";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { DownloadIcon, PlusIcon, Trash2Icon, UploadIcon } from "lucide-react";
import type { RowSelectionState } from "@tanstack/react-table";
import type { Page } from "@/lib/contract/envelope";
import { api, download, swrFetcher } from "@/lib/api/fetcher";
import { usePermissions } from "../can";
import { useConfirm } from "../dialogs/confirm-dialog";
import { useSession } from "../session";
import { KitCell } from "../table/cells";
import type { ColumnLayout, TableColumn } from "../table/data-table";
import { RowActions, type ResolvedAction } from "../table/row-actions";
import { headerWidth, rowActionsColumnWidth, statusWidth } from "../table/column-width";
import { ENUMS, isEnumName } from "@/lib/contract/enums";
import { findNode, type TreeShape } from "@/lib/tree";
import { isRawColumn, permOf, type AnyRow, type BuiltinRowAction, type DialogMode, type Resource, type ResourceUi, type RowAction, type ToolbarAction } from "./define-resource";
import { activeFilters, containsAll, readListState, requestParams, writeListState } from "./list-state";
import { searchKeys } from "./search-rules";
import { useNsLabel } from "../use-ns-label";

const revalidateUnder = (prefix: string) => (key: unknown) => {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === "string" && path.startsWith(`${prefix}/`);
};

/** The dialog the URL asks for: ?create=1, ?edit=<id>, ?view=<id>. */
type OpenDialog = { mode: DialogMode; id?: string };

/**
 * Everything a list screen knows, for `<ResourcePage>` and for custom screens assembling the parts
 * (`ResourceTabs`, `ResourceSearch`, `ResourceToolbar`, `ResourceTable`, `ResourceDialogs`):
 * list state from the URL, the SWR fetch (a page, or the whole tree), selection, mutations, the
 * resolved columns / row actions / toolbar and the dialog the URL opens. `fixed` filters are not
 * in the URL and always apply (a list nested in a detail, narrowed to its row).
 */
export function useResourceList<Row extends AnyRow>(resource: Resource<Row>, fixed?: Record<string, unknown>) {
  const tk = useTranslations("kit");
  const te = useTranslations("enums") as (key: string) => string;
  const label = useNsLabel(resource.ns);
  const { can, hasRole, roles } = usePermissions();
  const kitSession = useSession();
  const session = React.useMemo(() => ({ ...kitSession, roles, can, hasRole }), [kitSession, roles, can, hasRole]);
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [confirm, confirmElement] = useConfirm();

  const sortable = React.useMemo(() => resource.columns.flatMap((c) => (!isRawColumn(c) && c.sortable ? [c.prop] : [])), [resource.columns]);
  const fixedKey = JSON.stringify(fixed ?? {});
  const state = React.useMemo(() => {
    const s = readListState(resource.query, params, resource.pageSizes, sortable);
    Object.assign(s.query, JSON.parse(fixedKey));
    const tabs = resource.tabs;
    if (tabs && !tabs.items.some((i) => !i.disabled && String(s.query[tabs.prop] ?? "") === i.name)) s.query[tabs.prop] = tabs.items.find((i) => !i.disabled)?.name;
    return s;
  }, [params, resource, sortable, fixedKey]);
  const defaultSize = resource.pageSizes.includes(10) ? 10 : resource.pageSizes[0];

  /** Sets (or with null removes) URL parameters of the list in place. */
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
  // A project's list without a chosen project: nothing to call (the cloud would refuse), the table asks for one.
  const noProject = !!resource.needsProject && !kitSession.projId;
  const treeKey = tree && !noProject ? (tree.request?.(state.query) ?? resource.endpoints.page) : null;
  const poll = resource.refreshInterval;
  const paged = useSWR<Page<Row>>(tree || noProject ? null : [resource.endpoints.page, listParams], swrFetcher, { keepPreviousData: true, refreshInterval: poll ? (latest) => poll(latest?.records ?? []) : undefined });
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

  const dialog: OpenDialog | null = params.get("create")
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
  // "Delete project “…”?": the question names what goes, when the resource knows its rows' names.
  const deleteQuestion = (list: Row[]) => {
    if (list.length > 1) return tk("confirm.batchDelete", { count: list.length });
    const name = resource.rowName?.(list[0]);
    return name ? tk("confirm.deleteNamed", { entity: label(resource.entity ?? "entity"), name }) : tk("confirm.delete");
  };
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
      const ok = await confirm(question ?? deleteQuestion(list), { danger: true });
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
  // Cells and buttons call the latest ui without re-creating the columns on every render.
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

  const { columns, layout: columnLayout } = React.useMemo(() => {
    const layout: Record<string, ColumnLayout> = {};
    const columns: TableColumn<Row>[] = [];
    for (const c of resource.columns) {
      if (isRawColumn(c)) {
        columns.push(c.def as TableColumn<Row>);
        continue;
      }
      if (c.hidden) continue;
      // A status badge never clips: its column holds the enum's longest label in the reader's language ("Awaiting review").
      const badges = c.type === "status" && c.width && typeof c.dict === "string" && isEnumName(c.dict) ? statusWidth(ENUMS[c.dict].map((v) => te(`${c.dict}.${v}`)), c.width) : c.width;
      // Nor does a header ("Battery (%)" with its sort arrow is wider than the 100 px of a number).
      const width = badges && headerWidth(label(c.label), !!c.sortable, badges);
      // Free text clips, but its header does not wrap: "Project name" with its sort arrow keeps 138 px at 1440 px.
      const ownHeader = width ? undefined : headerWidth(label(c.label), !!c.sortable, 0);
      layout[c.prop] = { width, minWidth: c.minWidth ?? (width ? undefined : 100), headerWidth: ownHeader, align: c.align, sortable: c.sortable, dropOrder: c.dropOrder };
      const allowed = c.type === "switch" || c.type === "switch1" ? can(c.perm ?? permOf(resource, "openOrClose")) : true;
      columns.push({ id: c.prop, header: () => label(c.label), cell: ({ row }) => <KitCell col={c} row={row.original} ui={uiRef.current} allowed={allowed} /> });
    }
    if (actions.length) {
      // Sized below from the rows shown; until they come, from the actions every row shows.
      layout.__actions = { width: 130, sticky: "right" };
      columns.push({
        id: "__actions",
        header: () => tk("actions.operate"),
        cell: ({ row }) => {
          const r = row.original;
          const resolved: ResolvedAction[] = actions
            .filter((a) => !a.show || a.show(r, uiRef.current))
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
  }, [resource, actions, can, label, tk, te, nameOf]);

  // The row actions' column holds the widest set of actions the rows show, in the reader's language ("Details · Accept ·
  // More" is wider than "详情 · 受理 · 更多"); each row shows those its `show` lets through.
  const actionsWidth = React.useMemo(() => {
    const every = (nodes: readonly Row[]): Row[] => (tree ? nodes.flatMap((n) => [n, ...every((n[shape.childrenKey] as Row[] | undefined) ?? [])]) : [...nodes]);
    const shown = every(rows).map((r) => actions.filter((a) => !a.show || a.show(r, uiRef.current)));
    const sets = (shown.length ? shown : [actions.filter((a) => !a.show)]).map((set) => set.map((a) => label(a.label)));
    return rowActionsColumnWidth(sets, tk("actions.more"), Math.min(actions.length, resource.inlineActions ?? 2));
  }, [rows, actions, tree, shape, label, tk, resource.inlineActions]);
  const layout = React.useMemo(() => (columnLayout.__actions ? { ...columnLayout, __actions: { ...columnLayout.__actions, width: actionsWidth } } : columnLayout), [columnLayout, actionsWidth]);

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

  return {
    noProject,
    resource,
    ui,
    uiRef,
    label,
    tk,
    state,
    listParams,
    writeUrl,
    rows,
    total,
    current,
    size,
    loading: isLoading || isValidating,
    error: !!error && !loaded,
    treeKey,
    shape,
    match,
    selection,
    setSelection,
    keyOf,
    columns,
    layout,
    toolbar,
    dialog,
    dialogRow,
    dialogLoading,
    dialogError,
    preset,
    confirmElement,
  };
}

export type ResourceListState<Row extends AnyRow> = ReturnType<typeof useResourceList<Row>>;
