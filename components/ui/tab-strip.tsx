"use client";

import * as React from "react";
import { cn } from "@/lib/utils";
import { TABS_LIST, TABS_TRIGGER } from "./tabs-style";

export type TabStripItem = { name: string; label: React.ReactNode; count?: number; disabled?: boolean; title?: string; testId?: string };

/**
 * Tabs that filter what is below them (a list's status tabs, a dictionary's scope), without
 * panels: a tablist whose tabs take the focus in turn (arrow keys, Home, End) and choose as they
 * take it, as radix's tabs do — without radix's collection, roving-focus and presence machinery,
 * which sat in the first load of every list with tabs. Tabs with panels use `ui/tabs`.
 */
export function TabStrip({ value, onChange, items, className }: { value: string; onChange: (name: string) => void; items: readonly TabStripItem[]; className?: string }) {
  const refs = React.useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = items.flatMap((item, k) => (item.disabled ? [] : [k]));
  const focused = items.findIndex((item) => item.name === value && !item.disabled);
  const tabStop = focused >= 0 ? focused : enabled[0];
  const go = (from: number, key: string) => {
    const at = enabled.indexOf(from);
    const to = key === "Home" ? enabled[0] : key === "End" ? enabled[enabled.length - 1] : enabled[(at + (key === "ArrowRight" ? 1 : -1) + enabled.length) % enabled.length];
    refs.current[to]?.focus();
    onChange(items[to].name);
  };
  return (
    <div role="tablist" aria-orientation="horizontal" data-slot="tabs-list" className={cn(TABS_LIST, "flex", className)}>
      {items.map((item, k) => {
        const active = item.name === value;
        return (
          <button
            key={item.name}
            ref={(node) => {
              refs.current[k] = node;
            }}
            type="button"
            role="tab"
            aria-selected={active}
            data-state={active ? "active" : "inactive"}
            data-slot="tabs-trigger"
            data-testid={item.testId}
            tabIndex={k === tabStop ? 0 : -1}
            disabled={item.disabled}
            title={item.title}
            className={TABS_TRIGGER}
            onClick={() => onChange(item.name)}
            onKeyDown={(e) => {
              if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) return;
              e.preventDefault();
              go(k, e.key);
            }}
          >
            {item.label}
            {item.count !== undefined && <span className="text-xs">({item.count})</span>}
          </button>
        );
      })}
    </div>
  );
}
