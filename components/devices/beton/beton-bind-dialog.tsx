"use client";

import * as React from "react";
import useSWR, { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { Checkbox } from "@/components/ui/checkbox";
import { KitDialog } from "@/components/kit/dialogs/kit-dialog";
import type { ResourceUi } from "@/components/kit/resource/define-resource";
import { useBusy } from "@/components/kit/use-busy";
import { api, swrFetcher } from "@/lib/api/fetcher";
import type { BetonRule } from "@/lib/contract/device/beton-rule";

type BetonDevice = { id: number; deviceName: string; deviceSn: string; ruleId: number | null; ruleName: string | null };

/** Binds the project's concrete devices to a rule (`?bind=<ruleId>`); the cloud refuses devices of other projects. */
export function BindDialog({ ui }: { ui: ResourceUi<BetonRule> }) {
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
