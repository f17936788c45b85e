"use client";

import { useTranslations } from "next-intl";
import { formatDateTime } from "@/lib/format";

/** Who set an initial value and when, apart from the time of the reading it was taken from. */
export type InitialInfo = { dataTime: number; setByName: string | null; setAt: number };

/**
 * The note under a monitoring chart or profile: the reading's own time first (what the numbers are counted
 * from), then who set it and when — two times a reader must not take for one another.
 */
export function InitialNote({ initial }: { initial: InitialInfo }) {
  const t = useTranslations("monitoring.screen");
  return (
    <>
      {t("initialNote", {
        dataTime: formatDateTime(initial.dataTime),
        name: initial.setByName ?? "—",
        setAt: formatDateTime(initial.setAt),
      })}
    </>
  );
}
