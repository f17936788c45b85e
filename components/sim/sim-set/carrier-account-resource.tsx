"use client";

import { useTranslations } from "next-intl";
import { defineResource, type CustomFieldProps } from "@/components/kit";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { simAccount, simAccountApi, type SimAccount } from "@/lib/contract/sim/account";

/** Whether an account's secret is set: the one thing the console ever learns of it. */
function SecretState({ set }: { set: boolean }) {
  const t = useTranslations("sim.account.secret");
  return (
    <Badge variant={set ? "success" : "secondary"} data-testid="sim-secret-state">
      {t(set ? "set" : "notSet")}
    </Badge>
  );
}

/** The secret, write-only: typed in, never filled from the row; blank on an edit keeps the stored one. */
function SecretInput({ field, id, form, disabled }: CustomFieldProps) {
  const t = useTranslations("sim.account.secret");
  const set = form.getValues("secretSet") === true;
  return (
    <div className="flex flex-col gap-1">
      <Input id={id} type="password" autoComplete="new-password" value={(field.value as string | undefined) ?? ""} onChange={field.onChange} onBlur={field.onBlur} disabled={disabled} placeholder={set ? t("keep") : ""} />
      <span className="text-xs text-muted-foreground">{t("hint")}</span>
    </div>
  );
}

/** A real carrier's interface (not the simulated carrier) needs its endpoint, app id and secret. */
const real = (v: Record<string, unknown>) => v.adapter !== "simulated";

/**
 * Carrier accounts (SIM settings): the tenant's account per carrier — interface, endpoint, app id,
 * calls a second — with its secret sealed in the cloud and shown here only as set or not.
 */
export const carrierAccountResource = defineResource<SimAccount>({
  entity: simAccount,
  calls: simAccountApi,
  columns: {
    secretSet: { type: "custom", render: (row) => <SecretState set={row.secretSet === true} /> },
    enableStatus: { type: "status", dict: "enableState", tones: { "1": "success", "2": "secondary" } },
  },
  detail: { secretSet: { render: (row) => <SecretState set={row.secretSet === true} /> } },
  form: {
    columns: 2,
    placeholders: ["accountName", "endpoint"],
    defaults: { adapter: "onelink", carrier: "cmcc", rate: 5, enableStatus: 1 },
    // The secret is never in the row: the form starts it blank.
    toForm: (row) => ({ ...row, secret: "" }),
    fields: {
      endpoint: { show: real },
      appId: { show: real },
      secret: { type: "custom", full: true, show: real, render: (p) => <SecretInput {...p} /> },
    },
  },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "batchDelete"],
});
