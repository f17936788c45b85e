import * as React from "react";
import { cn } from "@/lib/utils";

export type InfoItem = { label: React.ReactNode; value: React.ReactNode; side?: "left" | "right" | "full" };

const Item = ({ item }: { item: InfoItem }) => (
  <div className="flex min-w-0 gap-3 py-1.5 text-sm">
    <dt className="w-28 shrink-0 text-muted-foreground">{item.label}</dt>
    <dd className="min-w-0 flex-1 break-all">{item.value ?? "-"}</dd>
  </div>
);

/** Read-only info view: a left column, a right column, then full-width items (widgets §2). */
export function InfoView({ items, className }: { items: readonly InfoItem[]; className?: string }) {
  const left = items.filter((i) => (i.side ?? "left") === "left");
  const right = items.filter((i) => i.side === "right");
  const full = items.filter((i) => i.side === "full");
  // A <dl> may hold its items' <div>s only directly: one list per column.
  return (
    <div className={cn("flex flex-col", className)} data-testid="info-view">
      <div className="grid gap-x-8 sm:grid-cols-2">
        <dl>
          {left.map((i, n) => (
            <Item key={n} item={i} />
          ))}
        </dl>
        <dl>
          {right.map((i, n) => (
            <Item key={n} item={i} />
          ))}
        </dl>
      </div>
      {full.length > 0 && (
        <dl>
          {full.map((i, n) => (
            <Item key={n} item={i} />
          ))}
        </dl>
      )}
    </div>
  );
}
