"use client";

import * as React from "react";
import useSWR, { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { BookAIcon, PencilIcon, PlusIcon, SearchIcon, Trash2Icon } from "lucide-react";
import { api, swrFetcher } from "@/lib/api/fetcher";
import { DICT_SCOPES, type DictItemNode, type DictNode, type DictScope } from "@/lib/contract/system/dict";
import { RowActions, TreeTable, useConfirm, useRevalidateDict } from "@/components/kit";
import { usePermissions } from "@/components/kit/can";
import { ResourceFormDialog } from "@/components/kit/resource/resource-form-dialog";
import type { TableColumn } from "@/components/kit/table/data-table";
import { findNode } from "@/lib/tree";
import { PageFrame } from "@/components/shell/page-frame";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/utils";
import { TreeFormDialog, useTreeDialogs } from "../menu/tree-dialogs";
import { useUrlPatch } from "../menu/url-param";
import { dictItemResource, dictResource } from "./dict-resources";

/** URL state of the screen: scope tab, chosen dictionary and the dictionary dialog. */
function useDictUrl() {
  const { params, go } = useUrlPatch();
  const scopeParam = params.get("scope");
  const scope: DictScope = (DICT_SCOPES as readonly string[]).includes(scopeParam ?? "") ? (scopeParam as DictScope) : "tenant";
  const dictId = Number(params.get("dictId")) || null;
  return { params, go, scope, dictId, dictDialog: params.get("dict"), dictParent: Number(params.get("dictParent")) || null };
}

function DictTree({ nodes, selected, onSelect, depth = 0 }: { nodes: readonly DictNode[]; selected: number | null; onSelect: (n: DictNode) => void; depth?: number }) {
  return (
    <ul role={depth === 0 ? "tree" : "group"}>
      {nodes.map((n) => (
        <li key={n.id} role="treeitem" aria-selected={selected === n.id}>
          <button
            type="button"
            onClick={() => onSelect(n)}
            data-testid="dict-node"
            data-code={n.dictCode}
            className={cn("flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-primary-light-9 dark:hover:bg-accent", selected === n.id && "bg-primary-light-9 font-medium text-primary dark:bg-accent")}
            style={{ paddingLeft: 8 + depth * 16 }}
          >
            <BookAIcon className="size-4 shrink-0 opacity-70" />
            <span className="min-w-0 flex-1 truncate">{n.dictName}</span>
            <span className="truncate text-xs text-muted-foreground">{n.dictCode}</span>
            {n.enabled !== 1 && <span className="size-1.5 shrink-0 rounded-full bg-muted-foreground" aria-hidden />}
          </button>
          {n.childrens.length > 0 && <DictTree nodes={n.childrens} selected={selected} onSelect={onSelect} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

function Body() {
  const t = useTranslations("system.dict");
  const tAll = useTranslations();
  const tk = useTranslations("kit");
  const { can } = usePermissions();
  const [confirm, confirmElement] = useConfirm();
  const url = useDictUrl();
  const itemDialogs = useTreeDialogs();
  const revalidateDict = useRevalidateDict();
  const { mutate: globalMutate } = useSWRConfig();

  const [keyword, setKeyword] = React.useState("");
  const [debounced, setDebounced] = React.useState("");
  React.useEffect(() => {
    const id = setTimeout(() => setDebounced(keyword.trim()), 400);
    return () => clearTimeout(id);
  }, [keyword]);

  const dicts = useSWR<DictNode[]>(["sys/dict/tree", { scope: url.scope, keyword: debounced || undefined }], swrFetcher, { keepPreviousData: true });
  const dictNodes = React.useMemo(() => dicts.data ?? [], [dicts.data]);
  const current = url.dictId ? findNode(dictNodes, url.dictId) : undefined;
  const items = useSWR<DictItemNode[]>(current ? ["sys/dictItem/tree", { dictId: current.id }] : null, swrFetcher);
  const itemNodes = React.useMemo(() => items.data ?? [], [items.data]);

  // The forms read the trees when they render, so one definition serves every refresh.
  const dictNodesRef = React.useRef(dictNodes);
  dictNodesRef.current = dictNodes;
  const itemNodesRef = React.useRef(itemNodes);
  itemNodesRef.current = itemNodes;
  const dictRes = React.useMemo(() => dictResource(() => dictNodesRef.current), []);
  const itemRes = React.useMemo(() => dictItemResource(() => itemNodesRef.current), []);
  const label = React.useCallback((key: string, values?: Record<string, string | number>) => tAll((key.startsWith("kit.") ? key : `system.dict.${key}`) as never, values as never), [tAll]);

  const refreshDicts = React.useCallback(async () => {
    await globalMutate((k) => Array.isArray(k) && k[0] === "sys/dict/tree");
    // The changed dictionary need not be the one chosen (a switch in the tree, a new code): all of them.
    revalidateDict();
  }, [globalMutate, revalidateDict]);
  const refreshItems = React.useCallback(async () => {
    await items.mutate();
    if (current) revalidateDict(current.dictCode);
  }, [items, current, revalidateDict]);

  async function removeDict(node: DictNode) {
    if (!(await confirm(t("confirm.deleteDict", { name: node.dictName }), { danger: true }))) return;
    try {
      await api.post("sys/dict/del", { ids: [node.id] });
      toast.success(tk("form.deleted"));
      url.go({ dictId: null });
      await refreshDicts();
    } catch {
      /* the cloud's reason was shown */
    }
  }
  async function removeItem(node: DictItemNode) {
    if (!(await confirm(t("confirm.deleteItem", { name: node.itemName }), { danger: true }))) return;
    try {
      await api.post("sys/dictItem/del", { ids: [node.id] });
      toast.success(tk("form.deleted"));
      await refreshItems();
    } catch {
      /* the cloud's reason was shown */
    }
  }
  async function toggle(path: "sys/dict/openOrOpen" | "sys/dictItem/openOrOpen", id: number, on: boolean, refresh: () => Promise<unknown>) {
    try {
      await api.post(path, { id, status: on ? 1 : 2 });
      await refresh();
    } catch {
      /* the switch stays as the server has it */
    }
  }

  const mayUpd = can("sys:dict:upd");
  const itemColumns = React.useMemo<TableColumn<DictItemNode>[]>(
    () => [
      { id: "itemName", header: () => t("fields.itemName"), cell: ({ row }) => <span className="truncate">{row.original.itemName}</span> },
      { id: "itemValue", header: () => t("fields.itemValue"), cell: ({ row }) => <code className="text-xs">{row.original.itemValue}</code> },
      { id: "sort", header: () => t("fields.sort"), cell: ({ row }) => row.original.sort },
      {
        id: "enabled",
        header: () => t("fields.enabled"),
        cell: ({ row }) => (
          <Switch checked={row.original.enabled === 1} disabled={!mayUpd} aria-label={t("fields.enabled")} onCheckedChange={(c) => toggle("sys/dictItem/openOrOpen", row.original.id, c, refreshItems)} />
        ),
      },
      { id: "remark", header: () => t("fields.remark"), cell: ({ row }) => <span className="truncate">{row.original.remark || "-"}</span> },
      {
        id: "__actions",
        header: () => tk("actions.operate"),
        cell: ({ row }) => {
          const node = row.original;
          const actions = [
            ...(can("sys:dict:add") ? [{ key: "addChild", label: t("actions.addChild"), run: () => itemDialogs.create(node.id) }] : []),
            ...(mayUpd ? [{ key: "edit", label: tk("actions.edit"), run: () => itemDialogs.edit(node.id) }] : []),
            ...(can("sys:dict:del") ? [{ key: "del", label: tk("actions.delete"), danger: true, run: () => removeItem(node) }] : []),
          ];
          return <RowActions actions={actions} moreLabel={tk("actions.more")} inline={3} />;
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, tk, can, mayUpd, itemDialogs, refreshItems],
  );

  const dictDialogRow: DictNode | undefined =
    url.dictDialog === "new" ? ({ scope: url.scope, parentId: url.dictParent } as unknown as DictNode) : url.dictDialog ? findNode(dictNodes, url.dictDialog) : undefined;

  return (
    <PageFrame>
      <Tabs value={url.scope} onValueChange={(v) => url.go({ scope: v, dictId: null, dict: null })}>
        <TabsList>
          {DICT_SCOPES.map((s) => (
            <TabsTrigger key={s} value={s} data-testid={`tab-${s}`}>
              {t(`scopes.${s}`)}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <p className="text-xs text-muted-foreground">{t(`scopeHints.${url.scope}`)}</p>
      <div className="flex flex-col gap-3 lg:flex-row">
        <aside className="flex shrink-0 flex-col gap-2 rounded-md border bg-card p-3 lg:w-80" data-testid="dict-list">
          <div className="flex items-center gap-2">
            <div className="relative flex-1">
              <SearchIcon className="pointer-events-none absolute top-2 left-2 size-4 text-muted-foreground" />
              <Input className="h-8 pl-8" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t("placeholders.search")} aria-label={t("placeholders.search")} />
            </div>
            {can("sys:dict:add") && (
              <Button size="sm" onClick={() => url.go({ dict: "new", dictParent: null })} data-testid="dict-add">
                <PlusIcon />
                {tk("actions.add")}
              </Button>
            )}
          </div>
          <div className="min-h-40 overflow-auto lg:max-h-[calc(100vh-16rem)]">
            {!dicts.data && !dicts.error ? (
              <div className="space-y-2">
                {[1, 2, 3, 4].map((i) => (
                  <Skeleton key={i} className="h-7" />
                ))}
              </div>
            ) : dicts.error && !dicts.data ? (
              <p className="py-8 text-center text-sm text-destructive">{tk("table.error")}</p>
            ) : dictNodes.length === 0 ? (
              <p className="py-8 text-center text-sm text-muted-foreground">{tk("table.empty")}</p>
            ) : (
              <DictTree nodes={dictNodes} selected={current?.id ?? null} onSelect={(n) => url.go({ dictId: String(n.id) })} />
            )}
          </div>
        </aside>
        <section className="flex min-w-0 flex-1 flex-col gap-3">
          {!current ? (
            <p className="rounded-md border bg-card p-10 text-center text-sm text-muted-foreground" data-testid="dict-none">
              {t("chooseDict")}
            </p>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-3 rounded-md border bg-card p-3" data-testid="dict-current">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {current.dictName} <span className="text-sm font-normal text-muted-foreground">{current.dictCode}</span>
                  </p>
                  {current.remark && <p className="text-xs text-muted-foreground">{current.remark}</p>}
                </div>
                <label className="flex items-center gap-2 text-sm">
                  <Switch checked={current.enabled === 1} disabled={!mayUpd} onCheckedChange={(c) => toggle("sys/dict/openOrOpen", current.id, c, refreshDicts)} data-testid="dict-enabled" />
                  <Badge variant={current.enabled === 1 ? "success" : "secondary"}>{tAll(`enums.enableState.${current.enabled === 1 ? 1 : 2}` as never)}</Badge>
                </label>
                {can("sys:dict:add") && (
                  <Button size="sm" variant="outline" onClick={() => url.go({ dict: "new", dictParent: String(current.id) })}>
                    <PlusIcon />
                    {t("actions.addSubDict")}
                  </Button>
                )}
                {mayUpd && (
                  <Button size="sm" variant="outline" onClick={() => url.go({ dict: String(current.id) })}>
                    <PencilIcon />
                    {tk("actions.edit")}
                  </Button>
                )}
                {can("sys:dict:del") && (
                  <Button size="sm" variant="outline" className="text-destructive" onClick={() => removeDict(current)}>
                    <Trash2Icon />
                    {tk("actions.delete")}
                  </Button>
                )}
              </div>
              <TreeTable<DictItemNode>
                nodes={itemNodes}
                columns={itemColumns}
                layout={{ itemName: { minWidth: 200 }, itemValue: { width: 160 }, sort: { width: 80 }, enabled: { width: 90 }, remark: { minWidth: 160 }, __actions: { width: 180, sticky: "right" } }}
                loading={items.isLoading}
                error={!!items.error && !items.data}
                onRetry={() => items.mutate()}
                defaultExpanded={2}
                toolbar={
                  can("sys:dict:add") && (
                    <Button size="sm" onClick={() => itemDialogs.create(null)} data-testid="item-add">
                      <PlusIcon />
                      {t("actions.addItem")}
                    </Button>
                  )
                }
              />
              <TreeFormDialog resource={itemRes} nodes={itemNodes} loading={items.isLoading} onSaved={refreshItems} createDefaults={{ dictId: current.id }} />
            </>
          )}
        </section>
      </div>
      {url.dictDialog && (
        <ResourceFormDialog
          key={`${url.dictDialog}-${url.dictParent ?? ""}-${dictDialogRow ? 1 : 0}`}
          resource={dictRes}
          mode={url.dictDialog === "new" ? "create" : "edit"}
          row={dictDialogRow}
          loading={!dictDialogRow && !dicts.data}
          error={!dictDialogRow && !!dicts.data}
          label={label}
          onClose={() => url.go({ dict: null, dictParent: null })}
          onSaved={refreshDicts}
        />
      )}
      {confirmElement}
    </PageFrame>
  );
}

/** dictSet: dictionaries per scope (tenant / own) as a tree, and the item tree of the chosen one. */
export function DictPage() {
  return (
    <React.Suspense fallback={<Skeleton className="m-4 h-96" />}>
      <Body />
    </React.Suspense>
  );
}
