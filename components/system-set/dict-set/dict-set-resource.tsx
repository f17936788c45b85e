"use client";

import * as React from "react";
import { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { BookAIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { call, useCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { DICT_SCOPES, dictApi, type DictItemNode, type DictNode, type DictScope } from "@/lib/contract/system/dict";
import { ResourceDialogs, ResourceTable, useConfirm, useResourceList, useRevalidateDict } from "@/components/kit";
import { usePermissions } from "@/components/kit/can";
import { ResourceFormDialog } from "@/components/kit/resource/lazy-dialogs";
import { findNode } from "@/lib/tree";
import { PageFrame } from "@/components/kit/page-frame";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { TabStrip } from "@/components/ui/tab-strip";
import { MasterPane } from "@/components/kit/master/master-pane";
import { useNsLabel } from "@/components/kit/use-ns-label";
import { useUrlPatch } from "@/components/kit/url-param";
import { dictItemResource, dictResource } from "./dict-resources";

/** URL state of the screen: scope tab, chosen dictionary and the dictionary dialog. */
function useDictUrl() {
  const { params, go } = useUrlPatch();
  const scopeParam = params.get("scope");
  const scope: DictScope = (DICT_SCOPES as readonly string[]).includes(scopeParam ?? "") ? (scopeParam as DictScope) : "tenant";
  const dictId = Number(params.get("dictId")) || null;
  return { params, go, scope, dictId, dictDialog: params.get("dict"), dictParent: Number(params.get("dictParent")) || null };
}

/** The chosen dictionary's items, a kit tree list narrowed to it (dialogs from the URL like any list). */
function Items({ dict }: { dict: DictNode }) {
  const revalidateDict = useRevalidateDict();
  // The form's parent picker reads the tree when it renders, so one definition serves every refresh.
  const nodes = React.useRef<readonly DictItemNode[]>([]);
  const resource = React.useMemo(() => dictItemResource(() => nodes.current), []);
  const list = useResourceList(resource, { dictId: dict.id });
  nodes.current = list.rows;
  // Selects elsewhere show the items: whenever the tree loads again (after a change), so do they.
  React.useEffect(() => {
    if (list.rows.length) revalidateDict(dict.dictCode);
  }, [list.rows, dict.dictCode, revalidateDict]);
  return (
    <>
      <ResourceTable list={list} />
      <ResourceDialogs list={list} />
    </>
  );
}

function Body() {
  const t = useTranslations("system.dict");
  const tAll = useTranslations();
  const tk = useTranslations("kit");
  const { can } = usePermissions();
  const [confirm, confirmElement] = useConfirm();
  const url = useDictUrl();
  const revalidateDict = useRevalidateDict();
  const { mutate: globalMutate } = useSWRConfig();

  const [keyword, setKeyword] = React.useState("");
  const dicts = useCall(dictApi.tree, { scope: url.scope, keyword: keyword || undefined }, { keepPreviousData: true });
  const dictNodes = React.useMemo(() => dicts.data ?? [], [dicts.data]);
  const current = url.dictId ? findNode(dictNodes, url.dictId) : undefined;

  // The forms read the trees when they render, so one definition serves every refresh.
  const dictNodesRef = React.useRef(dictNodes);
  dictNodesRef.current = dictNodes;
  const dictRes = React.useMemo(() => dictResource(() => dictNodesRef.current), []);
  const label = useNsLabel("system.dict");

  const refreshDicts = React.useCallback(async () => {
    await globalMutate((k) => Array.isArray(k) && k[0] === dictApi.tree.path);
    // The changed dictionary need not be the one chosen (a switch in the tree, a new code): all of them.
    revalidateDict();
  }, [globalMutate, revalidateDict]);
  async function removeDict(node: DictNode) {
    if (!(await confirm(t("confirm.deleteDict", { name: node.dictName }), { danger: true }))) return;
    try {
      await call(dictApi.del, { ids: [node.id] });
      toast.success(tk("form.deleted"));
      url.go({ dictId: null });
      await refreshDicts();
    } catch {
      /* the cloud's reason was shown */
    }
  }
  async function toggle(id: number, on: boolean) {
    try {
      await call(dictApi.openOrClose, { id, status: on ? 1 : 2 });
      await refreshDicts();
    } catch {
      /* the switch stays as the server has it */
    }
  }

  const mayUpd = can(permsOf(dictApi.upd)[0]);
  const dictDialogRow: DictNode | undefined =
    url.dictDialog === "new" ? ({ scope: url.scope, parentId: url.dictParent } as unknown as DictNode) : url.dictDialog ? findNode(dictNodes, url.dictDialog) : undefined;

  return (
    <PageFrame>
      <TabStrip value={url.scope} onChange={(v) => url.go({ scope: v, dictId: null, dict: null })} items={DICT_SCOPES.map((s) => ({ name: s, label: t(`scopes.${s}`), testId: `tab-${s}` }))} />
      <p className="text-xs text-muted-foreground">{t(`scopeHints.${url.scope}`)}</p>
      <div className="flex flex-col gap-3 lg:flex-row">
        <MasterPane
          className="shrink-0 lg:w-80"
          testId="dict-list"
          // While a search reloads, the kept nodes stay shown: neither loading nor failed.
          source={{ nodes: dictNodes, isLoading: !dicts.data && !dicts.error, error: dicts.data ? undefined : dicts.error, mutate: dicts.mutate }}
          childrenKey="childrens"
          labelOf={(n) => n.dictName}
          render={(n) => (
            <>
              <BookAIcon className="size-4 shrink-0 opacity-70" />
              <span className="min-w-0 flex-1 truncate">{n.dictName}</span>
              <span className="truncate text-xs text-muted-foreground">{n.dictCode}</span>
              {n.enabled !== 1 && <span className="size-1.5 shrink-0 rounded-full bg-muted-foreground" aria-hidden />}
            </>
          )}
          itemTestId={() => "dict-node"}
          value={current?.id ?? null}
          onChange={(id) => url.go({ dictId: id === null ? null : String(id) })}
          searchLabel={t("placeholders.search")}
          onSearch={setKeyword}
          label={t(`scopes.${url.scope}`)}
          actions={
            can(permsOf(dictApi.add)[0]) && (
              <Button size="sm" onClick={() => url.go({ dict: "new", dictParent: null })} data-testid="dict-add">
                <PlusIcon />
                {tk("actions.add")}
              </Button>
            )
          }
        />
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
                  <Switch checked={current.enabled === 1} disabled={!mayUpd} onCheckedChange={(c) => toggle(current.id, c)} data-testid="dict-enabled" />
                  <Badge variant={current.enabled === 1 ? "success" : "secondary"}>{tAll(`enums.enableState.${current.enabled === 1 ? 1 : 2}` as never)}</Badge>
                </label>
                {can(permsOf(dictApi.add)[0]) && (
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
                {can(permsOf(dictApi.del)[0]) && (
                  <Button size="sm" variant="outline" className="text-destructive" onClick={() => removeDict(current)}>
                    <Trash2Icon />
                    {tk("actions.delete")}
                  </Button>
                )}
              </div>
              <Items key={current.id} dict={current} />
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
