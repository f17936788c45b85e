"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { SimCard } from "@/lib/contract/sim/card";

/** A card status's tone: the list's status column, the card page and the device page's card. */
export const SIM_STATUS_TONES = { activation: "success", testing: "secondary", silence: "warning", deactivation: "destructive", retired: "secondary", suspended: "warning", cancelled: "secondary", notActivated: "secondary", waitingBind: "secondary" } as const;

export function SimStatusBadge({ status }: { status: SimCard["status"] }) {
  const t = useTranslations("enums.simStatus");
  return (
    <Badge variant={SIM_STATUS_TONES[status as keyof typeof SIM_STATUS_TONES] ?? "secondary"} data-testid="sim-status">
      {t(status as never)}
    </Badge>
  );
}
