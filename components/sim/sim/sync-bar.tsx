"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { RefreshCwIcon } from "lucide-react";
import { useCall, call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { simCardApi } from "@/lib/contract/sim/card";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import type { ResourceUi } from "@/components/kit";

/**
 * The carrier sync above the card list: the newest run (progress while it runs, polled every 2 s;
 * then cards seen, changed, errors and duration), whether the carrier is simulated, and "sync now".
 */
export function SyncBar({ ui }: { ui: Pick<ResourceUi, "refresh" | "session"> }) {
  const t = useTranslations("sim.sync");
  // The list is read again once, when a run ends: refreshing on every answer would refetch this
  // very state (it is under the list's prefix) and never stop.
  const seen = React.useRef<string | undefined>(undefined);
  const { data: run, mutate } = useCall(simCardApi.syncState, {}, {
    refreshInterval: (r) => (r?.state === "running" ? 2000 : 0),
    onSuccess: (r) => {
      if (seen.current === "running" && r?.state !== "running") void ui.refresh();
      seen.current = r?.state;
    },
  });
  const { data: stat } = useCall(simCardApi.stat, {});
  const running = run?.state === "running";
  const start = async () => {
    await call(simCardApi.sync, {});
    toast.success(t("started"));
    await mutate();
  };
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border bg-card px-3 py-2 text-sm" data-testid="sim-sync">
      {run ? (
        <span data-testid="sim-sync-state">
          {running
            ? t("running", { seen: run.seen + run.errors, total: run.total })
            : t("last", { time: formatDateTime(run.endTime ?? run.startTime), seen: run.seen, changed: run.changed, errors: run.errors, seconds: ((run.durationMs ?? 0) / 1000).toFixed(1) })}
        </span>
      ) : (
        <span>{t("never")}</span>
      )}
      {running && (
        <div className="h-1.5 w-40 overflow-hidden rounded bg-muted">
          <div className="h-full bg-primary transition-all" style={{ width: `${run.total ? ((run.seen + run.errors) / run.total) * 100 : 0}%` }} />
        </div>
      )}
      {stat?.simulated && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="sim-simulated">{t("simulated")}</span>}
      {ui.session.can(permsOf(simCardApi.sync)[0]) && (
        <Button size="sm" variant="outline" className="ml-auto" disabled={running} onClick={() => void start()} data-testid="sim-sync-now">
          <RefreshCwIcon className={running ? "animate-spin" : undefined} />
          {t("now")}
        </Button>
      )}
    </div>
  );
}
