"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NumberInput, useValidationTranslate } from "@/components/kit";
import { call, useCall } from "@/lib/api/call";
import { formatDateTime } from "@/lib/format";
import { COMMAND_STATUS, setCycleBody } from "@/lib/contract/device/command";
import { deviceOpsApi } from "@/lib/contract/device/device-ops";
import { REPORT_CYCLE } from "@/lib/contract/device/device";
import { issueMessage } from "@/lib/contract/validation";
import { CommandBadge } from "./command-badge";
import { WAITING_POLL_MS } from "./command-status";
import { zodReady } from "@/lib/zod-ready";

const askedCycle = (params: string | null) => {
  try {
    return (JSON.parse(params ?? "{}") as { cycle?: number }).cycle;
  } catch {
    return undefined;
  }
};

/**
 * A device's reporting cycle (the device detail page mounts it as a tab, the debugging screen
 * beside its console): the stored cycle, a new one sent to the device, and the newest cycle
 * command's status, looked at again every second while it waits. The stored cycle changes only
 * once the device confirms it.
 */
export function CyclePanel({ deviceId }: { deviceId: number }) {
  const t = useTranslations("deviceOps.cycle");
  const tv = useValidationTranslate();
  const { data, mutate } = useCall(deviceOpsApi.cycle, { id: deviceId }, { refreshInterval: (d) => (d?.last?.status === COMMAND_STATUS.waiting ? WAITING_POLL_MS : 0) });
  const [value, setValue] = React.useState<number | "">("");
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const waiting = data?.last?.status === COMMAND_STATUS.waiting;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    await zodReady();
    const parsed = setCycleBody.safeParse({ id: deviceId, reportCycle: value });
    if (!parsed.success) {
      const { key: k, values } = issueMessage(parsed.error.issues[0]);
      return setError(tv(k, values));
    }
    setError(null);
    setBusy(true);
    try {
      await call(deviceOpsApi.setCycle, parsed.data);
      await mutate();
    } catch {
      /* the fetcher showed the cloud's message */
    } finally {
      setBusy(false);
    }
  };

  const last = data?.last;
  return (
    <section className="space-y-3 rounded-md border p-4" data-testid="cycle-panel" aria-label={t("title")}>
      <h2 className="text-sm font-semibold">{t("title")}</h2>
      <div className="flex items-baseline gap-2 text-sm">
        <span className="text-muted-foreground">{t("current")}</span>
        <span className="text-base font-semibold tabular-nums" data-testid="cycle-current">
          {data ? (data.reportCycle === 0 ? t("noEffect") : t("seconds", { value: data.reportCycle })) : "-"}
        </span>
      </div>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
        <div className="space-y-1">
          <Label htmlFor={`cycle-${deviceId}`}>{t("newCycle")}</Label>
          <NumberInput id={`cycle-${deviceId}`} className="w-40" value={value} min={REPORT_CYCLE.min} max={REPORT_CYCLE.max} floatNum={0} onChange={(n) => setValue(n as number | "")} aria-invalid={!!error} />
        </div>
        <Button type="submit" disabled={busy || waiting} data-testid="cycle-set">
          {t("set")}
        </Button>
      </form>
      {error && (
        <p className="text-xs text-destructive" role="alert">
          {error}
        </p>
      )}
      <p className="text-xs text-muted-foreground">{t("hint")}</p>
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="cycle-last">
        <span className="text-muted-foreground">{t("last")}</span>
        {last ? (
          <>
            <CommandBadge status={last.status} />
            <span>{t("asked", { value: askedCycle(last.params) ?? "-" })}</span>
            <span className="text-xs text-muted-foreground tabular-nums">
              {formatDateTime(last.sentAt)}
              {last.answeredAt ? ` → ${formatDateTime(last.answeredAt)}` : ""}
            </span>
          </>
        ) : (
          <span className="text-muted-foreground">{t("none")}</span>
        )}
      </div>
    </section>
  );
}
