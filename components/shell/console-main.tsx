"use client";

import { useLayoutEffect, useRef } from "react";
import { usePathname } from "next/navigation";
import { routeByPath } from "@/lib/shell/routes";

/**
 * The content area. Next keeps recent pages alive (React Activity), but they share this scroll
 * container and Next scrolls it to the top on every navigation: a keep-alive page gets back the
 * scroll position it had when it was left. Detail pages (keep-alive off) start at the top.
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
    const top = shown.current ? positions.current.get(shown.current) : undefined;
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
