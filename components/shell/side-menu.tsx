"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { ChevronRight, Menu as MenuIconGlyph } from "lucide-react";
import { useCall } from "@/lib/api/call";
import { favouriteApi } from "@/lib/contract/system/menu-favourites";
import { fileUrl } from "@/lib/file-url";
import { homeEntry, menuPathOf, menuTitle, menuTrail, type MenuNode } from "@/lib/shell/menu";
import { HOME_PATH } from "@/lib/shell/routes";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { deferred, useDeferredPopup } from "@/components/ui/deferred";
import { useCollapse } from "./collapse";
import { ACTIVE, ITEM, LABEL, NodeIcon } from "./menu-parts";
import { useShell } from "./shell-context";
import { useOpenEntry } from "./use-open-entry";

/** The collapsed menu (icons with tooltips and dropdowns): loaded only when the menu is collapsed. */
const CollapsedNode = dynamic(() => import("./collapsed-menu").then((m) => m.CollapsedNode));

/** The favourites folder: not a menu node of the cloud, so an id no node has. */
const FAVOURITES_ID = -1;

/** Arrow keys move between visible items; right/left open and close folders (a tree's keys). */
function onTreeKey(e: React.KeyboardEvent<HTMLElement>, setOpen: (id: number, open: boolean) => void) {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>("[data-menu-item]")];
  const i = items.indexOf(document.activeElement as HTMLElement);
  if (i < 0) return;
  const current = items[i];
  const folderId = Number(current.dataset.folder);
  const move = (j: number) => {
    e.preventDefault();
    items[Math.max(0, Math.min(items.length - 1, j))]?.focus();
  };
  switch (e.key) {
    case "ArrowDown":
      return move(i + 1);
    case "ArrowUp":
      return move(i - 1);
    case "Home":
      return move(0);
    case "End":
      return move(items.length - 1);
    case "ArrowRight":
      if (folderId && current.getAttribute("aria-expanded") === "false") {
        e.preventDefault();
        setOpen(folderId, true);
      }
      return;
    case "ArrowLeft":
      if (folderId && current.getAttribute("aria-expanded") === "true") {
        e.preventDefault();
        setOpen(folderId, false);
      } else if (current.dataset.parent) {
        e.preventDefault();
        e.currentTarget.querySelector<HTMLElement>(`[data-folder="${current.dataset.parent}"]`)?.focus();
      }
  }
}

function Entry({ node, depth, parent }: { node: MenuNode; depth: number; parent?: number }) {
  const locale = useLocale();
  const pathname = usePathname();
  const open = useOpenEntry();
  const active = !!node.path && node.path.toLowerCase() === menuPathOf(pathname);
  return (
    <li role="none">
      <a
        role="treeitem"
        href={node.frame === 1 ? (node.framePath ?? "#") : (node.path ?? "#")}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          open(node);
        }}
        aria-current={active ? "page" : undefined}
        data-menu-item=""
        data-parent={parent}
        // A favourite repeats an entry of the tree: its own test id keeps locators unambiguous.
        data-testid={parent === FAVOURITES_ID ? "favourite-entry" : "menu-entry"}
        data-path={node.path ?? node.framePath ?? ""}
        className={cn(ITEM, active && ACTIVE)}
        style={{ paddingLeft: `${0.75 + depth * 1}rem` }}
      >
        <NodeIcon name={node.icon} className="size-4 shrink-0" />
        <span className={LABEL}>{menuTitle(node, locale)}</span>
      </a>
    </li>
  );
}

function Folder({ node, depth, parent, openIds, setOpen }: { node: MenuNode; depth: number; parent?: number; openIds: Set<number>; setOpen: (id: number, open: boolean) => void }) {
  const locale = useLocale();
  const expanded = openIds.has(node.id);
  return (
    <li role="none">
      <button
        type="button"
        role="treeitem"
        aria-expanded={expanded}
        onClick={() => setOpen(node.id, !expanded)}
        data-menu-item=""
        data-folder={node.id}
        data-parent={parent}
        data-testid="menu-folder"
        className={ITEM}
        style={{ paddingLeft: `${0.75 + depth * 1}rem` }}
      >
        <NodeIcon name={node.icon} className="size-4 shrink-0" />
        <span className={cn(LABEL, "flex-1 text-left")}>{menuTitle(node, locale)}</span>
        <ChevronRight className={cn("size-4 shrink-0 transition-transform", expanded && "rotate-90")} aria-hidden="true" />
      </button>
      {expanded && (
        <ul role="group">
          <Nodes nodes={node.childrens} depth={depth + 1} parent={node.id} openIds={openIds} setOpen={setOpen} />
        </ul>
      )}
    </li>
  );
}

function Nodes({ nodes, depth, parent, openIds, setOpen }: { nodes: MenuNode[]; depth: number; parent?: number; openIds: Set<number>; setOpen: (id: number, open: boolean) => void }) {
  return nodes.map((n) =>
    n.childrens.length ? <Folder key={n.id} node={n} depth={depth} parent={parent} openIds={openIds} setOpen={setOpen} /> : <Entry key={n.id} node={n} depth={depth} parent={parent} />,
  );
}

