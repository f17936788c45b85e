"use client";

import * as React from "react";
import { ChevronDownIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";

type Props = Omit<React.ComponentProps<"button">, "type" | "children"> & { invalid?: boolean; shown: React.ReactNode; empty: boolean };

/** A field that opens a popup (tree select, multiple select, area cascader): looks like an input, shows the choice. */
export function FieldTrigger({ invalid, shown, empty, className, ...props }: Props) {
  return (
    <button
      type="button"
      aria-invalid={invalid || undefined}
      className={cn(
        "flex h-8 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-sm shadow-xs outline-none focus-visible:border-primary disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
        className,
      )}
      {...props}
    >
      <span className={cn("flex min-w-0 flex-1 items-center gap-2 truncate", empty && "text-muted-foreground")}>{shown}</span>
      <ChevronDownIcon className="size-4 shrink-0 opacity-50" />
    </button>
  );
}

/** The × over a trigger's chevron that empties the field, shown on hover (the trigger's parent is the `group`). */
export function FieldClear({ onClear }: { onClear: () => void }) {
  const t = useTranslations("kit");
  return (
    <button type="button" aria-label={t("actions.clear")} className="absolute top-1/2 right-7 hidden -translate-y-1/2 rounded-full text-muted-foreground group-hover:block hover:text-foreground" onClick={onClear}>
      <XIcon className="size-3.5" />
    </button>
  );
}
