"use client";

import * as React from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { BellIcon, BotIcon, CctvIcon } from "lucide-react";
import { LoadError } from "@/components/kit/load-error";
import { PageFrame } from "@/components/kit/page-frame";
import { Skeleton } from "@/components/ui/skeleton";
import { LevelBadge } from "@/components/alarm/level-badge";
import { alarmHref } from "@/components/alarm/alarm-href";
import { useShell } from "@/components/shell/shell-context";
import { SelectedCameraPad } from "@/components/video/camera-pad";
import { CameraTile } from "@/components/video/camera-tile";
import { CameraLabel } from "@/components/video/camera-label";
import { useCall } from "@/lib/api/call";
import { alarmCoreApi } from "@/lib/contract/alarm/alarm-center";
import { ALARM_STATUS } from "@/lib/contract/alarm/enums";
import { DEVICE_STATUS } from "@/lib/contract/device/device";
import { robotConsoleApi } from "@/lib/contract/robot/control";
import { SPLITS, videoApi, type Split } from "@/lib/contract/video/video";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { PressedGroup } from "@/components/ui/pressed-group";

const GRID: Record<Split, string> = { 1: "grid-cols-1", 4: "grid-cols-2", 9: "grid-cols-3", 16: "grid-cols-4" };
/** The wall's alarms and state are read again this often (the tiles are live). */
const REFRESH_MS = 30_000;
const NEWEST_ALARMS = 8;

/**
 * /operations/operation (运维监控, core §2, issue 34): the operations wall of the chosen project —
 * a live tile per camera (split 1 / 4 / 9 / 16, the first cameras shown, a click selects), the
 * selected camera's pad, the cameras and robots with their state (a robot opens its console), and
 * the newest open alarms. Without a chosen project it asks for one.
 */
export function OperationView() {
  const t = useTranslations("video.operation");
  const tv = useTranslations("video");
  const { projId, projects } = useShell();
  const project = projects.find((p) => p.id === projId);
  const [split, setSplit] = React.useState<Split>(4);
  return (
    <PageFrame
      title={project ? t("title", { project: project.prjName }) : undefined}
      actions={projId ? <PressedGroup label={tv("split")} hideLabel value={split} onChange={setSplit} options={SPLITS.map((n) => ({ value: n, label: tv("splitN", { n }), testId: `op-split-${n}` }))} /> : undefined}
    >
      <OperationWall projId={projId} split={split} />
    </PageFrame>
  );
}

