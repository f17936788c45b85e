"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { KitDialog, useDict, dictLabel, type ResourceUi } from "@/components/kit";
import { useCall } from "@/lib/api/call";
import { deviceTopic, type DeviceLive } from "@/lib/contract/live/topics";
import { ROBOT_PROPS } from "@/lib/contract/robot/robot";
import { markAt, trackMarksApi } from "@/lib/contract/robot/track";
import { useZodLoaded } from "@/lib/zod-ready";
import { taskApi, type InspectionTask } from "@/lib/contract/robot/task";
import { formatDateTime } from "@/lib/format";
import { useLiveTopic } from "@/lib/live/use-live";
import { FloorPlanMarker } from "../floor-plan-marker";

/** How often the position is read while the live channel is down. */
const POLL_MS = 2_000;

/**
 * The robot of a task on its track's map (issue 36, the task screen): the position the cloud answers
 * (`robotPosition`), moved at once by the robot's live properties while the live channel is up and
 * read every 2 s while it is not; its state, battery and the point it is at beside the map.
 */
export function RobotPosition({ taskId, trackId }: { taskId: number; trackId: number }) {
  const t = useTranslations("robot.task");
  const marks = useCall(trackMarksApi.marks, { trackId });
  const [live, setLive] = React.useState(false);
  const where = useCall(taskApi.where, { id: taskId }, { refreshInterval: live ? 0 : POLL_MS });
  const [metres, setMetres] = React.useState<number | null>(null);
  const deviceId = where.data?.deviceId ?? null;
  const up = useLiveTopic(
    deviceId ? deviceTopic(deviceId) : null,
    (d: DeviceLive | null) => {
      const p = d?.values.find((v) => v.identifier === ROBOT_PROPS.position)?.num;
      if (typeof p === "number") setMetres(p);
      // State, battery and point change less often: read them with the next answer.
      if (d?.values.some((v) => v.identifier !== ROBOT_PROPS.position)) void where.mutate();
    },
    () => void where.mutate(),
  );
  React.useEffect(() => setLive(up), [up]);
  // A newer answer of the cloud replaces the live position it already contains.
  React.useEffect(() => setMetres(null), [where.data]);

  const states = useDict("robotState");
  const points = marks.data?.pointList ?? [];
  const w = where.data;
  const position = metres ?? w?.position ?? null;
  // Between two marks by the contract's rule, once zod has loaded (the floor plan draws the marks then too).
  const checked = useZodLoaded();
  const robot = metres !== null ? (checked ? markAt(points, metres) : null) : (w?.mark ?? null);
  const at = points.find((p) => p.id === w?.pointId);
  return (
    <div className="flex flex-col gap-3 lg:flex-row" data-testid="robot-position" data-live={live || undefined}>
      <div className="min-w-0 flex-1">
        {marks.data ? <FloorPlanMarker map={marks.data.trackInfo.trackMap} points={points} robot={robot} label={t("where")} /> : <div className="aspect-video w-full animate-pulse rounded bg-muted" />}
        {w && !robot ? <p className="mt-2 text-sm text-muted-foreground">{t("noPosition")}</p> : null}
      </div>
      <dl className="grid shrink-0 grid-cols-2 gap-x-4 gap-y-2 text-sm lg:w-56 lg:grid-cols-1" data-testid="robot-position-state">
        <Item label={t("fields.deviceName")} value={w ? `${w.deviceName}${w.online ? "" : ` (${t("offline")})`}` : "-"} />
        <Item label={t("state")} value={w?.robotState === null || w?.robotState === undefined ? "-" : dictLabel(states, w.robotState)} />
        <Item label={t("position")} value={position === null ? "-" : t("metres", { m: Math.round(position * 10) / 10 })} testId="robot-metres" />
        <Item label={t("point")} value={at?.pointName ?? "-"} />
        <Item label={t("battery")} value={w?.battery === null || w?.battery === undefined ? "-" : `${Math.round(w.battery)}%`} />
        <Item label={t("reportedAt")} value={w?.reportedAt ? formatDateTime(w.reportedAt) : "-"} />
      </dl>
    </div>
  );
}

function Item({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The task list's position dialog (`?where=<task id>`): the task's robot on its map, live. */
export function RobotPositionDialog({ ui }: { ui: ResourceUi<InspectionTask> }) {
  const t = useTranslations("robot.task");
  const id = Number(ui.param("where"));
  const task = useCall(taskApi.info, Number.isInteger(id) && id > 0 ? { id } : null);
  if (!Number.isInteger(id) || id <= 0) return null;
  return (
    <KitDialog title={task.data ? `${t("where")} · ${task.data.taskName}` : t("where")} width={1000} onClose={() => ui.setParam("where", null)} actions="close" testId="robot-position-dialog">
      {task.data ? <RobotPosition taskId={id} trackId={task.data.trackId} /> : <div className="aspect-video w-full animate-pulse rounded bg-muted" />}
    </KitDialog>
  );
}
