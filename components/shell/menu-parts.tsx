"use client";

import { cn } from "@/lib/utils";
import { useShell } from "./shell-context";

export const ITEM = "flex min-h-10 w-full items-center gap-2 rounded-md px-3 text-sm outline-none transition-colors hover:bg-primary-light-9 hover:text-primary focus-visible:ring-2 focus-visible:ring-ring/50 dark:hover:bg-accent";
/** A menu entry's label: a long one (en "Horizontal displacement") takes a second line rather than an ellipsis. */
export const LABEL = "line-clamp-2 min-w-0 break-words py-1 leading-tight";
export const ACTIVE = "bg-primary-light-9 font-medium text-primary dark:bg-accent";

/** A menu node's icon, as the server drew it (`menuIconsOf`); an unknown name gets the dot. */
export function NodeIcon({ name, className }: { name: string | null; className: string }) {
  const icons = useShell().menuIcons;
  return (
    <span className={cn("inline-flex", className)} aria-hidden="true">
      {(name && icons[name]) || icons[""]}
    </span>
  );
}

