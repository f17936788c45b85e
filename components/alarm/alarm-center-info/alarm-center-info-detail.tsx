"use client";

import * as React from "react";
import { CheckIcon, ClipboardCheckIcon, EraserIcon, HandIcon, XCircleIcon } from "lucide-react";
import { alarmCoreApi, alarmRecord, type AlarmInfo } from "@/lib/contract/alarm/alarm-center";
import { COMPARE_RANGE, conditionText } from "@/lib/contract/alarm/enums";
import { CHECK_PERM, HANDLE_PERM, nextStatus, type AlarmOperation } from "@/lib/contract/alarm/workflow";
import { definitionLines } from "@/lib/contract/alarm/alarm-lines";
import { yBounds } from "@/components/monitoring/chart-options";
import { fileUrl } from "@/lib/file-url";
import { formatDateTime } from "@/lib/format";
import { ChartPanel, defineDetail, DetailPage, deriveDetailRows, dictLabel, useDict, useNsLabel, useUrlParam, type DetailRow } from "@/components/kit";
import { Badge } from "@/components/ui/badge";
import { LevelBadge } from "../level-badge";
import { WorkflowDialog } from "../lazy-workflow-dialog";
import type { WorkflowAction } from "../workflow-dialogs";

// A type only: ECharts itself loads with the chart panel.
type EChartsOption = import("echarts").EChartsOption;
const NS = "alarm.alarmCentre";
const TONES: Record<number, "destructive" | "warning" | "default" | "success" | "secondary"> = { 1: "destructive", 2: "warning", 3: "default", 4: "success", 8: "secondary" };

function StatusBadge({ status }: { status: number | null }) {
  const options = useDict("alarmStatus");
  if (status === null) return null;
  return (
    <Badge variant={TONES[status] === "success" ? "secondary" : TONES[status] === "warning" ? "outline" : TONES[status] === "destructive" ? "destructive" : "default"} data-testid="alarm-status" data-status={status}>
      {dictLabel(options, status)}
    </Badge>
  );
}

/** "Value outside −60 … 60" from the condition the alarm was raised with. */
function ConditionText({ row }: { row: AlarmInfo }) {
  const compare = useDict("compareType");
  const stat = useDict("statType");
  const c = row.condition;
  if (!c) return <>-</>;
  const bound = c.compareType === COMPARE_RANGE ? `${c.minValue ?? "-"} … ${c.maxValue ?? "-"}` : String(c.threshold ?? "-");
  return <>{`${dictLabel(stat, c.statType)} · ${dictLabel(compare, c.compareType)} ${bound}`}</>;
}

/** The step's attachments: images as thumbnails, other files as links. */
function Attachments({ a }: { a: AlarmOperation["attachments"] }) {
  const files = [...a.videos, ...a.files];
  if (!a.images.length && !files.length) return null;
  return (
    <div className="mt-1 flex flex-wrap gap-2">
      {a.images.map((p) => (
        <a key={p} href={fileUrl(p)} target="_blank" rel="noreferrer">
          <img src={fileUrl(p)} alt={p.split("/").pop()} className="size-14 rounded border object-cover" />
        </a>
      ))}
      {files.map((p) => (
        <a key={p} href={fileUrl(p)} target="_blank" rel="noreferrer" className="text-xs text-primary underline-offset-2 hover:underline">
          {decodeURIComponent(p.split("/").pop() ?? p)}
        </a>
      ))}
    </div>
  );
}

/** The handling history: each step with who, when, the status it led to, the remark and files. */
function Timeline({ row }: { row: AlarmInfo }) {
  const t = useNsLabel(NS);
  const steps = useDict("alarmStep");
  const statuses = useDict("alarmStatus");
  const reasons = useDict("alarmCloseReason");
  return (
    <ol className="relative ml-2 border-l pl-5" data-testid="alarm-timeline">
      {[...row.operations].reverse().map((o) => (
        <li key={o.id} className="mb-5 last:mb-0" data-step={o.step}>
          <span className="absolute -left-[5px] mt-1.5 size-2.5 rounded-full border-2 border-background bg-primary" aria-hidden />
          <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-medium">{dictLabel(steps, o.step)}</span>
            <span className="text-muted-foreground">→ {dictLabel(statuses, o.toStatus)}</span>
          </div>
          <div className="text-xs text-muted-foreground">
            {o.userName} · {formatDateTime(o.createTime)}
          </div>
          {o.escalation && (
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm" data-testid="escalation">
              <LevelBadge num={o.escalation.levelNum} name={o.escalation.levelName} color={o.escalation.levelColor} />
              <span className="tabular-nums">{t("escalatedBy", { value: String(o.escalation.value), condition: conditionText(o.escalation.condition) })}</span>
            </div>
          )}
          {o.closeReason !== null && <div className="text-sm">{`${t("fields.closeReason")}: ${dictLabel(reasons, o.closeReason)}`}</div>}
          {o.remark && <p className="mt-1 text-sm whitespace-pre-wrap">{o.remark}</p>}
          <Attachments a={o.attachments} />
        </li>
      ))}
    </ol>
  );
}

