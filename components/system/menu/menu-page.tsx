"use client";

import * as React from "react";
import useSWR from "swr";
import { z } from "zod";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "sonner";
import { ExternalLinkIcon, PlusIcon, StarIcon } from "lucide-react";
import { defineResource, RowActions, useConfirm } from "@/components/kit";
import { usePermissions } from "@/components/kit/can";
import { DictText } from "@/components/kit/table/cells";
import { MenuIcon } from "@/components/shell/menu-icon";
import { useShell } from "@/components/shell/shell-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { api, swrFetcher } from "@/lib/api/fetcher";
import { menuAdd, menuUpdate, MENU_SCOPES, type MenuScope, type MenuTreeNode } from "@/lib/contract/system/menu";
import type { MenuNode } from "@/lib/shell/menu";
import { cn } from "@/lib/utils";
import { IconPicker } from "./icon-picker";
import { findNode, subtreeIds, TreeSelect } from "./tree-select";
import { TreeCell, TreeTable, type FlatRow } from "./tree-table";
import { TreeFormDialog, useTreeDialogs } from "./tree-dialogs";
import { useUrlParam } from "./url-param";

const PLATFORM = 1;
const COLLECT_LIST = "sys/menu/getCollectList";

/** The platform reads and edits both whole trees; a tenant reads the part it is authorised for. */
const treeKey = (platform: boolean, scope: MenuScope) => (platform ? `sys/menu/all/${scope}` : ["sys/menu/treePC", { scope: "tenant" }]);

function useMenuTree(scope: MenuScope) {
  const { tenantId } = useShell();
  return useSWR<MenuTreeNode[]>(treeKey(tenantId === PLATFORM, scope), swrFetcher);
}

const foldersOnly = (nodes: readonly MenuTreeNode[]): MenuTreeNode[] => nodes.filter((n) => n.type === "menu").map((n) => ({ ...n, childrens: foldersOnly(n.childrens) }));
const iconNames = (nodes: readonly MenuTreeNode[]): string[] => [...new Set(nodes.flatMap((n) => [...(n.icon ? [n.icon] : []), ...iconNames(n.childrens)]))].sort();
const isEntry = (n: Pick<MenuTreeNode, "type" | "path" | "frame">) => n.type === "menu" && (!!n.path || n.frame === 1);

/** The parent of a node: a menu (never a button) of the same tree, not the node or below it. */
function ParentSelect({ scope, selfId, value, onChange, disabled, invalid }: { scope: MenuScope; selfId?: number; value: unknown; onChange: (v: number | null) => void; disabled: boolean; invalid: boolean }) {
  const t = useTranslations("system.menu");
  const locale = useLocale();
  const { data } = useMenuTree(scope);
  const nodes = React.useMemo(() => foldersOnly(data ?? []), [data]);
  const label = React.useCallback((n: MenuTreeNode) => (locale === "en" && n.nameEn ? n.nameEn : n.name), [locale]);
  return (
    <TreeSelect
      id="field-parentId"
      nodes={nodes}
      value={value as number | null}
      onChange={onChange}
      labelOf={label}
      disabledIds={selfId ? subtreeIds(findNode(nodes, selfId)) : undefined}
      placeholder={t("topLevel")}
      clearable
      disabled={disabled}
      invalid={invalid}
    />
  );
}

function IconField({ scope, value, onChange, disabled, invalid }: { scope: MenuScope; value: unknown; onChange: (v: string) => void; disabled: boolean; invalid: boolean }) {
  const sys = useMenuTree("sys");
  const tenant = useMenuTree(scope === "sys" ? "tenant" : scope);
  const names = React.useMemo(() => [...new Set([...iconNames(sys.data ?? []), ...iconNames(tenant.data ?? [])])].sort(), [sys.data, tenant.data]);
  return <IconPicker id="field-icon" value={typeof value === "string" ? value : ""} onChange={onChange} names={names} disabled={disabled} invalid={invalid} />;
}

