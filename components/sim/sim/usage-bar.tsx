import { cn } from "@/lib/utils";

/** A card's use against its quota: a bar (amber from 80 %, red at 100 %) and the figures. */
export function UsageBar({ used, quota, pct }: { used: number | null; quota: number | null; pct: number | null }) {
  const p = Math.min(100, Math.max(0, pct ?? 0));
  const tone = (pct ?? 0) >= 100 ? "bg-destructive" : (pct ?? 0) >= 80 ? "bg-amber-500" : "bg-primary";
  return (
    <div className="flex min-w-[140px] flex-col gap-1" data-testid="sim-usage">
      <div className="h-1.5 w-full overflow-hidden rounded bg-muted" role="progressbar" aria-valuenow={Math.round(p)} aria-valuemin={0} aria-valuemax={100}>
        <div className={cn("h-full", tone)} style={{ width: `${p}%` }} />
      </div>
      <span className="text-xs text-muted-foreground tabular-nums">
        {(used ?? 0).toLocaleString(undefined, { maximumFractionDigits: 2 })} / {(quota ?? 0).toLocaleString(undefined, { maximumFractionDigits: 2 })} MB · {(pct ?? 0).toFixed(2)}%
      </span>
    </div>
  );
}
