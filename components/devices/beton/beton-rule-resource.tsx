"use client";

import * as React from "react";
import useSWR, { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { defineResource, KitDialog, NumberInput, ResourcePage, type CustomFieldProps, type ResourceUi } from "@/components/kit";
import { api, swrFetcher } from "@/lib/api/fetcher";
import { betonRule, MAX_POINTS, type BetonRule } from "@/lib/contract/device/beton-rule";
import { useBusy } from "@/components/kit/use-busy";

type Point = { maturity: number | ""; strength: number | "" };
type BetonDevice = { id: number; deviceName: string; deviceSn: string; ruleId: number | null; ruleName: string | null };

/** Measured (maturity, strength) pairs the rule's a and b are fitted to. */
function PointsField({ field, id, disabled }: CustomFieldProps) {
  const t = useTranslations("deviceOps.betonRule.points");
  const points: Point[] = Array.isArray(field.value) ? field.value : [];
  const set = (next: Point[]) => field.onChange(next);
  return (
    <div id={id} className="space-y-2">
      {points.map((p, i) => (
        <div key={i} className="flex items-center gap-2" data-testid={`point-${i}`}>
          <NumberInput className="w-40" value={p.maturity} min={0} max={1_000_000} floatNum={2} placeholder={t("maturity")} aria-label={`${t("maturity")} ${i + 1}`} onChange={(v) => set(points.map((x, j) => (j === i ? { ...x, maturity: v } : x)))} disabled={disabled} />
          <NumberInput className="w-32" value={p.strength} min={0} max={200} floatNum={2} placeholder={t("strength")} aria-label={`${t("strength")} ${i + 1}`} onChange={(v) => set(points.map((x, j) => (j === i ? { ...x, strength: v } : x)))} disabled={disabled} />
          <Button type="button" variant="ghost" size="icon" aria-label={t("remove")} onClick={() => set(points.filter((_, j) => j !== i))} disabled={disabled}>
            <Trash2Icon className="size-4" />
          </Button>
        </div>
      ))}
      {points.length < MAX_POINTS && (
        <Button type="button" variant="outline" size="sm" onClick={() => set([...points, { maturity: "", strength: "" }])} disabled={disabled}>
          <PlusIcon className="size-4" />
          {t("add")}
        </Button>
      )}
    </div>
  );
}

/** Binds the project's concrete devices to a rule (`?bind=<ruleId>`); the cloud refuses devices of other projects. */
function BindDialog({ ui }: { ui: ResourceUi<BetonRule> }) {
  const t = useTranslations("deviceOps.betonRule.actions");
  const raw = ui.param("bind");
  const ruleId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const { data } = useSWR<BetonDevice[]>(ruleId ? "device/betonRule/deviceBetonList" : null, swrFetcher);
  const { mutate } = useSWRConfig();
  const [chosen, setChosen] = React.useState<Set<number> | null>(null);
  const [busy, run] = useBusy();
  const picked = chosen ?? new Set((data ?? []).filter((d) => d.ruleId === ruleId).map((d) => d.id));
  const close = () => {
    setChosen(null);
    ui.setParam("bind", null);
  };
  const save = () =>
    run(async () => {
      await api.post("device/betonRule/relDate", { ruleId, deviceIds: [...picked] });
      await mutate("device/betonRule/deviceBetonList");
      await ui.refresh();
      close();
    });
  return (
    <KitDialog
      open={ruleId !== null}
      onOpenChange={(o) => !o && close()}
      title={t("bind")}
      width={560}
      testId="bind-dialog"
      footer={
        <Button onClick={save} disabled={busy} data-testid="bind-save">
          {t("save")}
        </Button>
      }
    >
      <ul className="max-h-96 space-y-1 overflow-auto">
        {data?.length === 0 && <li className="py-6 text-center text-sm text-muted-foreground">{t("noDevices")}</li>}
        {data?.map((d) => (
          <li key={d.id}>
            <label className="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent">
              <Checkbox
                checked={picked.has(d.id)}
                onCheckedChange={(on) => {
                  const next = new Set(picked);
                  if (on === true) next.add(d.id);
                  else next.delete(d.id);
                  setChosen(next);
                }}
              />
              <span className="flex-1">
                {d.deviceName} <span className="font-mono text-xs text-muted-foreground">{d.deviceSn}</span>
              </span>
              {d.ruleId && d.ruleId !== ruleId && <span className="text-xs text-muted-foreground">{t("boundTo", { rule: d.ruleName ?? "" })}</span>}
            </label>
          </li>
        ))}
      </ul>
    </KitDialog>
  );
}

/**
 * Concrete calibration rules (/devices/calibrationRules, a selected project): the maturity
 * method's settings per project, and which concrete devices each applies to.
 */
export const betonRuleResource = defineResource<BetonRule>({
  entity: betonRule,
  api: "device/betonRule",
  needsProject: true,
  perm: "dev:betonRule",
  endpoints: { export: false },
  search: { keyword: "ruleName", keywordPlaceholder: "placeholders.ruleName" },
  form: {
    columns: 2,
    width: 820,
    placeholders: ["ruleName"],
    fields: {
      airContent: { show: (v) => Number(v.airType) === 1, required: true },
      points: { type: "custom", render: (p) => <PointsField {...p} />, show: (v) => Number(v.coefType) === 0, hint: "hints.formula" },
      coefA: { show: (v) => Number(v.coefType) === 1, required: true },
      coefB: { show: (v) => Number(v.coefType) === 1, required: true },
    },
    defaults: { airType: 0, hardenType: 1, coefType: 0, aggregate: 0, datumTemp: -10, points: [] },
  },
  rowActions: [{ key: "bind", label: "actions.devices", perm: "dev:betonRule:upd", onClick: (row, ui) => ui.setParam("bind", row.id) }, "view", "edit", "del"],
  toolbar: ["add", "batchDelete"],
  multiple: true,
  rowName: (r) => r.ruleName,
  slots: { dialogs: (ui) => <BindDialog ui={ui} /> },
});

export function BetonRuleList() {
  return <ResourcePage resource={betonRuleResource} />;
}
