"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { api } from "@/lib/api/fetcher";
import { PASSWORD_MAX } from "@/lib/contract/password";
import { defaultPwdPolicy } from "@/lib/contract/pwd-policy";
import { tenantAdd, tenantQuery, tenantUpdate, type TenantRow } from "@/lib/contract/system/tenant";
import { defineResource, ResourcePage, type FormField } from "@/components/kit";
import { PasswordPolicyHint } from "@/components/kit/password-policy-hint";
import { Input } from "@/components/ui/input";
import { TenantDialogs, openTenantDialog } from "./tenant-dialogs";
import { TenantStats } from "./tenant-stats";

export const TENANT_INFO_PATH = "/systemSet/tenantInfo";
export const tenantInfoHref = (id: number) => `${TENANT_INFO_PATH}?id=${id}`;

const createOnly = (_: unknown, mode: string) => mode === "create";

/** The new administrator's password: checked against the default policy a new tenant starts with. */
const passwordField = (name: string, label: string): FormField => ({
  name,
  label,
  type: "custom",
  required: true,
  show: createOnly,
  render: ({ field, invalid, disabled }) => (
    <div className="space-y-2">
      <Input className="h-8" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} value={String(field.value ?? "")} onChange={field.onChange} onBlur={field.onBlur} aria-invalid={invalid || undefined} disabled={disabled} id={`field-${name}`} />
      {name === "password" && <PasswordPolicyHint complexity={defaultPwdPolicy.complexity} />}
    </div>
  ),
});

/** The tenant form and detail share these fields (the detail page shows them read-only). */
export const tenantFields: FormField[] = [
  { name: "name", label: "fields.name", required: true, placeholder: "placeholders.name" },
  { name: "code", label: "fields.code", required: true, placeholder: "placeholders.code", hint: "hints.code" },
  { name: "areaCode", label: "fields.area", type: "cascader" },
  { name: "contact", label: "fields.contact", placeholder: "placeholders.contact" },
  { name: "contactPhone", label: "fields.contactPhone", placeholder: "placeholders.contactPhone" },
  { name: "contractNo", label: "fields.contractNo", placeholder: "placeholders.contractNo" },
  { name: "contractStart", name2: "contractEnd", label: "fields.contractDates", type: "daterange", full: true },
  {
    name: "contractFile",
    label: "fields.contractFile",
    type: "document",
    purpose: "tenantContract",
    hint: "hints.contractFile",
  },
  { name: "username", label: "fields.username", required: true, placeholder: "placeholders.username", show: createOnly, hint: "hints.username" },
  passwordField("password", "fields.password"),
  passwordField("confirmPassword", "fields.confirmPassword"),
];

const EMPTY = { name: "", code: "", areaCode: "", contact: "", contactPhone: "", contractNo: "", contractStart: "", contractEnd: "", contractFile: "", username: "", password: "", confirmPassword: "" };

/** tenantSet (platform only): tenants with their administrator, contract, switches and statistics. */
function useTenantResource() {
  const router = useRouter();
  return React.useMemo(
    () =>
      defineResource<TenantRow>({
        ns: "system.tenant",
        api: "sys/tenant",
        perm: "sys:tenant",
        schemas: { query: tenantQuery, create: tenantAdd, update: tenantUpdate },
        search: {
          keyword: "name",
          keywordPlaceholder: "placeholders.name",
          items: [
            { prop: "name", label: "fields.name" },
            { prop: "enabled", type: "select", label: "fields.enabled", dict: "enableState" },
            { prop: "contractStart", type: "date", label: "fields.contractStartFrom" },
            { prop: "contractEnd", type: "date", label: "fields.contractEndBy" },
          ],
        },
        columns: [
          {
            prop: "name",
            label: "fields.name",
            minWidth: 160,
            render: (row) => (
              <Link href={tenantInfoHref(row.id)} className="text-primary hover:underline" data-testid="tenant-link">
                {row.name}
              </Link>
            ),
          },
          { prop: "code", label: "fields.code", width: 120 },
          { prop: "areaName", label: "fields.area", minWidth: 160 },
          { prop: "contact", label: "fields.contact", width: 100 },
          { prop: "contactPhone", label: "fields.contactPhone", width: 130 },
          { prop: "username", label: "fields.username", width: 130 },
          { prop: "contractNo", label: "fields.contractNo", width: 130 },
          { prop: "contractStart", prop2: "contractEnd", label: "fields.contractDates", type: "dataRange", width: 210 },
          { prop: "status", label: "fields.status", type: "status", dict: "enableStateExpiry", tones: { "0": "secondary", "1": "success", "2": "destructive", "3": "warning" }, width: 100 },
          {
            prop: "enabled",
            label: "fields.enabled",
            type: "switch",
            width: 90,
            onToggle: async (row, next, ui) => {
              // Disabling ends every session of the tenant: ask first.
              if (next !== 1 && !(await ui.confirm(ui.t("confirm.disable", { name: row.name })))) return;
              await ui.toggle(row, next);
            },
          },
          {
            prop: "adminStatus",
            label: "fields.adminStatus",
            type: "switch",
            width: 110,
            onToggle: async (row, next, ui) => {
              if (next !== 1 && !(await ui.confirm(ui.t("confirm.disableAdmin", { name: row.username ?? "" })))) return;
              await api.post("sys/tenant/openOrCloseAdminStatus", { id: row.id, status: next });
            },
          },
          { prop: "createTime", label: "fields.createTime", type: "time", width: 170 },
        ],
        form: { columns: 2, width: 820, defaults: EMPTY, fields: tenantFields },
        rowActions: [
          { key: "view", label: "kit.actions.view", onClick: (row) => router.push(tenantInfoHref(row.id)) },
          "edit",
          { key: "auth", label: "actions.auth", perm: "sys:tenant:auth", onClick: (row) => openTenantDialog("auth", row.id) },
          { key: "resetPwd", label: "actions.resetPwd", perm: "sys:tenant:resetPwd", show: (row) => !!row.adminUserId, onClick: (row) => openTenantDialog("resetPwd", row.id) },
          "del",
        ],
        toolbar: ["add"],
        slots: {
          top: () => <TenantStats />,
          dialogs: (ui) => <TenantDialogs onDone={ui.refresh} />,
        },
      }),
    [router],
  );
}

export function TenantList() {
  return <ResourcePage resource={useTenantResource()} />;
}
