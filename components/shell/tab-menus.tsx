"use client";

import { Fragment } from "react";
import { ContextMenu, ContextMenuContent, ContextMenuItem, ContextMenuSeparator, ContextMenuTrigger } from "@/components/ui/context-menu";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

/** A close action of the tab bar's menus; the first (close this one) stands apart from the rest. */
export type TabMenuItem = { action: string; label: string; disabled: boolean };

/** A tab's context menu around the tab: loaded after the page (`TabBar`). */
export function TabContextMenu({ children, items, onSelect }: { children: React.ReactElement; items: TabMenuItem[]; onSelect: (action: string) => void }) {
  return (
    <ContextMenu>
      <ContextMenuTrigger asChild>{children}</ContextMenuTrigger>
      <ContextMenuContent data-testid="tab-menu">
        {items.map((item, i) => (
          <Fragment key={item.action}>
            {i === 1 && <ContextMenuSeparator />}
            <ContextMenuItem disabled={item.disabled} onSelect={() => onSelect(item.action)} data-testid={`tab-${item.action}`}>
              {item.label}
            </ContextMenuItem>
          </Fragment>
        ))}
      </ContextMenuContent>
    </ContextMenu>
  );
}

/** The tab bar's actions menu (the current tab) around its trigger: loaded after the page. */
export function TabActionsMenu({ trigger, open, onOpenChange, items, onSelect }: { trigger: React.ReactElement; open: boolean; onOpenChange: (open: boolean) => void; items: TabMenuItem[]; onSelect: (action: string) => void }) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {items.map((item, i) => (
          <Fragment key={item.action}>
            {i === 1 && <DropdownMenuSeparator />}
            <DropdownMenuItem disabled={item.disabled} onSelect={() => onSelect(item.action)}>
              {item.label}
            </DropdownMenuItem>
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
