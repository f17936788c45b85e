"use client";

import * as React from "react";
import { ChevronDownIcon } from "lucide-react";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";

export type ResolvedAction = { key: string; label: string; danger?: boolean; run: () => void };

/** The first 2 actions inline, the rest under "more" (widgets §2). */
export function RowActions({ actions, moreLabel, inline = 2 }: { actions: ResolvedAction[]; moreLabel: string; inline?: number }) {
  if (!actions.length) return <>-</>;
  const shown = actions.slice(0, inline);
  const rest = actions.slice(inline);
  const link = "text-sm whitespace-nowrap hover:opacity-80";
  return (
    <div className="flex items-center gap-3">
      {shown.map((a) => (
        <button key={a.key} type="button" data-action={a.key} className={cn(link, a.danger ? "text-destructive" : "text-primary")} onClick={a.run}>
          {a.label}
        </button>
      ))}
      {rest.length > 0 && (
        <DropdownMenu>
          <DropdownMenuTrigger className={cn(link, "inline-flex items-center gap-0.5 text-primary outline-none")} data-action="more">
            {moreLabel}
            <ChevronDownIcon className="size-3.5" />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {rest.map((a) => (
              <DropdownMenuItem key={a.key} data-action={a.key} variant={a.danger ? "destructive" : "default"} onSelect={a.run}>
                {a.label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
}
