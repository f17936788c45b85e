"use client";

import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { ResolvedAction } from "./row-actions";

/** A row's "more" menu around its trigger: loaded after the page (`RowActions`). */
export function RowActionsMenu({ trigger, open, onOpenChange, actions }: { trigger: React.ReactElement; open: boolean; onOpenChange: (open: boolean) => void; actions: ResolvedAction[] }) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map((a) => (
          <DropdownMenuItem key={a.key} data-action={a.key} variant={a.danger ? "destructive" : "default"} onSelect={a.run}>
            {a.icon}
            {a.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
