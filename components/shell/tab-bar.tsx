"use client";

import { Suspense, useEffect, useRef, useState } from "react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ChevronDown, X } from "lucide-react";
import { STORAGE } from "@/lib/client-state";
import { HOME_PATH } from "@/lib/shell/routes";
import { closeAll, closeOthers, closeRight, closeTab, keepAliveList, openTab, parseRecent, parseTabs, rememberRecent, tabUrl, type CloseResult, type RouteTab } from "@/lib/shell/tabs";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { deferred, useDeferredContextMenu, useDeferredPopup } from "@/components/ui/deferred";

// The tabs' context menus and the actions menu (radix) are closed at first paint: they load when
// the browser is idle, on the first click of the actions button or on the first right-click of a tab.
const tabMenus = deferred(() => import("./tab-menus"));

type Action = "close" | "closeOthers" | "closeRight" | "closeAll";
const ACTIONS: Action[] = ["close", "closeOthers", "closeRight", "closeAll"];

function apply(action: Action, tabs: RouteTab[], path: string, active: string): CloseResult {
  switch (action) {
    case "close":
      return closeTab(tabs, path, active);
    case "closeOthers":
      return closeOthers(tabs, path, active);
    case "closeRight":
      return closeRight(tabs, path, active);
    case "closeAll":
      return closeAll(tabs, active);
  }
}

/** Which actions do something for this tab (menus show the rest disabled). */
function enabled(action: Action, tabs: RouteTab[], path: string) {
  const i = tabs.findIndex((t) => t.path === path);
  if (action === "close") return path !== HOME_PATH;
  if (action === "closeRight") return i < tabs.length - 1;
  if (action === "closeOthers") return tabs.some((t) => t.path !== path && t.path !== HOME_PATH);
  return tabs.length > 1;
}

function Tabs() {
  const t = useTranslations("shell");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const url = pathname + (search ? `?${search}` : "");
  // The server knows only the current page; stored tabs join after hydration.
  const [tabs, setTabs] = useState<RouteTab[]>(() => openTab([], url));
  const restored = useRef(false);
  const listRef = useRef<HTMLDivElement>(null);
  const { Part: menus, open, setOpen, triggerProps } = useDeferredPopup(tabMenus);
  const { targetProps } = useDeferredContextMenu(tabMenus);

  useEffect(() => {
    setTabs((current) => {
      const base = restored.current ? current : parseTabs(sessionStorage.getItem(STORAGE.tabs));
      restored.current = true;
      return openTab(base, url);
    });
    localStorage.setItem(STORAGE.recent, JSON.stringify(rememberRecent(parseRecent(localStorage.getItem(STORAGE.recent)), url)));
  }, [url]);

  useEffect(() => {
    if (!restored.current) return;
    sessionStorage.setItem(STORAGE.tabs, JSON.stringify(tabs));
    sessionStorage.setItem(STORAGE.keepAlive, JSON.stringify(keepAliveList(tabs)));
  }, [tabs]);

  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>("[aria-selected=true]")?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);

  const isActive = (tab: RouteTab) => tab.path.toLowerCase() === pathname.toLowerCase();
  const activePath = tabs.find(isActive)?.path ?? pathname;
  const run = (action: Action, path: string) => {
    const result = apply(action, tabs, path, activePath);
    setTabs(result.tabs);
    if (result.next) router.push(result.next);
  };

  const itemsFor = (path: string) => ACTIONS.map((action) => ({ action, label: t(`tabs.${action}`), disabled: !enabled(action, tabs, path) }));
  const actions = (
    <Button variant="ghost" size="icon" className="size-7" aria-label={t("tabs.actions")} title={t("tabs.actions")} data-testid="tab-actions" {...triggerProps}>
      <ChevronDown className="size-4" />
    </Button>
  );

  const onKeyDown = (e: React.KeyboardEvent<HTMLAnchorElement>, tab: RouteTab) => {
    const links = [...(listRef.current?.querySelectorAll<HTMLElement>("[role=tab]") ?? [])];
    const i = links.indexOf(e.currentTarget);
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      run("close", tab.path);
    } else if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      links[(i + (e.key === "ArrowRight" ? 1 : -1) + links.length) % links.length]?.focus();
    }
  };

  return (
    <div className="flex h-10 shrink-0 items-center gap-1 border-b bg-card px-2" data-testid="tab-bar">
      <div ref={listRef} role="tablist" aria-label={t("tabs.label")} title={t("tabs.keyboardHint")} className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto">
        {tabs.map((tab) => {
          const active = isActive(tab);
          const el = (
            <div
              key={tab.path}
              className={cn(
                "group flex h-7 shrink-0 items-center gap-1 rounded border px-2 text-xs transition-colors",
                active ? "border-primary-solid bg-primary-solid text-primary-foreground" : "bg-background hover:text-primary",
              )}
              data-testid="tab"
              data-path={tab.path}
              data-active={active}
              {...targetProps(tab.path)}
            >
              <Link href={tabUrl(tab)} role="tab" aria-selected={active} onKeyDown={(e) => onKeyDown(e, tab)} className="outline-none focus-visible:underline" prefetch={false}>
                {t(tab.meta.title)}
              </Link>
              {tab.path !== HOME_PATH && (
                // A pointer shortcut: a tablist may hold only tabs, so assistive technology and
                // keyboards close a tab with Delete (the list's title says so) or its context menu.
                <button
                  type="button"
                  tabIndex={-1}
                  aria-hidden="true"
                  onClick={() => run("close", tab.path)}
                  title={`${t("tabs.close")} ${t(tab.meta.title)}`}
                  className="rounded-full p-0.5 opacity-70 hover:bg-black/10 hover:opacity-100"
                  data-testid="tab-x"
                >
                  <X className="size-3" />
                </button>
              )}
            </div>
          );
          return menus ? (
            <menus.TabContextMenu key={tab.path} items={itemsFor(tab.path)} onSelect={(action) => run(action as Action, tab.path)}>
              {el}
            </menus.TabContextMenu>
          ) : (
            el
          );
        })}
      </div>
      {menus ? <menus.TabActionsMenu trigger={actions} open={open} onOpenChange={setOpen} items={itemsFor(activePath)} onSelect={(action) => run(action as Action, activePath)} /> : actions}
    </div>
  );
}

/** Reading the query needs a Suspense boundary under cacheComponents; the fallback keeps the bar's height. */
export function TabBar() {
  return (
    <Suspense fallback={<div className="h-10 shrink-0 border-b bg-card" />}>
      <Tabs />
    </Suspense>
  );
}
