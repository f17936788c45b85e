"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { ExternalLinkIcon, StarIcon } from "lucide-react";
import { defineResource, type EntityResourceConfig, type Resource, ResourcePage, urlOneOf } from "@/components/kit";
import { findNode } from "@/lib/tree";
import { useShell } from "@/components/shell/shell-context";
import { call, useCall } from "@/lib/api/call";
import { menu, menuApi, menuUpdate, MENU_SCOPES, type MenuScope, type MenuTreeNode } from "@/lib/contract/system/menu";
import { cn } from "@/lib/utils";
import { subtreeIds, TreeSelect } from "@/components/kit/form/tree-select";

// The menu icon set (≈ 10 KB) loads with the first rows and the form, not with the page.
const MenuIcon = dynamic(() => import("@/components/shell/menu-icon").then((m) => m.MenuIcon), { loading: () => <span className="size-4 shrink-0" /> });
const IconPicker = dynamic(() => import("./icon-picker").then((m) => m.IconPicker));

const PLATFORM = 1;

/** The platform reads and edits both whole trees; a tenant reads the part it is authorised for. */
const wholeTree = (scope: MenuScope) => (scope === "sys" ? menuApi.allSys : menuApi.allTenant);
const authorised = { scope: "tenant" } as const;
const treeKey = (platform: boolean, scope: MenuScope) => (platform ? ([wholeTree(scope).path, {}] as const) : ([menuApi.tree.path, authorised] as const));

function useMenuTree(scope: MenuScope) {
  const platform = useShell().tenantId === PLATFORM;
  const whole = useCall(wholeTree(scope), platform ? {} : null);
  const part = useCall(menuApi.tree, platform ? null : authorised);
  return platform ? whole : part;
}

const foldersOnly = (nodes: readonly MenuTreeNode[]): MenuTreeNode[] => nodes.filter((n) => n.type === "menu").map((n) => ({ ...n, childrens: foldersOnly(n.childrens) }));
const isEntry = (n: Pick<MenuTreeNode, "type" | "path" | "frame">) => n.type === "menu" && (!!n.path || n.frame === 1);
const nameIn = (locale: string) => (n: Pick<MenuTreeNode, "name" | "nameEn">) => (locale === "en" && n.nameEn ? n.nameEn : n.name);

/** The parent of a node: a menu (never a button) of the same tree, not the node or below it. */
function ParentSelect({ scope, selfId, value, onChange, disabled, invalid }: { scope: MenuScope; selfId?: number; value: unknown; onChange: (v: number | null) => void; disabled: boolean; invalid: boolean }) {
  const t = useTranslations("system.menu");
  const locale = useLocale();
  const { data } = useMenuTree(scope);
  const nodes = React.useMemo(() => foldersOnly(data ?? []), [data]);
  const label = React.useMemo(() => nameIn(locale), [locale]);
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


const isMenu = (v: Record<string, unknown>) => v.type === "menu";
const menuForm = {
  columns: 2,
  width: 820,
  // A new node goes into the tree of the tab it was added from.
  preset: (q: Record<string, unknown>) => ({ scope: q.scope === "tenant" ? "tenant" : "sys" }),
  placeholders: ["path", "perms", "framePath"],
  fields: {
    parentId: {
      render: ({ field, form, disabled, invalid }) => (
        <ParentSelect scope={form.getValues("scope") as MenuScope} selfId={form.getValues("id") || undefined} value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} />
      ),
    },
    icon: {
      show: isMenu,
      render: ({ field, disabled, invalid }) => <IconPicker id="field-icon" value={typeof field.value === "string" ? field.value : ""} onChange={field.onChange} disabled={disabled} invalid={invalid} />,
    },
    path: { show: (v) => isMenu(v) && Number(v.frame) !== 1 },
    frame: { on: 1, off: 0, show: isMenu },
    framePath: { show: (v) => isMenu(v) && Number(v.frame) === 1 },
  },
} satisfies EntityResourceConfig<MenuTreeNode>["form"];

