"use client";

import { useTranslations } from "next-intl";
import { dictLabel, useDict } from "@/components/kit";
import { LoadError } from "@/components/kit/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useCall } from "@/lib/api/call";
import { otaApi } from "@/lib/contract/ota/api";
import { OTA_DEVICE_STATUS as DS } from "@/lib/contract/ota/enums";
import { formatDateTime } from "@/lib/format";

const TONE: Record<number, string> = { 1: "text-muted-foreground", 2: "text-amber-600 dark:text-amber-400", 3: "text-muted-foreground", 4: "text-emerald-600 dark:text-emerald-400", 5: "text-red-600 dark:text-red-400" };
/** Read again every 5 s while one of its upgrades runs. */
const RUNNING_MS = 5000;

/**
 * A device's firmware (its page's tab): the version it runs per module, as it last informed, and
 * its upgrades, newest first, with the phase each reached and why it failed or was cancelled.
 */
export function FirmwarePanel({ deviceId }: { deviceId: number }) {
  const t = useTranslations("ota.firmware");
  const statuses = useDict("otaDeviceStatus");
  const phases = useDict("otaPhase");
  const { data, error, mutate } = useCall(otaApi.deviceFirmware, { id: deviceId }, {
    refreshInterval: (d) => (d?.upgrades.some((u) => u.status === DS.toUpgrade || u.status === DS.upgrading) ? RUNNING_MS : 0),
  });
  if (!data) return error ? <LoadError onRetry={() => mutate()} /> : <Skeleton className="h-40" />;
  return (
    <div className="flex flex-col gap-4" data-testid="device-firmware">
      <dl className="flex flex-wrap gap-3">
        {data.modules.map((m) => (
          <div key={m.module} className="bg-muted/40 min-w-40 rounded-md px-3 py-2" data-testid={`firmware-module-${m.module}`}>
            <dt className="text-muted-foreground text-xs">{m.module === "default" ? t("firmware") : t("module", { module: m.module })}</dt>
            <dd className="font-mono text-lg font-semibold">{m.version ?? "-"}</dd>
            {m.informedAt && <dd className="text-muted-foreground text-xs">{t("informedAt", { at: formatDateTime(m.informedAt) })}</dd>}
          </div>
        ))}
      </dl>
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">{t("history")}</h3>
        {data.upgrades.length ? (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("task")}</TableHead>
                  <TableHead>{t("versions")}</TableHead>
                  <TableHead>{t("status")}</TableHead>
                  <TableHead>{t("phase")}</TableHead>
                  <TableHead>{t("attempt")}</TableHead>
                  <TableHead>{t("reason")}</TableHead>
                  <TableHead>{t("queuedAt")}</TableHead>
                  <TableHead>{t("doneAt")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.upgrades.map((u) => (
                  <TableRow key={u.id} data-testid="firmware-upgrade" data-status={u.status}>
                    <TableCell>
                      <div className="flex flex-col">
                        <span>{u.taskName}</span>
                        <span className="text-muted-foreground text-xs">
                          {u.packageName}
                          {u.module === "default" ? "" : ` · ${u.module}`}
                        </span>
                      </div>
                    </TableCell>
                    <TableCell className="whitespace-nowrap font-mono text-xs">
                      {u.fromVersion ?? "-"} → {u.version}
                    </TableCell>
                    <TableCell className={`whitespace-nowrap ${TONE[u.status]}`}>{dictLabel(statuses, u.status)}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {dictLabel(phases, u.phase)}
                      {u.status === DS.upgrading && <span className="text-muted-foreground ml-1 tabular-nums">{u.progress}%</span>}
                    </TableCell>
                    <TableCell className="tabular-nums">{u.attempt}</TableCell>
                    <TableCell className="max-w-64 truncate text-xs" title={u.errorText ?? undefined}>
                      {u.errorCode ? `${u.errorCode}${u.errorText ? `: ${u.errorText}` : ""}` : "-"}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-xs">{u.queuedAt ? formatDateTime(u.queuedAt) : "-"}</TableCell>
                    <TableCell className="whitespace-nowrap text-xs">{u.doneAt ? formatDateTime(u.doneAt) : "-"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ) : (
          <p className="text-muted-foreground py-6 text-center text-sm">{t("none")}</p>
        )}
      </section>
    </div>
  );
}
