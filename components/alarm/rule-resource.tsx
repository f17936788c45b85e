"use client";

import useSWR from "swr";
import { useTranslations } from "next-intl";
import { defineResource, dictLabel, ResourcePage, useDict, type ResourceUi } from "@/components/kit";
import { DictText } from "@/components/kit/table/cells";
import { Badge } from "@/components/ui/badge";
import { api, swrFetcher } from "@/lib/api/fetcher";
import { COMPARE_RANGE, RULE_TYPE } from "@/lib/contract/alarm/enums";
import { alarmRule, type AlarmRuleRow, type RuleNumStat } from "@/lib/contract/alarm/rule";
import { ChannelsField, DeviceField, LevelField, ProductField, PropertyField } from "./rule-fields";
import { RecipientField } from "./recipient-field";

type V = Record<string, unknown>;
const type = (v: V) => Number(v.ruleType ?? RULE_TYPE.value);
const isValue = (v: V) => type(v) === RULE_TYPE.value;
const isRange = (v: V) => isValue(v) && Number(v.compareType) === COMPARE_RANGE;
const OPS: Record<number, string> = { 1: ">", 2: "≥", 3: "<", 4: "≤" };

/** What the rule watches and when it fires, in one line: "angleX > 3", "∉ [-60, 60]", "offline". */
function ConditionText({ row }: { row: AlarmRuleRow }) {
  const t = useTranslations("alarm.rule");
  if (row.ruleType === RULE_TYPE.offline) return <>{t("summary.offline")}</>;
  if (row.ruleType === RULE_TYPE.stale) return <>{t("summary.stale", { n: row.staleCycles ?? 0 })}</>;
  const cond = row.compareType === COMPARE_RANGE ? `∉ [${row.minValue}, ${row.maxValue}]` : `${OPS[row.compareType ?? 1]} ${row.threshold}`;
  return (
    <span className="font-mono text-xs">
      {row.identifier} {cond}
      {row.statType && row.statType !== "not" && (
        <span className="ml-1 font-sans text-muted-foreground">
          (<DictText dict="statType" value={row.statType} />)
        </span>
      )}
    </span>
  );
}

/** The channels by their names ("In-site, SMS"). */
function ChannelsText({ value }: { value: readonly number[] | null }) {
  const options = useDict("notifyChannel");
  return <>{(value ?? []).map((v) => dictLabel(options, v)).join(", ") || "-"}</>;
}

/** The project's rule counts above the list (numStat); without a project, what to do first. */
function RuleStats({ projId }: { projId: number | null }) {
  const t = useTranslations("alarm.rule");
  const { data } = useSWR<RuleNumStat>(projId ? ["alarm/rule/numStat", { projId }] : null, swrFetcher);
  if (!projId)
    return (
      <p role="status" className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground" data-testid="rule-no-project">
        {t("chooseProject")}
      </p>
    );
  if (!data) return null;
  return (
    <div className="flex gap-6 text-sm text-muted-foreground" data-testid="rule-stats">
      {(["total", "enabled", "disabled"] as const).map((k) => (
        <span key={k}>
          {t(`stat.${k}`)} <strong className="text-base text-foreground tabular-nums">{data[k]}</strong>
        </span>
      ))}
    </div>
  );
}

const oper = (row: AlarmRuleRow, next: number, ui: ResourceUi<AlarmRuleRow>) => api.post("alarm/rule/oper", { id: row.id, enableStatus: next }).then(() => ui.refresh());

/**
 * Alarm rules (alarmRule) of the chosen project: a product's numeric property (on all its devices
 * or one), the device going offline, or its data going stale; condition, level, convergence,
 * channels and recipients; enabled or disabled in the list (`oper`).
 */
export const ruleResource = defineResource<AlarmRuleRow>({
  entity: alarmRule,
  api: "alarm/rule",
  needsProject: true,
  perm: "alarm:rule",
  endpoints: { import: false, template: false, openOrClose: false },
  search: {
    keyword: "ruleName",
    keywordPlaceholder: "placeholders.ruleName",
    items: { productId: { type: "select2", remote: { url: "device/product/list", labelKey: "prodName", valueKey: "id" } }, deviceId: false },
  },
  columns: {
    ruleName: { minWidth: 140 },
    // The condition column names offline and stale-data rules: the type needs no column of its own.
    ruleType: false,
    prodName: { minWidth: 120 },
    deviceName: { minWidth: 120, render: (r) => r.deviceName ?? "—" },
    identifier: false,
    compareType: { label: "fields.compareType", minWidth: 200, render: (r) => <ConditionText row={r} /> },
    channels: { minWidth: 120, render: (r) => <ChannelsText value={r.channels} /> },
    createTime: false,
    threshold: false,
    levelName: { minWidth: 90 },
    activeAlarms: {
      width: 100,
      align: "center",
      render: (r) => (r.activeAlarms ? <Badge variant="destructive" data-testid="rule-active-alarms">{r.activeAlarms}</Badge> : <span className="text-muted-foreground">0</span>),
    },
    alarmCount: { width: 100, align: "center" },
    enableStatus: { onToggle: oper },
  },
  form: {
    columns: 2,
    width: 880,
    placeholders: ["ruleName"],
    fields: {
      ruleType: { type: "radio", full: true },
      productId: { type: "custom", render: (p) => <ProductField {...p} />, required: true },
      deviceId: { type: "custom", render: (p) => <DeviceField {...p} />, hint: "hints.deviceId" },
      identifier: { type: "custom", render: (p) => <PropertyField {...p} />, required: true, show: (v) => type(v) !== RULE_TYPE.offline },
      statType: { show: isValue },
      compareType: { show: isValue },
      threshold: { show: (v) => isValue(v) && !isRange(v), required: true, floatNum: 6 },
      minValue: { show: isRange, required: true, floatNum: 6 },
      maxValue: { show: isRange, required: true, floatNum: 6 },
      deadband: { show: isValue, hint: "hints.deadband", floatNum: 6 },
      staleCycles: { show: (v) => type(v) === RULE_TYPE.stale, required: true, hint: "hints.staleCycles" },
      levelId: { type: "custom", render: (p) => <LevelField {...p} />, required: true },
      convergeMinutes: { hint: "hints.convergeMinutes" },
      escalateMinutes: { hint: "hints.escalateMinutes" },
      channels: { type: "custom", render: (p) => <ChannelsField {...p} />, full: true, required: true },
      recipients: { type: "custom", render: (p) => <RecipientField {...p} />, full: true },
      enableStatus: { type: "radio" },
    },
    defaults: { ruleType: RULE_TYPE.value, compareType: 1, statType: "not", channels: [1], recipients: [], deadband: 0, convergeMinutes: 0, enableStatus: 1 },
  },
  detail: { recipients: { render: (r) => r.recipients?.map((x) => x.name).join(", ") || "-", full: true } },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "export", "batchDelete"],
  multiple: true,
  rowName: (r) => r.ruleName,
  slots: { top: (ui) => <RuleStats projId={ui.session.projId} /> },
});

export function RuleList() {
  return <ResourcePage resource={ruleResource} />;
}
