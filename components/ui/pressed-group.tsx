import * as React from "react";

export type PressedOption<T> = { value: T; label: React.ReactNode; title?: string; testId?: string };

/**
 * A row of buttons of which one is pressed (a wall's split, its stream kind): plain buttons with
 * `aria-pressed` in a labelled group, the label shown before them unless `hideLabel`.
 */
export function PressedGroup<T extends string | number>({ label, hideLabel, options, value, onChange }: { label: string; hideLabel?: boolean; options: readonly PressedOption<T>[]; value: T; onChange: (v: T) => void }) {
  return (
    <div className="flex items-center gap-1" role="group" aria-label={label}>
      {!hideLabel && <span className="mr-1 text-sm text-muted-foreground">{label}</span>}
      {options.map((o) => (
        <button
          key={String(o.value)}
          type="button"
          aria-pressed={value === o.value}
          title={o.title}
          onClick={() => onChange(o.value)}
          className="rounded-md border px-2.5 py-1 text-sm tabular-nums hover:bg-accent aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
          data-testid={o.testId}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
