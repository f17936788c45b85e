"use client";

import * as React from "react";
import { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { Power, RotateCcw, Zap } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { dictLabel, ResourceDialogs, ResourcePagination, ResourceTable, useConfirm, useDict, useResourceList } from "@/components/kit";
import { Can } from "@/components/kit/can";
import { call, useCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { deviceOpsApi } from "@/lib/contract/device/device-ops";
import { COMMAND_STATUS, type Command, type CommandBody } from "@/lib/contract/device/command";
import { debugApi } from "@/lib/contract/device/debug";
import { commandApi, commandLogApi } from "@/lib/contract/device/instruct";
import { formatDateTime } from "@/lib/format";
import { CommandBadge } from "./command-badge";
import { CommandForm } from "./command-form";
import { WAITING_POLL_MS } from "./command-status";
import { CyclePanel } from "./cycle-panel";
import { DebugStream } from "./debug-stream";
import { deviceCommandsResource } from "./handle-log-resource";

/** Commands and maintenance calls alike need the device editors' right. */
const SEND_PERM = permsOf(deviceOpsApi.reboot)[0];
/** What a new command changes: the command log's reads (the history table, the request and reply). */
const LOG_PATHS: ReadonlySet<string> = new Set(Object.values(commandLogApi).map((c) => c.path));
const STATUS_TONE: Record<number, "success" | "secondary" | "warning"> = { 1: "secondary", 2: "success", 3: "warning" };

function StatusBadge({ status }: { status: number }) {
  const options = useDict("deviceStatus");
  return <Badge variant={STATUS_TONE[status] ?? "secondary"}>{dictLabel(options, status)}</Badge>;
}

/** The request as sent and the device's reply, side by side, the status looked at again while it waits. */
function RequestReply({ id }: { id: number }) {
  const t = useTranslations("deviceOps.debug");
  const { data } = useCall(commandLogApi.info, { id }, { refreshInterval: (d) => (!d || d.status === COMMAND_STATUS.waiting ? WAITING_POLL_MS : 0) });
  if (!data) return null;
  const block = (title: string, body: string | null, at: string | null) => (
    <div className="min-w-0 flex-1 space-y-1">
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{title}</span>
        <span className="tabular-nums">{at ? formatDateTime(at) : ""}</span>
      </div>
      <pre className="min-h-16 overflow-auto rounded bg-muted/50 p-2 font-mono text-xs whitespace-pre-wrap break-all">{body ?? "-"}</pre>
    </div>
  );
  return (
    <div className="space-y-2 rounded-md border p-3" data-testid="request-reply">
      <div className="flex items-center gap-2 text-sm">
        <span className="font-mono text-xs">{data.identifier ?? data.cmdType}</span>
        <CommandBadge status={data.status} />
      </div>
      <div className="flex flex-col gap-3 md:flex-row">
        {block(t("request"), data.params, data.sentAt)}
        {block(t("reply"), data.reply, data.answeredAt)}
      </div>
    </div>
  );
}

function DeviceCommands({ deviceId }: { deviceId: number }) {
  const t = useTranslations("deviceOps.debug");
  const list = useResourceList(deviceCommandsResource, { deviceId });
  return (
    <section className="space-y-2" aria-label={t("history")}>
      <h2 className="text-sm font-semibold">{t("history")}</h2>
      <ResourceTable list={list} />
      <ResourcePagination list={list} />
      <ResourceDialogs list={list} />
    </section>
  );
}

export function DeviceDebug({ deviceId }: { deviceId: number }) {
  const t = useTranslations("deviceOps.debug");
  const ta = useTranslations("deviceOps.actions");
  const { data: model } = useCall(debugApi.model, { deviceId });
  const { mutate } = useSWRConfig();
  const [current, setCurrent] = React.useState<number | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [confirm, confirmElement] = useConfirm();
  React.useEffect(() => setCurrent(null), [deviceId]);

  const send = async (sending: () => Promise<Command>) => {
    setBusy(true);
    try {
      const row = await sending();
      setCurrent(row.id);
      await mutate((key) => Array.isArray(key) && LOG_PATHS.has(key[0]));
    } catch {
      /* the fetcher showed the cloud's message (offline, not writable…) */
    } finally {
      setBusy(false);
    }
  };
  const maintenance = async (c: typeof deviceOpsApi.reboot, question?: string) => {
    if (question && !(await confirm(question, { danger: true }))) return;
    await send(() => call(c, { id: deviceId }));
  };

  if (!model) return <div className="h-64 animate-pulse rounded-md bg-muted/50" />;
  const d = model.device;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-3" data-testid="debug-device" data-sn={d.sn}>
      <div className="flex flex-wrap items-center gap-3 rounded-md border p-3">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <span className="truncate font-semibold">{d.name}</span>
            <StatusBadge status={d.status} />
          </div>
          <div className="font-mono text-xs text-muted-foreground">
            {d.sn} · {t("product")}: {d.prodName}
          </div>
        </div>
        <Can code={SEND_PERM}>
          <div className="ml-auto flex flex-wrap gap-2">
            <Button variant="outline" size="sm" disabled={busy} onClick={() => maintenance(deviceOpsApi.reboot, ta("confirmReboot", { name: d.name }))} data-testid="debug-reboot">
              <Power className="size-4" />
              {ta("reboot")}
            </Button>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => maintenance(deviceOpsApi.init, ta("confirmInit", { name: d.name }))}>
              <RotateCcw className="size-4" />
              {ta("init")}
            </Button>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => maintenance(deviceOpsApi.laserOn)}>
              <Zap className="size-4" />
              {ta("laserOn")}
            </Button>
          </div>
        </Can>
      </div>
      <div className="grid gap-3 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section className="space-y-3 rounded-md border p-3" aria-label={t("send")}>
          <h2 className="text-sm font-semibold">{t("send")}</h2>
          <Can code={SEND_PERM}>
            <CommandForm key={deviceId} deviceId={deviceId} properties={model.properties} services={model.services} busy={busy} onSend={(body: CommandBody) => send(() => call(commandApi.send, body))} />
          </Can>
          {current !== null && <RequestReply id={current} />}
        </section>
        <div className="space-y-3">
          <CyclePanel deviceId={deviceId} />
          <section className="space-y-1 rounded-md border p-3 text-xs" aria-label={t("topics")}>
            <h2 className="text-sm font-semibold">{t("topics")}</h2>
            {[...model.topics.up.map((x) => ({ ...x, dir: "up" as const })), ...model.topics.down.map((x) => ({ ...x, dir: "down" as const }))].map((x) => (
              <div key={x.topic} className="flex gap-2">
                <span className="w-20 shrink-0 text-muted-foreground">{t(x.dir)}</span>
                <span className="font-mono break-all">{x.topic}</span>
              </div>
            ))}
          </section>
        </div>
      </div>
      <DebugStream deviceId={deviceId} />
      <DeviceCommands deviceId={deviceId} />
      {confirmElement}
    </div>
  );
}

