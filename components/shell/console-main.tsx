"use client";

import { useLayoutEffect, useRef } from "react";
import { usePathname } from "next/navigation";
import { STORAGE } from "@/lib/client-state";
import { routeByPath } from "@/lib/shell/routes";

/** Route names whose tabs are open and kept alive: the tab bar keeps the list (core §3 keepAliveList). */
function keptAlive(): string[] {
  try {
    const names: unknown = JSON.parse(sessionStorage.getItem(STORAGE.keepAlive) ?? "[]");
    return Array.isArray(names) ? names : [];
  } catch {
    return [];
  }
}

/**
 * The content area. Next keeps recent pages alive (React Activity), but they share this scroll
 * container and Next scrolls it to the top on every navigation: a keep-alive page gets back the
 * scroll position it had when it was left — while its tab stays open: a page opened again after
 * its tab was closed starts over, like detail pages (keep-alive off) always do.
 */
export function ConsoleMain({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const pathname = usePathname();
  const positions = useRef(new Map<string, number>());
  const shown = useRef<string | null>(null);

  // A layout effect of the parent runs after Next's own scroll handling (a layout effect further
  // down) in the same commit, and before the browser reports any scroll of the new page.
  useLayoutEffect(() => {
    const route = routeByPath(pathname);
    shown.current = route?.keepAlive ? route.path : null;
    if (!shown.current) return;
    if (!keptAlive().includes(route!.name)) positions.current.delete(shown.current);
    const top = positions.current.get(shown.current);
    if (ref.current && top !== undefined) ref.current.scrollTop = top;
  }, [pathname]);

  return (
    <main
      ref={ref}
      onScroll={(e) => shown.current && positions.current.set(shown.current, e.currentTarget.scrollTop)}
      className="min-h-0 flex-1 overflow-auto bg-muted/40"
      data-testid="console-main"
    >
      {children}
    </main>
  );
}
