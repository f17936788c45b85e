"use client";

import { useTranslations } from "next-intl";
import { SelectField, useDict, type CustomFieldProps } from "@/components/kit";
import { Checkbox } from "@/components/ui/checkbox";
import { useCall } from "@/lib/api/call";
import { deviceApi } from "@/lib/contract/device/device";
import { CHANNEL } from "@/lib/contract/alarm/enums";
import { alarmLevelApi, LEVELS_IN_ORDER } from "@/lib/contract/alarm/level";
import { alarmRuleApi } from "@/lib/contract/alarm/rule";
import { deviceRowsOf } from "@/components/product-set/device-rows";
import { LevelBadge } from "./level-badge";

/** One device of the product, or none: every device of the product in the project. */
export function DeviceField({ field, id, form, disabled, invalid }: CustomFieldProps) {
  const t = useTranslations("alarm.rule");
  const productId = form.watch("productId");
  // The device tree by product of widgets §2, the product's one branch.
  const { data } = useCall(deviceApi.tree, productId ? { productId } : null);
  const options = deviceRowsOf(data).map((d) => ({ value: Number(d.id), label: `${d.deviceName} (${d.deviceSn})` }));
  return (
    <SelectField
      id={id}
      options={options}
      value={field.value}
      placeholder={productId ? t("allDevices") : t("pickProductFirst")}
      disabled={disabled || !productId}
      invalid={invalid}
      onChange={(v) => field.onChange(v === "" ? null : v)}
    />
  );
}

/** The numeric property the rule compares: of the product (getDevAlamFunList) or of the point's devices (getMonitorAlamFunList). */
export function PropertyField({ field, id, form, disabled, invalid }: CustomFieldProps) {
  const t = useTranslations("alarm.rule");
  const productId = form.watch("productId");
  const pointId = form.watch("pointId");
  const key = pointId || productId;
  const ofPoint = useCall(alarmRuleApi.pointFunctions, pointId ? { pointId } : null);
  const ofProduct = useCall(alarmRuleApi.devFunctions, !pointId && productId ? { productId } : null);
  const data = pointId ? ofPoint.data : ofProduct.data;
  const options = (data ?? []).map((f) => ({ value: f.identifier, label: `${f.funcName} · ${f.identifier}${f.unit ? ` (${f.unit})` : ""}` }));
  return (
    <SelectField
      id={id}
      options={options}
      value={field.value}
      placeholder={key ? undefined : t("pickProductFirst")}
      disabled={disabled || !key}
      invalid={invalid}
      onChange={(v) => field.onChange(v)}
    />
  );
}

/** The alarm level, in its colour. */
export function LevelField({ field, id, disabled, invalid }: CustomFieldProps) {
  const { data } = useCall(alarmLevelApi.page, LEVELS_IN_ORDER);
  const levels = data?.records ?? [];
  const options = levels.map((l) => ({ value: l.id, label: `${l.levelNum} · ${l.levelName}` }));
  const chosen = levels.find((l) => l.id === Number(field.value));
  return (
    <div className="flex items-center gap-2">
      <SelectField id={id} className="flex-1" options={options} value={field.value} clearable={false} disabled={disabled} invalid={invalid} onChange={(v) => field.onChange(v)} />
      {chosen && <LevelBadge name={chosen.levelName} color={chosen.color} />}
    </div>
  );
}

/** Notification channels as checkboxes; WeChat is shown but not yet available. */
export function ChannelsField({ field, id, disabled }: CustomFieldProps) {
  const options = useDict("notifyChannel");
  const value: number[] = Array.isArray(field.value) ? field.value.map(Number) : [];
  return (
    <div id={id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-1" role="group">
      {options.map((o) => {
        const n = Number(o.value);
        const off = n === CHANNEL.wechat;
        return (
          <label key={n} className="flex items-center gap-1.5 text-sm has-[:disabled]:text-muted-foreground">
            <Checkbox
              checked={value.includes(n)}
              disabled={disabled || off}
              onCheckedChange={(c) => field.onChange(c === true ? [...value, n].sort() : value.filter((x) => x !== n))}
            />
            {o.label}
          </label>
        );
      })}
    </div>
  );
}
