"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** "Failed to load" with a retry button, where a panel's content would be. */
export function LoadError({ onRetry, className, style, testId }: { onRetry?: () => void; className?: string; style?: React.CSSProperties; testId?: string }) {
  const tk = useTranslations("kit");
  return (
    <div style={style} className={cn("flex flex-col items-center justify-center gap-2 text-sm text-destructive", className)} data-testid={testId}>
      {tk("table.error")}
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {tk("actions.retry")}
        </Button>
      )}
    </div>
  );
}
