"use client";

import * as React from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useConfirm } from "@/components/kit";
import { Can } from "@/components/kit/can";
import { call } from "@/lib/api/call";
import { pointGroupApi } from "@/lib/contract/monitoring/point-group";
import { monitoringApi, SET_INIT_PERM } from "@/lib/contract/monitoring/analysis";
import { formatDateTime } from "@/lib/format";
import { useBusy } from "@/components/kit/use-busy";

/**
 * The set-initial-value flow of every such button: confirm first ("是否将本次采集数据设置为初始值？"),
 * a cancelled notice, or the cloud call and "设置成功" before the caller reloads what it shows.
 */
export function useSetInit() {
  const t = useTranslations("monitoring");
  const [confirm, confirmElement] = useConfirm();
  const [busy, run] = useBusy();
  const set = async (save: () => Promise<unknown>, then: () => unknown) => {
    if (!(await confirm(t("screen.initConfirm")))) {
      toast.info(t("screen.initCancelled"));
      return;
    }
    await run(async () => {
      await save();
      toast.success(t("screen.initDone"));
      await then();
    });
  };
  return { set, busy, confirmElement };
}

/**
 * The device's values at a clicked chart time (widgets §3 initial-value row: attribute, original
 * value, calculated value) with the set-initial-value buttons: this device, or (tilt group) every
 * device of the point at that time. Both confirm first (widgets §7).
 */
export function InitValues({ deviceId, groupId, time, group, onSet }: { deviceId: number; groupId: number | null; time: number | null; group: boolean; onSet: () => void }) {
  const t = useTranslations("monitoring");
  const { set: setInit, busy, confirmElement } = useSetInit();
  const rows = useSWR(time === null ? null : ["monitoring:init", deviceId, groupId, time], () =>
    call(monitoringApi.initValues, { deviceId, dateTime: time, groupId: groupId ?? undefined }).then((d) => d.dataList),
  );

  const set = async (whole: boolean) => {
    if (time === null || !rows.data?.length) {
      toast.warning(t("screen.pickPoint"));
      return;
    }
    await setInit(
      () => (whole && groupId ? call(pointGroupApi.setInit, { groupId, dateTime: time }) : call(monitoringApi.setInit, { deviceId, dateTime: time })),
      async () => {
        await rows.mutate();
        onSet();
      },
    );
  };

  return (
    <Card data-testid="init-values">
      <CardHeader className="flex flex-row flex-wrap items-center gap-2 space-y-0 pb-2">
        <CardTitle className="mr-auto text-base">{time === null ? t("screen.initial") : t("screen.initTable", { time: formatDateTime(new Date(time)) })}</CardTitle>
        <Can code={SET_INIT_PERM}>
          <Button size="sm" disabled={busy || time === null} onClick={() => set(false)} data-testid="set-init">
            {t("screen.setInit")}
          </Button>
        </Can>
        {group && groupId && (
          <Can code={SET_INIT_PERM}>
            <Button size="sm" variant="outline" disabled={busy || time === null} onClick={() => set(true)}>
              {t("screen.setGroupInit")}
            </Button>
          </Can>
        )}
      </CardHeader>
      <CardContent className="p-3 pt-0">
        {time === null ? (
          <p className="text-sm text-muted-foreground">{t("screen.initHint")}</p>
        ) : rows.isLoading ? (
          <Skeleton className="h-24" />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t("table.paramName")}</TableHead>
                {(["orgValue", "totalValue", "initValue"] as const).map((k) => <TableHead key={k} className="text-right">{t(`table.${k}`)}</TableHead>)}
              </TableRow>
            </TableHeader>
            <TableBody>
              {(rows.data ?? []).map((r) => (
                <TableRow key={r.paramName}>
                  <TableCell>
                    {t(`measures.${r.paramName}`)}
                    {r.unit && <span className="text-muted-foreground"> ({r.unit})</span>}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{r.orgValue}</TableCell>
                  <TableCell className="text-right tabular-nums" data-testid={`total-${r.paramName}`}>
                    {r.totalValue}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{r.initValue ?? "—"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {confirmElement}
    </Card>
  );
}
