"use client";

import * as React from "react";
import { ChevronDownIcon } from "lucide-react";
import { deferred, useDeferredPopup } from "@/components/ui/deferred";
import { cn } from "@/lib/utils";

export type ResolvedAction = { key: string; label: string; danger?: boolean; icon?: React.ReactNode; run: () => void };

// The "more" menu (radix) is closed at first paint: it loads when the browser is idle or on the first click.
const moreMenu = deferred(() => import("./row-actions-menu").then((m) => m.RowActionsMenu));

const link = "text-sm whitespace-nowrap hover:opacity-80";

/** The first 2 actions inline, the rest under "more" (widgets §2). */
export function RowActions({ actions, moreLabel, inline = 2 }: { actions: ResolvedAction[]; moreLabel: string; inline?: number }) {
  if (!actions.length) return <>-</>;
  const shown = actions.slice(0, inline);
  const rest = actions.slice(inline);
  return (
    <div className="flex items-center gap-3">
      {shown.map((a) => (
        <button key={a.key} type="button" data-action={a.key} className={cn(link, a.danger ? "text-destructive" : "text-primary")} onClick={a.run}>
          {a.label}
        </button>
      ))}
      {rest.length > 0 && <MoreActions actions={rest} label={moreLabel} />}
    </div>
  );
}

function MoreActions({ actions, label }: { actions: ResolvedAction[]; label: string }) {
  return (
    <ActionsMenu
      actions={actions}
      trigger={(props) => (
        <button type="button" className={cn(link, "inline-flex items-center gap-0.5 text-primary outline-none")} data-action="more" {...props}>
          {label}
          <ChevronDownIcon className="size-3.5" />
        </button>
      )}
    />
  );
}

/**
 * A menu of actions around any trigger; its radix part is closed at first paint, so it loads when the
 * browser is idle or on the first click — until then `trigger` gets the props that open it then.
 */
export function ActionsMenu({ actions, trigger }: { actions: ResolvedAction[]; trigger: (props: React.ButtonHTMLAttributes<HTMLButtonElement>) => React.ReactElement }) {
  const { Part: Menu, open, setOpen, triggerProps } = useDeferredPopup(moreMenu);
  const button = trigger(triggerProps);
  return Menu ? <Menu trigger={button} open={open} onOpenChange={setOpen} actions={actions} /> : button;
}
