"use client";

import type * as React from "react";
import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";

/** The body of a settings screen: a skeleton while loading, the error when loading failed. */
export function SettingsBody<T>({ data, error, children }: { data: T | undefined; error: unknown; children: (data: T) => React.ReactNode }) {
  const tk = useTranslations("kit");
  if (data !== undefined) return <>{children(data)}</>;
  if (error) return <p className="rounded-md border bg-card p-6 text-center text-sm text-destructive">{tk("table.error")}</p>;
  return (
    <div className="grid gap-4 xl:grid-cols-2" data-testid="settings-loading">
      <Skeleton className="h-72" />
      <Skeleton className="h-72" />
    </div>
  );
}
