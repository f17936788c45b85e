"use client";

import { defineResource, MultiSelectField, remoteOptions, useRemoteOptions } from "@/components/kit";
import { simExpire, simExpireApi, type SimExpire } from "@/lib/contract/sim/expire";
import { userApi } from "@/lib/contract/system/user";

const USERS = remoteOptions(userApi.page, "realname", "id", { size: 9999 });

function UsersField({ value, onChange, id, disabled }: { value: number[] | undefined; onChange: (v: number[]) => void; id: string; disabled: boolean }) {
  const options = useRemoteOptions(USERS);
  return <MultiSelectField id={id} options={options} value={value ?? []} onChange={(v) => onChange(v.map(Number))} disabled={disabled} />;
}

/**
 * Expiry rules (SIM settings, /sim/simSet): rules telling the chosen users, this many days before a card
 * expires, by a to-do and an in-site message — once per card and rule.
 */
export const simSetResource = defineResource<SimExpire>({
  entity: simExpire,
  calls: simExpireApi,
  // Switched in the form: the rule has no switch call of its own (core §7 simExpire).
  columns: { enableStatus: { type: "status", dict: "enableState", tones: { "1": "success", "2": "secondary" } } },
  form: {
    columns: 1,
    placeholders: ["ruleName"],
    defaults: { daysBefore: 30, enableStatus: 1, userIds: [] },
    fields: { userIds: { type: "custom", render: ({ field, id, disabled }) => <UsersField id={id} value={field.value} onChange={field.onChange} disabled={disabled} /> } },
  },
  rowActions: ["edit", "del"],
  toolbar: ["add", "batchDelete"],
});