export const menuResource = defineResource<MenuTreeNode>({
  ns: "system.menu",
  api: "sys/menu",
  perm: "sys:menu",
  endpoints: { page: "sys/menu/all/sys", info: false, export: false, import: false, template: false, openOrClose: false },
  schemas: { query: z.object({}), create: menuAdd, update: menuUpdate },
  columns: [],
  form: {
    columns: 2,
    width: 820,
    defaults: { scope: "sys", parentId: null, name: "", nameEn: "", icon: "", sort: 0, type: "menu", path: "", perms: "", frame: 0, framePath: "" },
    toForm: ({ id, scope, parentId, name, nameEn, icon, sort, type, path, perms, frame, framePath }) => ({ id, scope, parentId, name, nameEn, icon, sort, type, path, perms, frame, framePath }),
    fields: [
      {
        name: "parentId",
        label: "fields.parentId",
        type: "custom",
        render: ({ field, form, disabled, invalid }) => (
          <ParentSelect scope={form.getValues("scope") as MenuScope} selfId={form.getValues("id") || undefined} value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} />
        ),
      },
      { name: "type", label: "fields.type", type: "radio", dict: "menuType", required: true },
      { name: "name", label: "fields.name", required: true },
      { name: "nameEn", label: "fields.nameEn" },
      {
        name: "icon",
        label: "fields.icon",
        type: "custom",
        full: false,
        show: (v) => v.type === "menu",
        render: ({ field, form, disabled, invalid }) => <IconField scope={form.getValues("scope") as MenuScope} value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} />,
      },
      { name: "sort", label: "fields.sort", type: "number", min: 0, max: 10000, floatNum: 0 },
      { name: "path", label: "fields.path", placeholder: "placeholders.path", show: (v) => v.type === "menu" && Number(v.frame) !== 1 },
      { name: "perms", label: "fields.perms", placeholder: "placeholders.perms", required: false },
      { name: "frame", label: "fields.frame", type: "switch", on: 1, off: 0, show: (v) => v.type === "menu" },
      { name: "framePath", label: "fields.framePath", placeholder: "placeholders.framePath", show: (v) => v.type === "menu" && Number(v.frame) === 1 },
    ],
  },
});

type Row = FlatRow<MenuTreeNode>;

/** The star of an entry: favourites are entries the user can open, on their own side. */
function Star({ node, on, onToggled }: { node: MenuTreeNode; on: boolean; onToggled: () => Promise<unknown> }) {
  const t = useTranslations("system.menu");
  const [busy, setBusy] = React.useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      aria-pressed={on}
      aria-label={on ? t("uncollect") : t("collect")}
      title={on ? t("uncollect") : t("collect")}
      data-testid={`collect-${node.id}`}
      className={cn("rounded p-0.5 hover:bg-accent", on ? "text-amber-500" : "text-muted-foreground/50 hover:text-amber-500")}
      onClick={async () => {
        setBusy(true);
        try {
          await api.post("sys/menu/saveCollect", { menuId: node.id, collect: !on });
          await onToggled();
        } catch {
          /* the fetcher showed the cloud's message */
        } finally {
          setBusy(false);
        }
      }}
    >
      <StarIcon className={cn("size-4", on && "fill-current")} />
    </button>
  );
}