/** The property around the alarm time: the rule's threshold lines and the alarm moment marked. */
function AlarmChart({ row }: { row: AlarmInfo }) {
  const t = useNsLabel(NS);
  const { chart } = row;
  const option = React.useMemo<EChartsOption>(() => {
    // The same alarm definitions and lines as the monitoring charts: one per level, in its colour, all in view.
    const lines = definitionLines(chart.definitions);
    const bounds = yBounds([{ id: "v", name: "", unit: "", data: chart.points }], lines);
    return {
      tooltip: { trigger: "axis" as const },
      grid: { left: 48, right: 24, top: 24, bottom: 32 },
      xAxis: { type: "time" as const },
      yAxis: { type: "value" as const, scale: true, ...(bounds ?? {}) },
      series: [
        {
          type: "line" as const,
          name: chart.identifier ?? "",
          showSymbol: false,
          data: chart.points,
          markLine: {
            symbol: "none" as const,
            data: [
              ...lines.map((l) => ({ yAxis: l.value, lineStyle: { color: l.color, type: "dashed" as const }, label: { formatter: `${l.label}: ${l.value}`, color: l.color, position: "insideEndTop" as const } })),
              { xAxis: chart.at, lineStyle: { color: row.levelColor ?? "#e5484d" }, label: { formatter: t("alarmMoment") } },
            ],
          },
          ...(row.value !== null && { markPoint: { symbolSize: 36, data: [{ name: t("alarmMoment"), coord: [chart.at, row.value] as [number, number], value: row.value, itemStyle: { color: row.levelColor ?? "#e5484d" } }] } }),
        },
      ],
    };
  }, [chart, row.levelColor, row.value, t]);
  const property = row.propertyName ?? chart.identifier;
  return <ChartPanel title={`${t("chart")}${property ? ` · ${property}` : ""}`} empty={!chart.points.length} option={option} height={300} testId="alarm-chart" />;
}

const STEP_ACTIONS: WorkflowAction[] = ["accept", "handle", "review", "close", "clear"];
/** The workflow's forms on this page, opened through the URL (`?act=handle`). */
function Dialogs({ refresh }: { refresh: () => Promise<unknown> }) {
  const [act, setAct] = useUrlParam("act");
  const [id] = useUrlParam("id");
  if (!act || !id || !(STEP_ACTIONS as string[]).includes(act)) return null;
  return <WorkflowDialog action={act as WorkflowAction} target={{ kind: "alarm", id: Number(id) }} onClose={() => setAct(null)} onDone={refresh} />;
}

const stepHref = (act: WorkflowAction) => (r: AlarmInfo) => `/alarm/alarmCenterInfo?${new URLSearchParams({ id: String(r.id), type: r.alarmType === 2 ? "alaManual" : "ala", act })}`;
const MOVE: Record<WorkflowAction, Parameters<typeof nextStatus>[1]> = { accept: "accept", handle: "handle", review: "approve", close: "close", clear: "clear" };
const ICONS: Record<WorkflowAction, React.ReactNode> = { accept: <HandIcon />, handle: <CheckIcon />, review: <ClipboardCheckIcon />, close: <XCircleIcon />, clear: <EraserIcon /> };

/**
 * /alarm/alarmCenterInfo?id=&type=: the alarm with its device, values, level and condition; the
 * handling timeline; the property around the alarm time with the threshold lines and the alarm
 * moment; and the steps its status allows (core §4), each a form recorded with who and when.
 */
export const alarmCenterInfoDetail = defineDetail<AlarmInfo>({
  ns: NS,
  info: alarmCoreApi.info,
  back: "/alarm/alarmCenter",
  title: (r) => r.alarmName ?? "",
  testId: "alarm-info",
  sections: [
    {
      key: "alarm",
      title: "sections.alarm",
      span: 2,
      badge: (r) => <StatusBadge status={r.status} />,
      rows: deriveDetailRows(alarmRecord, {
        alarmName: false,
        status: false,
        levelNum: { type: "slot", render: (r) => <LevelBadge num={r.levelNum} name={r.levelName} color={r.levelColor} /> },
        // The property by its name in the product; the first value, the one that raised it to its level now, and the current one.
        identifier: { type: "slot", render: (r) => (r as AlarmInfo).propertyName ?? r.identifier ?? "-" },
        value: { label: "fields.firstValue" },
        raisingValue: { prop: "raisingValue", label: "fields.raisingValue", type: "slot", render: (r) => String((r as AlarmInfo).raisingValue ?? "-") },
        latestValue: { label: "fields.currentValue" },
        ruleName: { prop: "ruleName", label: "fields.ruleName" },
        condition: { prop: "condition", label: "fields.condition", type: "slot", render: (r) => <ConditionText row={r as AlarmInfo} /> },
      }) as DetailRow<AlarmInfo>[],
    },
    { key: "timeline", title: "sections.timeline", span: 1, render: (r) => <Timeline row={r} /> },
    { key: "chart", span: 3, render: (r) => <AlarmChart row={r} /> },
  ],
  actions: STEP_ACTIONS.map((act) => ({
    key: act,
    label: `actions.${act}`,
    icon: ICONS[act],
    perm: act === "review" ? CHECK_PERM : HANDLE_PERM,
    show: (r: AlarmInfo) => r.status !== null && nextStatus(r.status, MOVE[act]) !== null,
    href: stepHref(act),
  })),
  dialogs: (ctx) => <Dialogs refresh={ctx.refresh} />,
});

export function AlarmCenterInfoView() {
  return <DetailPage detail={alarmCenterInfoDetail} />;
}
