"use client";

import * as React from "react";
import useSWR, { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { Power, RotateCcw, Search, Zap } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { dictLabel, PageFrame, ResourceDialogs, ResourcePagination, ResourceTable, useConfirm, useDict, useResourceList, useUrlParam } from "@/components/kit";
import { Can } from "@/components/kit/can";
import { api, swrFetcher } from "@/lib/api/fetcher";
import { COMMAND_STATUS, type Command, type CommandBody } from "@/lib/contract/device/command";
import type { deviceTopics } from "@/lib/contract/device/topics";
import type { ThingFunction } from "@/lib/contract/device/thing-model";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { CommandBadge } from "./command-badge";
import { CommandForm } from "./command-form";
import { WAITING_POLL_MS } from "./command-status";
import { CyclePanel } from "./cycle-panel";
import { DebugStream } from "./debug-stream";
import { deviceCommandsResource } from "./handle-log-resource";

type PickerDevice = { id: number; name: string; sn: string; prodName: string; status: number; enableStatus: number };
type Model = { device: PickerDevice & { productId: number }; topics: ReturnType<typeof deviceTopics>; properties: ThingFunction[]; services: ThingFunction[] };

const SEND_PERM = "dev:device:upd";
const STATUS_TONE: Record<number, "success" | "secondary" | "warning"> = { 1: "secondary", 2: "success", 3: "warning" };

function StatusBadge({ status }: { status: number }) {
  const options = useDict("deviceStatus");
  return <Badge variant={STATUS_TONE[status] ?? "secondary"}>{dictLabel(options, status)}</Badge>;
}

/** The devices the user may operate, searchable by name or SN; the chosen one is `?device=` in the URL. */
function DevicePane({ selected, onSelect }: { selected: number | null; onSelect: (id: number) => void }) {
  const t = useTranslations("deviceOps.debug");
  const [keyword, setKeyword] = React.useState("");
  const [typed, setTyped] = React.useState("");
  React.useEffect(() => {
    const h = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(h);
  }, [typed]);
  const { data } = useSWR<PickerDevice[]>(["comm/debug/devices", { keyword }], swrFetcher, { keepPreviousData: true });
  return (
    <aside className="flex w-full shrink-0 flex-col gap-2 rounded-md border p-3 lg:w-72" aria-label={t("pickDevice")}>
      <div className="relative">
        <Search className="absolute top-2.5 left-2 size-4 text-muted-foreground" aria-hidden="true" />
        <Input className="pl-8" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t("search")} aria-label={t("search")} data-testid="debug-device-search" />
      </div>
      <ul className="max-h-[60vh] space-y-1 overflow-auto" data-testid="debug-devices">
        {data?.length === 0 && <li className="py-4 text-center text-sm text-muted-foreground">{t("noDevices")}</li>}
        {data?.map((d) => (
          <li key={d.id}>
            <button
              type="button"
              onClick={() => onSelect(d.id)}
              aria-current={selected === d.id ? "true" : undefined}
              data-sn={d.sn}
              className={cn("flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-accent", selected === d.id && "bg-accent font-medium")}
            >
              <span className={cn("size-2 shrink-0 rounded-full", d.status === 2 ? "bg-success" : d.status === 3 ? "bg-warning" : "bg-muted-foreground/40")} aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block truncate">{d.name}</span>
                <span className="block truncate font-mono text-xs text-muted-foreground">{d.sn}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** The request as sent and the device's reply, side by side, the status looked at again while it waits. */
function RequestReply({ id }: { id: number }) {
  const t = useTranslations("deviceOps.debug");
  const { data } = useSWR<Command>(["comm/instructIot/info", { id }], swrFetcher, { refreshInterval: (d) => (!d || d.status === COMMAND_STATUS.waiting ? WAITING_POLL_MS : 0) });
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

function DeviceDebug({ deviceId }: { deviceId: number }) {
  const t = useTranslations("deviceOps.debug");
  const ta = useTranslations("deviceOps.actions");
  const { data: model } = useSWR<Model>(["comm/debug/model", { deviceId }], swrFetcher);
  const { mutate } = useSWRConfig();
  const [current, setCurrent] = React.useState<number | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [confirm, confirmElement] = useConfirm();
  React.useEffect(() => setCurrent(null), [deviceId]);

  const send = async (path: string, body: unknown) => {
    setBusy(true);
    try {
      const row = await api.post<Command>(path, body);
      setCurrent(row.id);
      await mutate((key) => Array.isArray(key) && typeof key[0] === "string" && key[0].startsWith("comm/instructIot/"));
    } catch {
      /* the fetcher showed the cloud's message (offline, not writable…) */
    } finally {
      setBusy(false);
    }
  };
  const maintenance = async (path: string, question?: string) => {
    if (question && !(await confirm(question, { danger: true }))) return;
    await send(path, { id: deviceId });
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
            <Button variant="outline" size="sm" disabled={busy} onClick={() => maintenance("device/device/deviceRest", ta("confirmReboot", { name: d.name }))} data-testid="debug-reboot">
              <Power className="size-4" />
              {ta("reboot")}
            </Button>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => maintenance("device/device/deviceInit", ta("confirmInit", { name: d.name }))}>
              <RotateCcw className="size-4" />
              {ta("init")}
            </Button>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => maintenance("device/device/deviceLaserOn")}>
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
            <CommandForm key={deviceId} deviceId={deviceId} properties={model.properties} services={model.services} busy={busy} onSend={(body: CommandBody) => send("comm/instructIot/add", body)} />
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

/**
 * Online debugging (/debug): pick a device, watch its raw traffic live, send it a property-set
 * or a service call built from its thing model, restart or re-initialise it, change its
 * reporting cycle, and see each request beside the device's reply.
 */
export function DebugConsole() {
  const t = useTranslations("deviceOps.debug");
  const [param, setParam] = useUrlParam("device");
  const selected = param && /^\d+$/.test(param) ? Number(param) : null;
  return (
    <PageFrame>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start">
        <DevicePane selected={selected} onSelect={setParam} />
        {selected ? <DeviceDebug deviceId={selected} /> : <p className="flex-1 rounded-md border border-dashed p-10 text-center text-sm text-muted-foreground">{t("pickFirst")}</p>}
      </div>
    </PageFrame>
  );
}
