"use client";

import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/**
 * A label above a control and its error below, for editors that lay out their own controls
 * (the linkage rule builders, the address picker); resource forms use `FormFields`.
 */
export function FieldFrame({ label, htmlFor, error, className, children }: { label: string; htmlFor?: string; error?: string | null; className?: string; children: React.ReactNode }) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <Label htmlFor={htmlFor} className="text-[13px] text-muted-foreground">
        {label}
      </Label>
      {children}
      {error && (
        <p className="text-xs text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
