"use client";

import Link from "next/link";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { PASSWORD_MAX } from "@/lib/contract/password";
import { defaultPwdPolicy } from "@/lib/contract/pwd-policy";
import { tenant, tenantApi, tenantUpdate, type TenantRow } from "@/lib/contract/system/tenant";
import { type CustomFieldProps, defineResource, resourcePage, type ResourceUi, urlText } from "@/components/kit";
import { PasswordPolicyHint } from "@/components/kit/password-policy-hint";
import { Input } from "@/components/ui/input";
import { StorageUse } from "./storage-use";
import { TenantDialogs, openTenantDialog } from "./tenant-dialogs";
import { TenantStatsLazy } from "./tenant-stats-lazy";
import { multilingualField } from "@/components/kit/form/multilingual-input";


export const TENANT_INFO_PATH = "/systemSet/tenantInfo";
export const tenantInfoHref = (id: number) => `${TENANT_INFO_PATH}?id=${id}`;

const createOnly = (_: unknown, mode: string) => mode === "create";

/** The new administrator's password: checked against the default policy a new tenant starts with. */
function PasswordField({ field, invalid, disabled, hint }: CustomFieldProps & { hint?: boolean }) {
  return (
    <div className="space-y-2">
      <Input className="h-8" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} value={String(field.value ?? "")} onChange={field.onChange} onBlur={field.onBlur} aria-invalid={invalid || undefined} disabled={disabled} id={`field-${field.name}`} />
      {hint && <PasswordPolicyHint complexity={defaultPwdPolicy.complexity} />}
    </div>
  );
}

// Disabling ends every session of the tenant (or of its administrator): ask first.
const askFirst =
  (question: string, name: (row: TenantRow) => string | null, change: (row: TenantRow, next: number, ui: ResourceUi<TenantRow>) => Promise<unknown>) =>
  async (row: TenantRow, next: number, ui: ResourceUi<TenantRow>) => {
    if (next !== 1 && !(await ui.confirm(ui.t(question, { name: name(row) ?? "" })))) return;
    await change(row, next, ui);
  };

/** tenantSet (platform only): tenants with their administrator, contract, switches and statistics. */
export const tenantResource = defineResource<TenantRow>({
  entity: tenant,
  calls: tenantApi,
  schemas: { update: tenantUpdate },
  query: { areaCode: urlText(6) },
  search: { items: { contractStart: { label: "fields.contractStartFrom" }, contractEnd: { label: "fields.contractEndBy" } } },
  columns: {
    name: {
      minWidth: 160,
      render: (row) => (
        <Link href={tenantInfoHref(row.id)} className="text-primary hover:underline" data-testid="tenant-link">
          {row.name}
        </Link>
      ),
    },
    code: { width: 120 },
    contractStart: { prop2: "contractEnd", label: "fields.contractDates", type: "dataRange", width: 210 },
    contractEnd: false,
    status: { tones: { "0": "secondary", "1": "success", "2": "destructive", "3": "warning" } },
    enabled: { onToggle: askFirst("confirm.disable", (row) => row.name, (row, next, ui) => ui.toggle(row, next)) },
    storageUsedMb: { width: 150, render: (row) => <StorageUse used={row.storageUsedMb} quota={row.storageQuotaMb} /> },
    adminStatus: { width: 110, onToggle: askFirst("confirm.disableAdmin", (row) => row.username, (row, next) => call(tenantApi.adminStatus, { id: row.id, status: next })) },
  },
  form: {
    columns: 2,
    width: 820,
    placeholders: true,
    fields: {
      name: multilingualField,
      code: { hint: "hints.code" },
      contractStart: { name2: "contractEnd", label: "fields.contractDates", type: "daterange", full: true },
      contractEnd: false,
      contractFile: { hint: "hints.contractFile", full: false },
      username: { show: createOnly, hint: "hints.username" },
      password: { type: "custom", show: createOnly, render: (p) => <PasswordField {...p} hint /> },
      confirmPassword: { type: "custom", show: createOnly, render: (p) => <PasswordField {...p} /> },
    },
  },
  rowActions: [
    { key: "view", label: "kit.actions.view", onClick: (row, ui) => ui.navigate(tenantInfoHref(row.id)) },
    "edit",
    { key: "auth", label: "actions.auth", perm: permsOf(tenantApi.updAuth)[0], onClick: (row) => openTenantDialog("auth", row.id) },
    { key: "resetPwd", label: "actions.resetPwd", perm: permsOf(tenantApi.resetPwd)[0], show: (row) => !!row.adminUserId, onClick: (row) => openTenantDialog("resetPwd", row.id) },
    "del",
  ],
  toolbar: ["add"],
  slots: {
    top: () => <TenantStatsLazy />,
    dialogs: (ui) => <TenantDialogs onDone={ui.refresh} />,
  },
});

export const TenantList = resourcePage(tenantResource);
