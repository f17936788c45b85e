"use client";

import { useTranslations } from "next-intl";

/** A pool's run-out forecast (`runOutDays`): in N days, used up (0), or unknown (null). */
export function PoolRunOut({ days }: { days: number | null }) {
  const t = useTranslations("sim.alarm.pools");
  if (days === null) return <span className="text-muted-foreground">{t("runOutUnknown")}</span>;
  if (days === 0) return <span className="font-medium text-destructive">{t("runOutNow")}</span>;
  return <>{t("runOutDays", { days })}</>;
}