/** The star of an entry: favourites are entries the user can open, on their own side. */
function Star({ node }: { node: MenuTreeNode }) {
  const t = useTranslations("system.menu");
  const collects = useCall(menuApi.collects, {});
  const on = !!collects.data?.some((c) => c.id === node.id);
  const [busy, setBusy] = React.useState(false);
  return (
    <button
      type="button"
      // Not before the favourites are known: a click then would send the wrong toggle.
      disabled={busy || !collects.data}
      aria-pressed={on}
      aria-label={on ? t("uncollect") : t("collect")}
      title={on ? t("uncollect") : t("collect")}
      data-testid={`collect-${node.id}`}
      className={cn("rounded p-0.5 hover:bg-accent", on ? "text-amber-500" : "text-muted-foreground/50 hover:text-amber-500")}
      onClick={async () => {
        setBusy(true);
        try {
          await call(menuApi.saveCollect, { menuId: node.id, collect: !on });
          await collects.mutate();
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

function MenuName({ node, ownSide }: { node: MenuTreeNode; ownSide: boolean }) {
  const locale = useLocale();
  return (
    <>
      {node.type === "menu" && <MenuIcon name={node.icon} className="size-4 shrink-0 text-muted-foreground" />}
      <span className="truncate" data-testid={`menu-name-${node.id}`}>
        {nameIn(locale)(node)}
      </span>
      {ownSide && isEntry(node) && <Star node={node} />}
    </>
  );
}

function MenuPath({ node }: { node: MenuTreeNode }) {
  if (node.frame !== 1) return <span className="break-all">{node.path || "-"}</span>;
  return (
    <span className="flex items-center gap-1 break-all text-muted-foreground">
      <ExternalLinkIcon className="size-3.5 shrink-0" />
      {node.framePath}
    </span>
  );
}

/** A name, English name, route or permission code containing the keyword, ignoring case. */
function matchesKeyword(n: MenuTreeNode, filters: Record<string, unknown>) {
  const k = String(filters.name ?? "").toLowerCase();
  return [n.name, n.nameEn, n.path, n.framePath, n.perms].some((v) => !!v && v.toLowerCase().includes(k));
}

/**
 * menuSet: the platform edits the management and tenant menu trees (one tab each); a tenant
 * reads its authorised tree and stars entries. Favourites are entries of one's own side.
 */
function menuResource(platform: boolean, locale: string): Resource<MenuTreeNode> {
  const scopeOf = (q: Record<string, unknown>): MenuScope => (platform && q.scope !== "tenant" ? "sys" : "tenant");
  return defineResource<MenuTreeNode>({
    entity: menu,
    // Rows come from the tree, edits start from the row.
    calls: { ...menuApi, info: undefined },
    schemas: { update: menuUpdate },
    query: { scope: urlOneOf(MENU_SCOPES, "sys") },
    tabs: platform ? { prop: "scope", items: MENU_SCOPES.map((s) => ({ name: s, label: `tabs.${s}` })) } : undefined,
    tree: { request: (q) => treeKey(platform, scopeOf(q)), match: matchesKeyword },
    search: { keyword: "name", keywordPlaceholder: "placeholders.search", items: [] },
    columns: {
      name: { minWidth: 260, render: (n, ui) => <MenuName node={n} ownSide={scopeOf(ui.query) === (platform ? "sys" : "tenant")} /> },
      type: { type: "status", tones: { menu: "default", button: "secondary" }, width: 90 },
      sort: { width: 70 },
      path: { minWidth: 200, render: (n) => <MenuPath node={n} /> },
      perms: { minWidth: 160, render: (n) => <code className="text-xs break-all">{n.perms || "-"}</code> },
    },
    // Editing is the platform's; the cloud enforces it, and refuses to delete a node with children.
    rowActions: platform ? [{ builtin: "addChild", show: (n) => n.type === "menu" }, "edit", { builtin: "del", confirm: "confirmDelete" }] : [],
    inlineActions: 3,
    rowName: nameIn(locale),
    toolbar: platform ? ["add"] : [],
    form: menuForm,
    slots: platform ? undefined : { top: (ui) => <p className="text-xs text-muted-foreground">{ui.t("tenantReadOnly")}</p> },
  });
}

export function MenuPage() {
  const { tenantId } = useShell();
  const locale = useLocale();
  const resource = React.useMemo(() => menuResource(tenantId === PLATFORM, locale), [tenantId, locale]);
  return <ResourcePage resource={resource} />;
}
