"use client";

import { useTranslations } from "next-intl";
import { quickRange, type QuickRange } from "../resource/search-rules";

/** today / 7 days / 30 days beside a day range: the range ending on the platform's today. */
export function QuickRanges({ kinds = ["today", "last7Days", "last30Days"], onPick }: { kinds?: readonly QuickRange[]; onPick: (range: [string, string]) => void }) {
  const t = useTranslations("kit.search");
  return (
    <div className="flex max-w-full shrink-0 flex-wrap gap-0.5">
      {kinds.map((k) => (
        <button key={k} type="button" data-quick={k} className="rounded px-1 py-0.5 text-xs whitespace-nowrap text-primary hover:bg-primary-light-9" onClick={() => onPick(quickRange(k, new Date()))}>
          {t(k)}
        </button>
      ))}
    </div>
  );
}
