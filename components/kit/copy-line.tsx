"use client";

import * as React from "react";
import { CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useCopy } from "./use-copy";

// A dialog gives its lines a label column and a boxed value; a card packs them into compact rows.
const LAYOUTS = {
  grid: {
    row: "grid grid-cols-[8rem_1fr_auto] items-center gap-2",
    label: "text-sm text-muted-foreground",
    value: "min-w-0 break-all rounded bg-muted px-2 py-1 font-mono text-xs",
    button: "size-7",
    icon: undefined,
  },
  compact: {
    row: "flex min-w-0 items-center gap-2 py-1 text-sm",
    label: "w-20 shrink-0 text-muted-foreground",
    value: "min-w-0 truncate font-mono",
    button: "size-6 text-muted-foreground hover:text-primary",
    icon: "size-3.5",
  },
} as const;

/**
 * A label, a monospace value and, when there is something to copy, a button copying it (named
 * "`copyLabel` `label`"). The value element and the button share one parent.
 */
export function CopyLine({
  label,
  value,
  copy,
  copyLabel,
  testId,
  layout = "grid",
}: {
  label: string;
  value: React.ReactNode;
  /** The text the button copies; no button without it. */
  copy?: string;
  copyLabel: string;
  /** Test id of the value. */
  testId?: string;
  layout?: keyof typeof LAYOUTS;
}) {
  const doCopy = useCopy();
  const css = LAYOUTS[layout];
  return (
    <div className={css.row}>
      <span className={css.label}>{label}</span>
      <code className={css.value} data-testid={testId}>
        {value}
      </code>
      {copy !== undefined && (
        <Button type="button" variant="ghost" size="icon" className={css.button} aria-label={`${copyLabel} ${label}`} title={copyLabel} onClick={() => void doCopy(copy)}>
          <CopyIcon className={css.icon} />
        </Button>
      )}
    </div>
  );
}
