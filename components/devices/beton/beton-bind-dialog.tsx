"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Checkbox } from "@/components/ui/checkbox";
import { KitDialog } from "@/components/kit/dialogs/kit-dialog";
import type { ResourceUi } from "@/components/kit/resource/define-resource";
import { useBusy } from "@/components/kit/use-busy";
import { call, useCall } from "@/lib/api/call";
import { betonRuleApi, type BetonRule } from "@/lib/contract/device/beton-rule";

/** Binds the project's concrete devices to a rule (`?bind=<ruleId>`); the cloud refuses devices of other projects. */
export function BindDialog({ ui }: { ui: ResourceUi<BetonRule> }) {
  const t = useTranslations("deviceOps.betonRule.actions");
  const raw = ui.param("bind");
  const ruleId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const { data, mutate } = useCall(betonRuleApi.devices, ruleId ? {} : null);
  const [chosen, setChosen] = React.useState<Set<number> | null>(null);
  const [busy, run] = useBusy();
  const picked = chosen ?? new Set((data ?? []).filter((d) => d.ruleId === ruleId).map((d) => d.id));
  const close = () => {
    setChosen(null);
    ui.setParam("bind", null);
  };
  const save = () =>
    run(async () => {
      await call(betonRuleApi.bind, { ruleId: ruleId!, deviceIds: [...picked] });
      await mutate();
      await ui.refresh();
      close();
    });
  return (
    <KitDialog
      open={ruleId !== null}
      onClose={close}
      title={t("bind")}
      width={560}
      testId="bind-dialog"
      primary={{ label: t("save"), onClick: save, disabled: busy, testId: "bind-save" }}
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
