"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { defineResource, dictLabel, operToggle, remoteOptions, resourcePage, useDict } from "@/components/kit";
import { DictText } from "@/components/kit/table/cells";
import { Badge } from "@/components/ui/badge";
import { COMPARE_RANGE, RULE_TYPE } from "@/lib/contract/alarm/enums";
import { productLookupApi } from "@/lib/contract/device/product-lookup";
import { alarmRule, alarmRuleApi, type AlarmRuleRow } from "@/lib/contract/alarm/rule";
import { alarmLevelApi, LEVELS_IN_ORDER } from "@/lib/contract/alarm/level";
import { useCall } from "@/lib/api/call";
import { LevelBadge } from "./level-badge";
import { RuleLevelsField } from "./rule-levels-field";
import { ChannelsField, DeviceField, LevelField, PropertyField } from "./rule-fields";

// Shown in the form only: its recipients picker (a dialog) stays out of the list's first load.
const RecipientField = dynamic(() => import("./recipient-field").then((m) => m.RecipientField));

type V = Record<string, unknown>;
const type = (v: V) => Number(v.ruleType ?? RULE_TYPE.value);
const isValue = (v: V) => type(v) === RULE_TYPE.value;
const onProduct = (v: V) => !v.pointId;
const PRODUCTS = remoteOptions(productLookupApi.list, "prodName", "id");
const POINTS = remoteOptions(alarmRuleApi.points, "groupName", "id");
const OPS: Record<number, string> = { 1: ">", 2: "≥", 3: "<", 4: "≤" };

/** What the rule watches and when it fires: "angleX", then "∉ [-3, 3]" a line a level in its colour; "offline". */
function ConditionText({ row }: { row: AlarmRuleRow }) {
  const t = useTranslations("alarm.rule");
  const levels = useCall(alarmLevelApi.page, LEVELS_IN_ORDER).data?.records ?? [];
  if (row.ruleType === RULE_TYPE.offline) return <>{t("summary.offline")}</>;
  if (row.ruleType === RULE_TYPE.stale) return <>{t("summary.stale", { n: row.staleCycles ?? 0 })}</>;
  if (row.ruleType === RULE_TYPE.inspection) return <>{t("summary.inspection")}</>;
  // The property once, then a line a level: repeated on each line, it left a range no room in the column.
  return (
    <span className="flex flex-col gap-0.5 font-mono text-xs" data-testid="rule-condition">
      <span className="truncate">{row.identifier}</span>
      {(row.conditions ?? []).map((c, i) => {
        const level = levels.find((l) => l.id === c.levelId);
        const cond = c.compareType === COMPARE_RANGE ? `∉ [${c.minValue}, ${c.maxValue}]` : `${OPS[c.compareType ?? 1]} ${c.threshold}`;
        return (
          <span key={i} className="flex items-center gap-1.5">
            {level && <LevelBadge name={level.levelName} color={level.color} />}
            <span className="min-w-0 truncate">{cond}</span>
          </span>
        );
      })}
      {row.statType && row.statType !== "not" && (
        <span className="font-sans text-muted-foreground">
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
  // The project switch revalidates every call: the counts follow it.
  const { data } = useCall(alarmRuleApi.numStat, projId ? {} : null);
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

/**
 * Alarm rules (alarmRule) of the chosen project: a product's numeric property (on all its devices
 * or one), the device going offline, or its data going stale; condition, level, convergence,
 * channels and recipients; enabled or disabled in the list (`oper`).
 */
export const ruleResource = defineResource<AlarmRuleRow>({
  entity: alarmRule,
  calls: alarmRuleApi,
  search: { items: { productId: { type: "select2", remote: PRODUCTS }, deviceId: false } },
  columns: {
    ruleName: { minWidth: 140 },
    // The condition column names offline and stale-data rules: the type needs no column of its own.
    ruleType: false,
    // A point rule names its point where a product rule names its product.
    pointName: false,
    prodName: { minWidth: 120, render: (r) => r.pointName ?? r.prodName ?? "—" },
    deviceName: { minWidth: 120, render: (r) => (r.pointId ? "—" : (r.deviceName ?? "—")) },
    identifier: false,
    // Sized, not shared: the free-text columns give way to their headers' width in a narrow box, and a
    // condition cut to its header's ("settlemen") said nothing.
    conditions: { label: "fields.compareType", width: 220, render: (r) => <ConditionText row={r} /> },
    createTime: false,
    levelName: { minWidth: 90, render: (r) => r.levelName ?? "—" },
    // At 1440 px in English (issue 40) the raised count, then the channels give way (the rule's dialog shows both).
    channels: { minWidth: 120, dropOrder: 2, render: (r) => <ChannelsText value={r.channels} /> },
    activeAlarms: {
      width: 100,
      align: "center",
      render: (r) => (r.activeAlarms ? <Badge variant="destructive" data-testid="rule-active-alarms">{r.activeAlarms}</Badge> : <span className="text-muted-foreground">0</span>),
    },
    alarmCount: { width: 100, align: "center", dropOrder: 1 },
    enableStatus: { onToggle: operToggle },
  },
  form: {
    columns: 2,
    width: 880,
    placeholders: ["ruleName"],
    fields: {
      ruleType: { type: "radio", full: true },
      // Choosing a point clears the property; choosing a product clears the device and the property.
      pointId: { type: "select", remote: POINTS, placeholder: "noPoint", onValue: (_, form) => form.setValue("identifier", ""), hint: "hints.pointId", full: true },
      productId: {
        type: "select",
        remote: PRODUCTS,
        required: true,
        show: onProduct,
        onValue: (_, form) => {
          form.setValue("deviceId", null);
          form.setValue("identifier", "");
        },
      },
      deviceId: { type: "custom", render: (p) => <DeviceField {...p} />, hint: "hints.deviceId", show: onProduct },
      identifier: { type: "custom", render: (p) => <PropertyField {...p} />, required: true, show: (v) => type(v) !== RULE_TYPE.offline && type(v) !== RULE_TYPE.inspection },
      statType: { show: isValue },
      conditions: { type: "custom", render: (p) => <RuleLevelsField {...p} />, show: isValue, required: true, full: true, hint: "hints.conditions" },
      deadband: { show: isValue, hint: "hints.deadband", floatNum: 6 },
      staleCycles: { show: (v) => type(v) === RULE_TYPE.stale, required: true, hint: "hints.staleCycles" },
      levelId: { type: "custom", render: (p) => <LevelField {...p} />, required: true, show: (v) => !isValue(v) },
      convergeMinutes: { hint: "hints.convergeMinutes" },
      escalateMinutes: { hint: "hints.escalateMinutes" },
      channels: { type: "custom", render: (p) => <ChannelsField {...p} />, full: true, required: true },
      recipients: { type: "custom", render: (p) => <RecipientField {...p} />, full: true },
      enableStatus: { type: "radio" },
    },
    defaults: { ruleType: RULE_TYPE.value, statType: "not", conditions: [{ compareType: 1 }], channels: [1], recipients: [], deadband: 0, convergeMinutes: 0, enableStatus: 1 },
  },
  detail: { recipients: { render: (r) => r.recipients?.map((x) => x.name).join(", ") || "-", full: true } },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "export", "batchDelete"],
  slots: { top: (ui) => <RuleStats projId={ui.session.projId} /> },
});

export const RuleList = resourcePage(ruleResource);
