"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { ScrollTextIcon } from "lucide-react";
import { defineResource, operToggle, dictLabel, useDict, useSession, type ResourceUi, resourcePage } from "@/components/kit";
import { lazyParts } from "@/components/kit/lazy-parts";
import { call, useCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { linkageApi } from "@/lib/contract/linkage/api";
import { ACTION_TYPE, LOG_STATUS, TERM_TYPE } from "@/lib/contract/linkage/enums";
import { linkageRule, type LinkageRuleRow, type Trigger } from "@/lib/contract/linkage/rule";
import { multilingualField } from "@/components/kit/form/multilingual-input";

// The builders (with the cron picker and the thing-model inputs) load with the dialog, not the list.
const { TriggersField, ActionsField, WindowsField } = lazyParts(() => import("./rule-builders"), ["TriggersField", "ActionsField", "WindowsField"]);

type V = Record<string, unknown>;
const SYMBOL: Record<number, string> = { 1: "=", 2: ">", 3: "<", 4: "≥", 5: "≤" };
const INTERVAL: Record<number, [string, string]> = { 6: ["(", ")"], 7: ["[", "]"], 8: ["[", ")"], 9: ["(", "]"] };

function triggerText(tr: Trigger, device: (id: number) => string, states: { value: string | number; label: string }[], t: (k: string, v?: Record<string, string | number>) => string) {
  if (tr.termType === TERM_TYPE.timer) return t("summary.timer", { cron: tr.cron });
  if (tr.termType === TERM_TYPE.deviceState) return t("summary.state", { device: device(tr.deviceId), state: dictLabel(states, tr.onlineType) });
  const cond = INTERVAL[tr.symbol] ? `∈ ${INTERVAL[tr.symbol][0]}${tr.value}, ${tr.value2}${INTERVAL[tr.symbol][1]}` : `${SYMBOL[tr.symbol]} ${tr.value}`;
  return `${device(tr.deviceId)} · ${tr.identifier} ${cond}${tr.durationSec ? ` · ${tr.durationSec}s` : ""}`;
}

/** The triggers in one line ("Tilt-01 · angleX > 0.5 · 30s ∧ Timer 0 0 8 * * ? *"), joined by the trigger mode. */
function Conditions({ row }: { row: LinkageRuleRow }) {
  const t = useTranslations("linkage");
  const states = useDict("linkageOnlineType");
  // The project's devices, the same request the editor's device pickers make.
  const { projId } = useSession();
  const { data } = useCall(linkageApi.devices, projId ? {} : null);
  const device = (id: number) => data?.find((d) => d.id === id)?.deviceName ?? `#${id}`;
  const join = row.triggerMode === 2 ? " ∨ " : " ∧ ";
  return <span className="text-xs">{(row.triggers ?? []).map((tr) => triggerText(tr, device, states, t)).join(join)}</span>;
}

/** The action types in order ("Send notice → Call web service"). */
function ActionList({ row }: { row: LinkageRuleRow }) {
  const types = useDict("linkageActionType");
  return <>{(row.actions ?? []).map((a) => dictLabel(types, a.actionType)).join(" → ")}</>;
}

/** `operate`: runs the actions now and says how it went; the log holds the details. */
async function operate(row: LinkageRuleRow, ui: ResourceUi<LinkageRuleRow>) {
  const log = await call(linkageApi.operate, { id: row.id });
  // A rule run answers its log row (a string or nothing is the pad's answer).
  if (!log || typeof log === "string") return;
  if (log.logStatus === LOG_STATUS.success) toast.success(ui.t("actions.operatedOk", { n: log.actionCount ?? 0 }));
  else toast.warning(ui.t("actions.operatedFailed", { n: log.failedCount ?? 0 }));
  await ui.refresh();
}

const isSpecified = (v: V) => Number(v.activeTime) === 2;
const isSuppress = (v: V) => Number(v.tactic) === 2;

/**
 * Linkage rules (/linkage) of the chosen project: triggers, active time, validity, actions and
 * tactic in one dialog with the trigger and action builders; enable switch (`oper`), run now
 * (`operate`), and the log one click away.
 */
export const linkageResource = defineResource<LinkageRuleRow>({
  entity: linkageRule,
  calls: linkageApi,
  columns: {
    ruleName: { minWidth: 160 },
    triggerMode: { width: 130 },
    triggers: { label: "fields.conditions", minWidth: 240, render: (r) => <Conditions row={r} /> },
    actions: { label: "fields.actionList", minWidth: 200, render: (r) => <ActionList row={r} /> },
    // At 1440 px in English (issue 40) the run count, then the tactic give way: the rule's details show both.
    tactic: { width: 110, dropOrder: 2 },
    fireCount: { width: 90, align: "center", dropOrder: 1 },
    lastFireTime: { width: 170 },
    enableStatus: { onToggle: operToggle },
    createTime: false,
  },
  form: {
    columns: 2,
    width: 1040,
    placeholders: ["ruleName"],
    fields: {
      ruleName: multilingualField,
      triggerMode: { type: "radio" },
      triggers: { type: "custom", render: (p) => <TriggersField {...p} />, full: true, required: true },
      activeTime: { type: "radio" },
      activeWindows: { type: "custom", render: (p) => <WindowsField {...p} />, full: true, required: true, show: isSpecified },
      validitySec: { hint: "hints.validitySec", floatNum: 0 },
      actions: { type: "custom", render: (p) => <ActionsField {...p} />, full: true, required: true },
      tactic: { type: "radio" },
      suppressMinutes: { show: isSuppress, required: true, hint: "hints.suppressMinutes", floatNum: 0 },
      enableStatus: { type: "radio" },
    },
    defaults: { triggerMode: 1, activeTime: 1, activeWindows: [], tactic: 1, enableStatus: 1, triggers: [{ termType: TERM_TYPE.property, symbol: 2 }], actions: [{ actionType: ACTION_TYPE.notice, channels: [1], recipients: [], content: "${ruleName}: ${trigger}", delaySec: 0 }] },
  },
  detail: { triggers: { render: (r) => <Conditions row={r} />, full: true }, actions: { render: (r) => <ActionList row={r} />, full: true }, activeWindows: false },
  rowActions: ["view", "edit", { key: "operate", label: "actions.operate", perm: permsOf(linkageApi.operate)[0], confirm: "actions.confirmOperate", onClick: operate }, "del"],
  inlineActions: 3,
  toolbar: ["add", "batchDelete", { key: "log", label: "actions.log", icon: <ScrollTextIcon className="size-4" />, variant: "outline", onClick: (ui) => ui.navigate("/linkage/log") }],
});

export const LinkageList = resourcePage(linkageResource);
