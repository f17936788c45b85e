"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TabStrip } from "@/components/ui/tab-strip";
import { dictLabel, useConfirm, useDict } from "@/components/kit";
import { call, useCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { otaTaskApi, type OtaNums, type OtaTask, type OtaTaskDevice } from "@/lib/contract/ota/task-api";
import { OTA_DEVICE_STATUS as DS, OTA_HOLD, OTA_TASK_STATUS as TS } from "@/lib/contract/ota/enums";
import { formatDateTime, formatSize } from "@/lib/format";
import { usePermissions } from "@/components/kit/can";
import { otaTopic } from "@/lib/contract/live/topics";
import { useLiveTopic } from "@/lib/live/use-live";

/**
 * While the rollout runs, the task's live topic says when its devices changed and the page reads
 * them again; while the live channel is down a 2 s poll stands in. Live, a slow poll still runs:
 * an instance other than the console's cloud may have taken a device's report.
 */
const POLL_MS = 2000;
const LIVE_POLL_MS = 15_000;
const running = (t: OtaTask) => t.status === TS.upgrading || t.status === TS.toUpgrade;

/** The task's live topic while it runs: `onChange` on each event and on (re)connecting; answers the poll period to use. */
export function useTaskLive(task: OtaTask, onChange: () => void): number {
  const on = running(task);
  const live = useLiveTopic(on ? otaTopic(task.id) : null, onChange, onChange);
  return on ? (live ? LIVE_POLL_MS : POLL_MS) : 0;
}
const STATUS_TABS = ["", "1", "2", "4", "5", "3"] as const;
const NUM_KEY: Record<string, keyof OtaNums> = { "": "total", "1": "toUpgrade", "2": "upgrading", "3": "cancelled", "4": "success", "5": "failed" };
const TONE: Record<number, string> = { 1: "text-muted-foreground", 2: "text-amber-600 dark:text-amber-400", 3: "text-muted-foreground", 4: "text-emerald-600 dark:text-emerald-400", 5: "text-red-600 dark:text-red-400" };

/** The rollout at a glance: targeted, per status, success %, the time left (and whether the rate or the cap on downloads sets it), and the batches (first batch → gate → the rest); the task's counts are read again as its devices report. */
export function Rollout({ task, refresh }: { task: OtaTask; refresh: () => Promise<unknown> }) {
  const t = useTranslations("ota.task.info");
  const again = React.useRef<() => void>(() => {});
  const every = useTaskLive(task, () => again.current());
  const { data: n, mutate } = useCall(otaTaskApi.nums, { id: task.id }, { refreshInterval: every });
  React.useEffect(() => {
    again.current = () => void Promise.all([mutate(), refresh()]);
  }, [mutate, refresh]);
  if (!n) return null;
  const finished = n.success + n.failed;
  const cells: [string, React.ReactNode][] = [
    ["targeted", n.total],
    ["pending", n.toUpgrade],
    ["upgrading", n.upgrading],
    ["success", n.success],
    ["failed", n.failed],
    ["cancelled", n.cancelled],
    ["successRate", finished ? `${((n.success / finished) * 100).toFixed(2)}%` : "-"],
    [
      "eta",
      n.etaMin === null ? (
        "-"
      ) : (
        <>
          {t("etaMin", { n: n.etaMin })}
          {n.etaBound && (
            <span className="text-muted-foreground block text-xs font-normal" data-testid="ota-eta-bound">
              {t("etaBound", { bound: n.etaBound })}
            </span>
          )}
        </>
      ),
    ],
  ];
  const gate = task.hold === OTA_HOLD.gate ? t("gateHeld") : n.batchSize && n.batchDone === n.batchSize && task.status !== TS.toUpgrade ? t("gatePassed") : t("gateWaiting");
  return (
    <div className="flex flex-col gap-4" data-testid="ota-rollout">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
        {cells.map(([k, v]) => (
          <div key={k} className="bg-muted/40 rounded-md px-3 py-2" data-testid={`ota-num-${k}`}>
            <dt className="text-muted-foreground text-xs">{t(k)}</dt>
            <dd className="text-lg font-semibold tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="ota-timeline">
        <span className="text-muted-foreground">{t("timeline")}:</span>
        {n.batchSize ? (
          <>
            <span className="rounded border px-2 py-0.5">{t("firstBatch", { done: n.batchDone, size: n.batchSize })}</span>
            <span aria-hidden>→</span>
            <span className={`rounded border px-2 py-0.5 ${task.hold === OTA_HOLD.gate ? "border-amber-500 text-amber-700 dark:text-amber-300" : ""}`} data-testid="ota-gate">
              {t("gate")}: {gate}
            </span>
            <span aria-hidden>→</span>
            <span className="rounded border px-2 py-0.5">{t("rest")}</span>
          </>
        ) : (
          <span>{t("noStages")}</span>
        )}
      </div>
    </div>
  );
}

function Progress({ value, status }: { value: number; status: number }) {
  const bar = status === DS.failed ? "bg-red-500" : status === DS.success ? "bg-emerald-500" : "bg-primary";
  return (
    <div className="flex items-center gap-2" role="progressbar" aria-valuenow={value} aria-valuemin={0} aria-valuemax={100}>
      <div className="bg-muted h-2 w-24 overflow-hidden rounded">
        <div className={`h-full ${bar}`} style={{ width: `${Math.max(0, Math.min(100, value))}%` }} />
      </div>
      <span className="w-9 text-right text-xs tabular-nums">{value}%</span>
    </div>
  );
}

/** The log's dialog loads with the first log opened, not with the task's page. */
const KitDialog = dynamic(() => import("@/components/kit/dialogs/kit-dialog").then((m) => m.KitDialog));

/** A device's event log: every change with its source. */
function EventLog({ task, row, onClose }: { task: OtaTask; row: OtaTaskDevice; onClose: () => void }) {
  const t = useTranslations("ota.task.info");
  const sources = useDict("otaSource");
  const phases = useDict("otaPhase");
  const again = React.useRef<() => void>(() => {});
  const every = useTaskLive(task, () => again.current());
  const { data, mutate } = useCall(otaTaskApi.deviceLog, { id: row.id }, { refreshInterval: every });
  React.useEffect(() => {
    again.current = () => void mutate();
  }, [mutate]);
  return (
    <KitDialog title={t("logTitle", { name: row.deviceName })} onClose={onClose} actions="close" width={760} testId="ota-log">
      {data?.length ? (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t("at")}</TableHead>
              <TableHead>{t("source")}</TableHead>
              <TableHead>{t("phase")}</TableHead>
              <TableHead>{t("progress")}</TableHead>
              <TableHead>{t("text")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((e) => (
              <TableRow key={e.id}>
                <TableCell className="whitespace-nowrap text-xs">{formatDateTime(e.at)}</TableCell>
                <TableCell>{dictLabel(sources, e.source)}</TableCell>
                <TableCell>{dictLabel(phases, e.phase)}</TableCell>
                <TableCell className="tabular-nums">{e.progress}%</TableCell>
                <TableCell className="font-mono text-xs">{e.text}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className="text-muted-foreground text-sm">{t("noEvents")}</p>
      )}
    </KitDialog>
  );
}

const Versions = ({ row }: { row: OtaTaskDevice }) => (
  <span>
    {row.fromVersion ?? "-"} → {row.currentVersion ?? "-"}
  </span>
);
const ErrorText = ({ row, className }: { row: OtaTaskDevice; className?: string }) => (
  <span className={className}>{row.errorCode ? `${row.errorCode}${row.errorText ? `: ${row.errorText}` : ""}` : "-"}</span>
);

/** The task's devices with live progress: status tabs with counts, phase, bytes served, attempts, error; cancel one, read its log. */
export function TaskDevices({ task, refresh }: { task: OtaTask; refresh: () => Promise<unknown> }) {
  const t = useTranslations("ota.task.info");
  const statuses = useDict("otaDeviceStatus");
  const phases = useDict("otaPhase");
  const { can } = usePermissions();
  const [status, setStatus] = React.useState("");
  const [page, setPage] = React.useState(1);
  const [log, setLog] = React.useState<OtaTaskDevice | null>(null);
  const [confirm, confirmElement] = useConfirm();
  const again = React.useRef<() => void>(() => {});
  const every = useTaskLive(task, () => again.current());
  const { data: nums, mutate: reNums } = useCall(otaTaskApi.nums, { id: task.id }, { refreshInterval: every });
  const { data, mutate } = useCall(otaTaskApi.pageDevice, { taskId: task.id, status: status || undefined, current: page, size: 50 }, { refreshInterval: every });
  React.useEffect(() => {
    again.current = () => void Promise.all([mutate(), reNums()]);
  }, [mutate, reNums]);
  const mayCancel = can(permsOf(otaTaskApi.deviceCloseUp)[0]);
  async function cancel(row: OtaTaskDevice) {
    if (!(await confirm(t("cancelDeviceConfirm", { name: row.deviceName }), { danger: true }))) return;
    await call(otaTaskApi.deviceCloseUp, { id: row.id });
    await Promise.all([mutate(), reNums(), refresh()]);
  }
  const pages = data ? Math.max(1, Math.ceil(data.total / 50)) : 1;
  const actions = (row: OtaTaskDevice) => (
    <>
      <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setLog(row)}>
        {t("log")}
      </Button>
      {mayCancel && (row.status === DS.toUpgrade || row.status === DS.upgrading) && (
        <Button variant="link" size="sm" className="text-destructive ml-3 h-auto p-0" onClick={() => void cancel(row)}>
          {t("cancelDevice")}
        </Button>
      )}
    </>
  );
  return (
    <div className="flex flex-col gap-3" data-testid="ota-devices">
      <TabStrip
        value={status}
        onChange={(s) => (setStatus(s), setPage(1))}
        items={STATUS_TABS.map((name) => ({ name, label: name ? dictLabel(statuses, Number(name)) : t("all"), count: nums?.[NUM_KEY[name]] as number | undefined, testId: `ota-status-${name || "all"}` }))}
      />
      {/* A phone reads a card per device; wider screens the table. */}
      <ul className="flex flex-col gap-2 md:hidden" data-testid="ota-device-cards">
        {data?.records.map((r) => (
          <li key={r.id} className="flex flex-col gap-1.5 rounded-md border p-3 text-sm" data-testid="ota-device-card" data-sn={r.deviceSn} data-status={r.status}>
            <div className="flex items-baseline justify-between gap-2">
              <span className="min-w-0 font-medium break-words">{r.deviceName}</span>
              <span className={`shrink-0 text-xs ${TONE[r.status]}`}>{dictLabel(statuses, r.status)}</span>
            </div>
            <div className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
              <span className="font-mono">{r.deviceSn}</span>
              <span>{dictLabel(phases, r.phase)}</span>
              <Versions row={r} />
            </div>
            <Progress value={r.progress} status={r.status} />
            <div className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
              <span>
                {t("attempt")}: <span className="tabular-nums">{r.attempt}</span>
              </span>
              <span title={r.bytesServed.toLocaleString()}>
                {t("bytes")}: <span className="tabular-nums">{formatSize(r.bytesServed)}</span>
              </span>
            </div>
            {r.errorCode && <ErrorText row={r} className="text-xs break-words text-red-600 dark:text-red-400" />}
            <div>
              {actions(r)}
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t("device")}</TableHead>
              <TableHead>SN</TableHead>
              <TableHead>{t("phase")}</TableHead>
              <TableHead>{t("progress")}</TableHead>
              <TableHead>{t("bytes")}</TableHead>
              <TableHead>{t("attempt")}</TableHead>
              <TableHead>{t("versions")}</TableHead>
              <TableHead>{t("error")}</TableHead>
              <TableHead>{t("actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data?.records.map((r) => (
              <TableRow key={r.id} data-testid="ota-device-row" data-sn={r.deviceSn} data-status={r.status}>
                <TableCell>
                  <div className="flex flex-col">
                    <span>{r.deviceName}</span>
                    <span className={`text-xs ${TONE[r.status]}`}>{dictLabel(statuses, r.status)}</span>
                  </div>
                </TableCell>
                <TableCell className="font-mono text-xs">{r.deviceSn}</TableCell>
                <TableCell>{dictLabel(phases, r.phase)}</TableCell>
                <TableCell>
                  <Progress value={r.progress} status={r.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums" title={r.bytesServed.toLocaleString()}>
                  {formatSize(r.bytesServed)}
                </TableCell>
                <TableCell className="tabular-nums">{r.attempt}</TableCell>
                <TableCell className="whitespace-nowrap text-xs">
                  <Versions row={r} />
                </TableCell>
                <TableCell className="max-w-56 truncate text-xs" title={r.errorText ?? undefined}>
                  <ErrorText row={r} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {actions(r)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {data && !data.records.length && <p className="text-muted-foreground py-6 text-center text-sm">{t("empty")}</p>}
      {pages > 1 && (
        <div className="flex items-center justify-end gap-2 text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ‹
          </Button>
          <span className="tabular-nums">
            {page} / {pages}
          </span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            ›
          </Button>
        </div>
      )}
      {log && <EventLog task={task} row={log} onClose={() => setLog(null)} />}
      {confirmElement}
    </div>
  );
}
