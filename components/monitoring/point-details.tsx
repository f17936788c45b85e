"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { deriveDetailRows } from "@/components/kit";
import { defineDetail, DetailPage } from "@/components/kit/detail/define-detail";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useCall } from "@/lib/api/call";
import type { MonitorKind } from "@/lib/contract/device/product";
import { monitoringApi } from "@/lib/contract/monitoring/analysis";
import { round } from "@/lib/contract/monitoring/compute";
import { monitorOf } from "@/lib/contract/monitoring/monitors";
import { pointGroup, pointGroupApi, type PointGroup } from "@/lib/contract/monitoring/point-group";
import { formatDateTime } from "@/lib/format";
import { BatchConfigButton } from "./device-config-dialog";

/** The point's devices as its monitoring screen sees them: latest and initial values, each opening its analysis. */
function PointDevices({ point }: { point: PointGroup }) {
  const t = useTranslations("monitoring");
  const kind = point.monitorKind as MonitorKind;
  const list = useCall(monitoringApi.list, { monitorKind: kind });
  const mine = list.data?.find((p) => p.id === point.id);
  const measures = monitorOf(kind).measures;
  if (list.isLoading) return <Skeleton className="h-24" />;
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <BatchConfigButton kind={kind} point={point} deviceIds={point.deviceIds} onSaved={() => list.mutate()} />
      </div>
      <Table data-testid="point-devices">
        <TableHeader>
          <TableRow>
            <TableHead>{t("screen.device")}</TableHead>
            <TableHead>{t("screen.lastReport")}</TableHead>
            {measures.map((m) => (
              <TableHead key={m.identifier} className="text-right">
                {t(`measures.${m.identifier}`)}
                {m.unit && ` (${m.unit})`}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {(mine?.devices ?? []).map((d) => (
            <TableRow key={d.id}>
              <TableCell>
                <Link className="text-primary hover:underline" href={`/operationMonitoring/${kind}?point=${point.id}&device=${d.id}`}>
                  {d.deviceName}
                </Link>
              </TableCell>
              <TableCell>{d.lastReportTime ? formatDateTime(d.lastReportTime) : t("screen.never")}</TableCell>
              {measures.map((m) => (
                <TableCell key={m.identifier} className="text-right tabular-nums">
                  {d.latest[m.identifier] ? round(d.latest[m.identifier].value, m.decimals) : "—"}
                  {d.initial[m.identifier] !== undefined && (
                    <span className="block text-xs text-muted-foreground">
                      {t("screen.initial")} {round(d.initial[m.identifier], m.decimals)}
                    </span>
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** /pointCorrelation/pointDetails?id=: the point's parameters and its devices. */
export const pointDetail = defineDetail<PointGroup>({
  ns: "monitoring.point",
  info: pointGroupApi.info,
  back: "/pointCorrelation/page",
  title: (row) => row.groupName,
  testId: "point-details",
  sections: [
    { key: "parameters", title: "parameters", rows: deriveDetailRows(pointGroup) },
    { key: "devices", title: "devicesTitle", render: (row) => <PointDevices point={row} /> },
  ],
});

export function PointDetails() {
  return <DetailPage detail={pointDetail} />;
}
