"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { PlusIcon, Trash2Icon } from "lucide-react";
import type { CustomFieldProps } from "@/components/kit";
import { SelectField } from "@/components/kit/form/select-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { useCall } from "@/lib/api/call";
import { sceneDeviceApi } from "@/lib/contract/scene/api";
import { SCREEN_POINTS_MAX } from "@/lib/contract/scene/scene";

type Draft = { deviceId: number | null; identifier: string | null; chart: boolean; compare: boolean };

/**
 * The building screen's points (/dataScreenSet): each a device of the project and one of its
 * numeric properties, ticked for the analysis charts and / or the comparison. A row still missing
 * its device or property is kept in the form, so the contract's check names it on save.
 */
export function ScreenPointsField({ field, disabled, id }: CustomFieldProps) {
  const t = useTranslations("scene.config");
  const { data: devices = [] } = useCall(sceneDeviceApi.devices, {});
  const rows = (field.value ?? []) as Draft[];
  const set = (next: Draft[]) => field.onChange(next);
  const patch = (i: number, p: Partial<Draft>) => set(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const deviceOptions = React.useMemo(() => devices.map((d) => ({ value: d.id, label: `${d.deviceName} (${d.deviceSn})` })), [devices]);
  return (
    <div id={id} className="space-y-2" data-testid="screen-points">
      {rows.length === 0 && <p className="text-sm text-muted-foreground">{t("noPoints")}</p>}
      {rows.length > 0 && (
        <div className="grid grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_auto_auto_auto] items-center gap-x-2 gap-y-1.5 text-sm">
          <span className="text-xs text-muted-foreground">{t("device")}</span>
          <span className="text-xs text-muted-foreground">{t("property")}</span>
          <span className="text-xs text-muted-foreground">{t("chart")}</span>
          <span className="text-xs text-muted-foreground">{t("compare")}</span>
          <span />
          {rows.map((r, i) => {
            const device = devices.find((d) => d.id === r.deviceId);
            return (
              <React.Fragment key={i}>
                <SelectField
                  options={deviceOptions}
                  value={r.deviceId}
                  clearable={false}
                  placeholder={t("pickDevice")}
                  disabled={disabled}
                  onChange={(v) => patch(i, { deviceId: v === "" ? null : Number(v), identifier: devices.find((d) => d.id === Number(v))?.properties[0]?.identifier ?? null })}
                />
                <SelectField
                  options={(device?.properties ?? []).map((p) => ({ value: p.identifier, label: p.unit ? `${p.name} (${p.unit})` : p.name }))}
                  value={r.identifier}
                  clearable={false}
                  placeholder={t("pickProperty")}
                  disabled={disabled || !device}
                  onChange={(v) => patch(i, { identifier: v === "" ? null : String(v) })}
                />
                <Checkbox className="justify-self-center" aria-label={t("chart")} checked={r.chart} disabled={disabled} onCheckedChange={(v) => patch(i, { chart: v === true })} />
                <Checkbox className="justify-self-center" aria-label={t("compare")} checked={r.compare} disabled={disabled} onCheckedChange={(v) => patch(i, { compare: v === true })} />
                <Button type="button" size="icon" variant="ghost" className="size-8 text-muted-foreground hover:text-destructive" aria-label={t("remove")} disabled={disabled} onClick={() => set(rows.filter((_, j) => j !== i))}>
                  <Trash2Icon />
                </Button>
              </React.Fragment>
            );
          })}
        </div>
      )}
      {!disabled && rows.length < SCREEN_POINTS_MAX && (
        <Button type="button" variant="outline" size="sm" onClick={() => set([...rows, { deviceId: null, identifier: null, chart: false, compare: false } satisfies Draft])}>
          <PlusIcon />
          {t("addPoint")}
        </Button>
      )}
    </div>
  );
}

