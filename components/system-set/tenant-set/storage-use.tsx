"use client";

import { useTranslations } from "next-intl";

/** A tenant's uploads against its storage quota: the figures and a bar that turns red near the end. */
export function StorageUse({ used, quota }: { used: number; quota: number }) {
  const t = useTranslations("system.tenant.info");
  const share = quota > 0 ? Math.min(1, used / quota) : 0;
  return (
    <div className="min-w-28 space-y-1" data-testid="tenant-storage">
      <div className="text-xs tabular-nums">{t("storage", { used, quota })}</div>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-muted" role="meter" aria-valuemin={0} aria-valuemax={quota} aria-valuenow={used} aria-label={t("storage", { used, quota })}>
        <div className={share >= 0.9 ? "h-full bg-destructive" : "h-full bg-primary"} style={{ width: `${Math.max(share * 100, used > 0 ? 2 : 0)}%` }} />
      </div>
    </div>
  );
}