export function MenuPage() {
  const t = useTranslations("system.menu");
  const tk = useTranslations("kit");
  const locale = useLocale();
  const { tenantId } = useShell();
  const platform = tenantId === PLATFORM;
  const { can } = usePermissions();
  const [tabParam, setTab] = useUrlParam("scope");
  const scope: MenuScope = platform && tabParam === "tenant" ? "tenant" : platform ? "sys" : "tenant";
  const tree = useMenuTree(scope);
  const nodes = React.useMemo(() => tree.data ?? [], [tree.data]);
  const collects = useSWR<MenuNode[]>(COLLECT_LIST, swrFetcher);
  const starred = React.useMemo(() => new Set((collects.data ?? []).map((c) => c.id)), [collects.data]);
  // Favourites are entries of one's own side; editing is the platform's (the cloud enforces both).
  const ownSide = scope === (platform ? "sys" : "tenant");
  const editable = platform;
  const dialogs = useTreeDialogs();
  const [confirm, confirmElement] = useConfirm();
  const name = React.useCallback((n: Pick<MenuTreeNode, "name" | "nameEn">) => (locale === "en" && n.nameEn ? n.nameEn : n.name), [locale]);

  const remove = React.useCallback(
    async (node: MenuTreeNode) => {
      if (!(await confirm(t("confirmDelete", { name: name(node) }), { danger: true }))) return;
      try {
        // A node with children is refused by the cloud, whose message the fetcher shows.
        await api.post("sys/menu/del", { ids: [node.id] });
        toast.success(tk("form.deleted"));
        await tree.mutate();
      } catch {
        /* shown */
      }
    },
    [confirm, t, tk, name, tree],
  );

  const columns = React.useCallback(
    (toggle: (id: number) => void) => [
      {
        id: "name",
        header: () => t("fields.name"),
        cell: ({ row }: { row: { original: Row } }) => {
          const r = row.original;
          const n = r.node;
          return (
            <TreeCell row={r} onToggle={() => toggle(n.id)}>
              {n.type === "menu" && <MenuIcon name={n.icon} className="size-4 shrink-0 text-muted-foreground" />}
              <span className="truncate" data-testid={`menu-name-${n.id}`}>
                {name(n)}
              </span>
              {ownSide && isEntry(n) && <Star node={n} on={starred.has(n.id)} onToggled={() => collects.mutate()} />}
            </TreeCell>
          );
        },
      },
      {
        id: "type",
        header: () => t("fields.type"),
        cell: ({ row }: { row: { original: Row } }) => (
          <Badge variant={row.original.node.type === "button" ? "secondary" : "default"}>
            <DictText dict="menuType" value={row.original.node.type} />
          </Badge>
        ),
      },
      { id: "sort", header: () => t("fields.sort"), cell: ({ row }: { row: { original: Row } }) => row.original.node.sort },
      {
        id: "path",
        header: () => t("fields.path"),
        cell: ({ row }: { row: { original: Row } }) => {
          const n = row.original.node;
          if (n.frame === 1)
            return (
              <span className="flex items-center gap-1 break-all text-muted-foreground">
                <ExternalLinkIcon className="size-3.5 shrink-0" />
                {n.framePath}
              </span>
            );
          return <span className="break-all">{n.path || "-"}</span>;
        },
      },
      { id: "perms", header: () => t("fields.perms"), cell: ({ row }: { row: { original: Row } }) => <code className="text-xs break-all">{row.original.node.perms || "-"}</code> },
      ...(editable
        ? [
            {
              id: "__actions",
              header: () => tk("actions.operate"),
              cell: ({ row }: { row: { original: Row } }) => {
                const n = row.original.node;
                const actions = [
                  n.type === "menu" && can("sys:menu:add") && { key: "addChild", label: t("addChild"), run: () => dialogs.create(n.id) },
                  can("sys:menu:upd") && { key: "edit", label: tk("actions.edit"), run: () => dialogs.edit(n.id) },
                  can("sys:menu:del") && { key: "del", label: tk("actions.delete"), danger: true, run: () => remove(n) },
                ].filter((a) => !!a);
                return <RowActions actions={actions} moreLabel={tk("actions.more")} inline={3} />;
              },
            },
          ]
        : []),
    ],
    [t, tk, name, ownSide, starred, collects, editable, can, dialogs, remove],
  );

  return (
    <div className="flex flex-col gap-3 p-4" data-testid="menu-page">
      {platform && (
        <Tabs value={scope} onValueChange={(v) => setTab(v === "sys" ? null : v)}>
          <TabsList>
            {MENU_SCOPES.map((s) => (
              <TabsTrigger key={s} value={s} data-testid={`tab-${s}`}>
                {t(`tabs.${s}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      )}
      <TreeTable
        key={scope}
        nodes={nodes}
        columns={columns}
        layout={{ name: { minWidth: 260 }, type: { width: 90 }, sort: { width: 70, align: "right" }, path: { minWidth: 200 }, perms: { minWidth: 160 }, __actions: { width: 190, sticky: "right" } }}
        loading={tree.isLoading}
        error={!!tree.error && !nodes.length}
        onRetry={() => tree.mutate()}
        toolbar={
          editable &&
          can("sys:menu:add") && (
            <Button size="sm" data-action="add" onClick={() => dialogs.create(null)}>
              <PlusIcon />
              {tk("actions.add")}
            </Button>
          )
        }
      />
      {!platform && <p className="text-xs text-muted-foreground">{t("tenantReadOnly")}</p>}
      {editable && <TreeFormDialog resource={menuResource} nodes={nodes} loading={tree.isLoading} onSaved={() => tree.mutate()} createDefaults={{ scope }} />}
      {confirmElement}
    </div>
  );
}