function Brand({ collapsed }: { collapsed: boolean }) {
  const { company } = useShell();
  const t = useTranslations("common");
  const name = (collapsed ? company.compNameShort || company.compName : company.compName) || t("appName");
  const logo = (collapsed ? company.compLogoShort || company.compLogo : company.compLogo) || "/brand/logo.svg";
  return (
    <Link
      href={HOME_PATH}
      className={cn("flex h-14 shrink-0 items-center border-b font-semibold", collapsed ? "flex-col justify-center gap-0.5 px-1" : "gap-2 px-3")}
      data-testid="brand"
      title={name}
    >
      <img src={fileUrl(logo)} alt="" className={cn("shrink-0 object-contain", collapsed && company.compNameShort ? "h-6 w-6" : "h-7 w-7")} />
      {/* Collapsed, the short name (when the company has one) sits under the short logo. */}
      {(!collapsed || company.compNameShort) && <span className={cn("min-w-0 truncate leading-tight", collapsed ? "max-w-full text-[10px]" : "text-[13px]")}>{name}</span>}
    </Link>
  );
}

/** The caller's favourites as a folder after home; starring on menuSet revalidates the same key. */
function useFavouritesFolder(): MenuNode[] {
  const shell = useShell();
  const t = useTranslations("shell.menu");
  // The layout fetched them for the first paint; SWR only takes over when the list changes.
  const { data } = useCall(favouriteApi.collects, {}, { silent: true, fallbackData: shell.favourites, revalidateOnMount: false, revalidateOnFocus: false });
  if (!data?.length) return [];
  return [{ id: FAVOURITES_ID, name: t("favourites"), nameEn: t("favourites"), icon: "star", path: null, frame: 0, framePath: null, type: "menu", childrens: data }];
}

/** The menu's content: brand, home entry first, the caller's favourites, then the user's tree from the server. */
export function MenuBody({ collapsed, onReady }: { collapsed: boolean; onReady?: () => void }) {
  const { menus } = useShell();
  const favourites = useFavouritesFolder();
  const t = useTranslations("shell.menu");
  const pathname = usePathname();
  const trailIds = useMemo(() => menuTrail(menus, pathname).map((n) => n.id), [menus, pathname]);
  const [openIds, setOpenIds] = useState<Set<number>>(() => new Set([FAVOURITES_ID, ...trailIds]));
  // The folder of the page being shown opens when the URL changes (tabs, links, back button).
  useEffect(() => setOpenIds((s) => (trailIds.every((id) => s.has(id)) ? s : new Set([...s, ...trailIds]))), [trailIds]);
  const setOpen = (id: number, open: boolean) =>
    setOpenIds((s) => {
      const next = new Set(s);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  // The active entry stays in view as the URL changes (a long menu scrolls to it).
  const navRef = useRef<HTMLElement>(null);
  const trailOpen = trailIds.every((id) => openIds.has(id));
  useEffect(() => {
    // Chromium returns a promise from scrollIntoView: an effect must not return it.
    navRef.current?.querySelector("[aria-current=page]")?.scrollIntoView({ block: "nearest" });
  }, [pathname, trailOpen]);
  useEffect(() => onReady?.(), [onReady]);
  const home = homeEntry(t("home"));

  return (
    <>
      <Brand collapsed={collapsed} />
      <nav ref={navRef} aria-label={t("label")} className="flex-1 overflow-y-auto p-2">
        {collapsed ? (
          <ul className="space-y-1">
            {[home, ...favourites, ...menus].map((n) => (
              <CollapsedNode key={n.id} node={n} />
            ))}
          </ul>
        ) : (
          <ul role="tree" aria-label={t("label")} className="space-y-0.5" onKeyDown={(e) => onTreeKey(e, setOpen)}>
            <Nodes nodes={[home, ...favourites, ...menus]} depth={0} openIds={openIds} setOpen={setOpen} />
          </ul>
        )}
        {menus.length === 0 && !collapsed && <p className="px-3 py-2 text-xs text-muted-foreground">{t("empty")}</p>}
      </nav>
    </>
  );
}

/** The side menu from the `md` breakpoint up; below it the header's drawer holds the same menu. */
export function SideMenu() {
  const { collapsed } = useCollapse();
  // Marks the menu interactive (tests and scripts wait for it before clicking).
  const [ready, setReady] = useState(false);
  const markReady = useCallback(() => setReady(true), []);
  return (
    <aside className={cn("hidden shrink-0 flex-col border-r bg-card transition-[width] md:flex", collapsed ? "w-16" : "w-60")} data-testid="side-menu" data-collapsed={collapsed} data-ready={ready}>
      <MenuBody collapsed={collapsed} onReady={markReady} />
    </aside>
  );
}

// The drawer (radix dialog) is closed at first paint: it loads when the browser is idle or on the first click.
const menuDrawer = deferred(() => import("./menu-drawer-dialog").then((m) => m.MenuDrawerDialog));

/** Phones and small tablets: the menu as a drawer from the left, closed by default and after every navigation. */
export function MenuDrawer() {
  const t = useTranslations("shell.menu");
  const { Part: Drawer, open, setOpen, triggerProps } = useDeferredPopup(menuDrawer, "dialog");
  const pathname = usePathname();
  useEffect(() => setOpen(false), [pathname, setOpen]);
  const trigger = (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label={t("open")} title={t("open")} data-testid="menu-drawer-trigger" {...triggerProps}>
      <MenuIconGlyph className="size-5" />
    </Button>
  );
  return Drawer ? <Drawer trigger={trigger} open={open} onOpenChange={setOpen} /> : trigger;
}