function OperationWall({ projId, split }: { projId: number | null; split: Split }) {
  const t = useTranslations("video.operation");
  const tv = useTranslations("video");
  const cameras = useCall(videoApi.cameras, projId ? { projectId: projId } : null, { refreshInterval: REFRESH_MS, keepPreviousData: true });
  const robots = useCall(robotConsoleApi.robots, projId ? { projectId: projId } : null, { refreshInterval: REFRESH_MS, keepPreviousData: true, silent: true });
  const alarms = useCall(alarmCoreApi.page, projId ? { current: 1, size: NEWEST_ALARMS, status: ALARM_STATUS.pending } : null, { refreshInterval: REFRESH_MS, keepPreviousData: true, silent: true });
  const [selected, setSelected] = React.useState<number | null>(null);

  if (!projId) return <p className="rounded-md border bg-card p-8 text-center text-muted-foreground" data-testid="operation-no-project">{t("chooseProject")}</p>;
  if (!cameras.data) return cameras.error ? <LoadError onRetry={() => cameras.mutate()} /> : <Skeleton className="h-[60vh]" />;
  const shown = cameras.data.slice(0, split);
  const current = cameras.data.find((c) => c.id === selected) ?? shown[0];
  const online = cameras.data.filter((c) => c.status === DEVICE_STATUS.online).length;

  return (
    // Below the page's title bar, the shell's header and tab bar: the wall fills the rest of the screen.
    <div className="flex min-h-0 flex-col gap-3 xl:h-[calc(100vh-12rem)] xl:flex-row" data-testid="operation-wall">
      <section className="flex min-h-0 min-w-0 flex-1 flex-col gap-2" aria-label={t("wall")}>
        {shown.length ? (
          <div className={cn("grid min-h-0 gap-1 xl:flex-1 xl:auto-rows-fr", GRID[split])} data-testid="operation-tiles">
            {shown.map((c) => (
              <CameraTile key={c.id} camera={c} selected={current?.id === c.id} onSelect={() => setSelected(c.id)} className="aspect-video xl:aspect-auto" />
            ))}
          </div>
        ) : (
          <p className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground">{tv("noCameras")}</p>
        )}
      </section>
      <aside className="grid shrink-0 gap-3 sm:grid-cols-2 xl:flex xl:w-80 xl:flex-col xl:overflow-auto">
        <Panel icon={CctvIcon} title={t("pad")}>
          <SelectedCameraPad camera={current ?? null} />
        </Panel>
        <Panel icon={BotIcon} title={t("devices")} aside={t("camerasOnline", { online, total: cameras.data.length })}>
          <ul className="flex flex-col gap-1 text-sm" data-testid="operation-devices">
            {cameras.data.map((c) => (
              <li key={c.id}>
                <button type="button" onClick={() => setSelected(c.id)} className={cn("flex w-full items-center gap-2 rounded px-1.5 py-1 text-left hover:bg-accent", current?.id === c.id && "bg-accent")}>
                  <CctvIcon className="size-4 shrink-0 text-muted-foreground" />
                  <CameraLabel camera={c} className="min-w-0 flex-1 truncate" />
                  <State online={c.status === DEVICE_STATUS.online} />
                </button>
              </li>
            ))}
            {(robots.data ?? []).map((r) => (
              <li key={`r${r.id}`}>
                <Link href={`/operations/robotControl?deviceId=${r.id}`} className="flex items-center gap-2 rounded px-1.5 py-1 hover:bg-accent" data-testid="operation-robot">
                  <BotIcon className="size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 flex-1 truncate">{r.deviceName}</span>
                  {r.driver && <span className="max-w-24 truncate text-xs text-muted-foreground">{t("drivenBy", { name: r.driver.name })}</span>}
                  <State online={r.status === DEVICE_STATUS.online} />
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
        <Panel icon={BellIcon} title={t("alarms")} aside={alarms.data ? t("openAlarms", { n: alarms.data.total }) : undefined} className="sm:col-span-2 xl:col-span-1">
          {alarms.error && !alarms.data ? (
            <p className="text-xs text-muted-foreground">{t("alarmsUnavailable")}</p>
          ) : !alarms.data ? (
            <Skeleton className="h-24" />
          ) : alarms.data.records.length ? (
            <ul className="flex flex-col gap-1.5 text-sm" data-testid="operation-alarms">
              {alarms.data.records.map((a) => (
                <li key={a.id}>
                  <Link href={alarmHref(a)} className="flex flex-col gap-0.5 rounded px-1.5 py-1 hover:bg-accent">
                    <span className="flex min-w-0 items-center gap-2">
                      <LevelBadge num={a.levelNum} name={a.levelName} color={a.levelColor} />
                      <span className="min-w-0 flex-1 truncate font-medium">{a.alarmName}</span>
                    </span>
                    <span className="flex gap-2 text-xs text-muted-foreground">
                      <span className="min-w-0 flex-1 truncate">{a.deviceName}</span>
                      <span className="shrink-0 tabular-nums">{formatDateTime(a.triggeredAt)}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-xs text-muted-foreground">{t("noAlarms")}</p>
          )}
        </Panel>
      </aside>
    </div>
  );
}

function Panel({ icon: Icon, title, aside, className, children }: { icon: React.ComponentType<{ className?: string }>; title: string; aside?: string; className?: string; children: React.ReactNode }) {
  return (
    <section className={cn("rounded-md border bg-card p-3", className)} aria-label={title}>
      <h3 className="mb-2 flex items-center gap-1.5 text-sm font-medium">
        <Icon className="size-4 text-muted-foreground" />
        <span className="mr-auto">{title}</span>
        {aside && <span className="text-xs font-normal text-muted-foreground">{aside}</span>}
      </h3>
      {children}
    </section>
  );
}

function State({ online }: { online: boolean }) {
  const t = useTranslations("video");
  return (
    <span className={cn("inline-flex shrink-0 items-center gap-1 text-xs", online ? "text-emerald-600 dark:text-emerald-400" : "text-muted-foreground")}>
      <span className={cn("size-2 rounded-full", online ? "bg-emerald-500" : "bg-zinc-400")} aria-hidden />
      {online ? t("online") : t("offline")}
    </span>
  );
}
