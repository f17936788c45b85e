"use client";

import { useTranslations } from "next-intl";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { defineResource, deferredDialogs, NumberInput, type CustomFieldProps, resourcePage } from "@/components/kit";
import { permsOf } from "@/lib/contract/call";
import { betonRule, betonRuleApi, MAX_POINTS, type BetonRule } from "@/lib/contract/device/beton-rule";
import { multilingualField } from "@/components/kit/form/multilingual-input";

// The devices dialog (`?bind=`) is not in the list's first load.
const BindDialog = deferredDialogs(() => import("./beton-bind-dialog").then((m) => m.BindDialog));

type Point = { maturity: number | ""; strength: number | "" };

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

/**
 * Concrete calibration rules (/devices/calibrationRules, a selected project): the maturity
 * method's settings per project, and which concrete devices each applies to.
 */
export const betonRuleResource = defineResource<BetonRule>({
  entity: betonRule,
  calls: betonRuleApi,
  // At 1440 px in English (issue 40) these give way, in this order: the rule's details show them all.
  columns: { datumTemp: { dropOrder: 1 }, aggregate: { dropOrder: 2 }, airContent: { dropOrder: 3 }, hardenType: { dropOrder: 4 } },
  form: {
    columns: 2,
    width: 820,
    placeholders: ["ruleName"],
    fields: {
      ruleName: multilingualField,
      airContent: { show: (v) => Number(v.airType) === 1, required: true },
      points: { type: "custom", render: (p) => <PointsField {...p} />, show: (v) => Number(v.coefType) === 0, hint: "hints.formula" },
      coefA: { show: (v) => Number(v.coefType) === 1, required: true },
      coefB: { show: (v) => Number(v.coefType) === 1, required: true },
    },
    defaults: { airType: 0, hardenType: 1, coefType: 0, aggregate: 0, datumTemp: -10, points: [] },
  },
  rowActions: [{ key: "bind", label: "actions.devices", perm: permsOf(betonRuleApi.bind)[0], onClick: (row, ui) => ui.setParam("bind", row.id) }, "view", "edit", "del"],
  toolbar: ["add", "batchDelete"],
  slots: { dialogs: (ui) => <BindDialog ui={ui} /> },
});

export const BetonRuleList = resourcePage(betonRuleResource);
