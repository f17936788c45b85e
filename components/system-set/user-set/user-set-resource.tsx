"use client";

import * as React from "react";
import Link from "next/link";
import { defineResource, MultiSelectField, resourcePage, type ResourceUi, urlText } from "@/components/kit";
import { ResetPasswordDialog } from "@/components/kit/lazy-password-dialogs";
import { Switch } from "@/components/ui/switch";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { user, userApi, userUpdate, type UserRow } from "@/lib/contract/system/user";
import { DepartmentSelect } from "../department-set/department-select";
import { useUrlParam } from "@/components/kit/url-param";
import { DepartmentFilter } from "./department-filter";
import { useRoleOptions } from "./use-role-options";
import { multilingualField } from "@/components/kit/form/multilingual-input";

export const USER_INFO_PATH = "/systemSet/userSetInfo";

function RoleSelect({ value, onChange, disabled, invalid }: { value: unknown; onChange: (v: (string | number)[]) => void; disabled: boolean; invalid: boolean }) {
  const options = useRoleOptions();
  return <MultiSelectField id="field-roleIds" options={options} value={Array.isArray(value) ? value : []} onChange={onChange} disabled={disabled} invalid={invalid} />;
}

/** Enable / disable; one's own account cannot be switched off (the cloud refuses it too). */
function EnabledSwitch({ row, ui }: { row: UserRow; ui: ResourceUi<UserRow> }) {
  const [busy, setBusy] = React.useState(false);
  return (
    <Switch
      checked={row.enabled === 1}
      disabled={busy || row.id === ui.session.user.id || !ui.session.can(permsOf(userApi.openOrClose)[0])}
      aria-label={ui.t("fields.enabled")}
      data-testid={`user-enabled-${row.id}`}
      onCheckedChange={async (on) => {
        setBusy(true);
        try {
          await ui.toggle(row, on ? 1 : 2);
          await ui.refresh();
        } catch {
          /* the fetcher showed the cloud's message */
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

function ResetPassword({ ui }: { ui: ResourceUi<UserRow> }) {
  const [id, setId] = useUrlParam("resetPwd");
  return <ResetPasswordDialog open={!!id} onOpenChange={(o) => !o && setId(null)} id={Number(id) || 0} reset={userApi.resetPwd} onDone={() => ui.refresh()} />;
}

const infoHref = (r: UserRow) => `${USER_INFO_PATH}?id=${r.id}`;

/** userSet: the tenant's users beside its department tree. */
export const userResource = defineResource<UserRow>({
  entity: user,
  calls: userApi,
  schemas: { update: userUpdate },
  query: { keyword: urlText(64) },
  search: { keyword: "keyword", items: { keyword: { placeholder: "placeholders.keyword" }, departmentId: false } },
  columns: {
    username: {
      minWidth: 140,
      render: (r) => (
        <Link href={infoHref(r)} className="text-primary hover:underline" data-testid={`user-link-${r.username}`}>
          {r.username}
        </Link>
      ),
    },
    realname: { minWidth: 110 },
    // Beside the department tree at 1440 px in English (issue 40) these give way, in this order: the user's page shows them.
    employeeNo: { width: 110, dropOrder: 4 },
    departmentName: { minWidth: 130, dropOrder: 5 },
    email: { dropOrder: 3 },
    createTime: { dropOrder: 1 },
    enabled: { width: 80, render: (r, ui) => <EnabledSwitch row={r} ui={ui} /> },
    queryPhone: { type: "switch1", width: 110, dropOrder: 2, perm: permsOf(userApi.updQueryPhone)[0], onToggle: (r, next) => call(userApi.updQueryPhone, { id: r.id, queryPhone: next }) },
  },
  form: {
    columns: 2,
    width: 860,
    placeholders: ["username", "phone", "landline"],
    fields: {
      realname: multilingualField,
      username: { disabled: (mode) => mode !== "create" },
      departmentId: {
        type: "custom",
        render: ({ field, disabled, invalid }) => <DepartmentSelect id="field-departmentId" value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} />,
      },
      roleIds: { render: ({ field, disabled, invalid }) => <RoleSelect value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} /> },
      password: { hint: "hints.password", show: (_v, mode) => mode === "create", full: true },
      avatar: { hint: "hints.avatar" },
    },
  },
  rowActions: [
    { key: "detail", label: "kit.actions.view", onClick: (r, ui) => ui.navigate(infoHref(r)) },
    "edit",
    { key: "resetPwd", label: "actions.resetPwd", perm: permsOf(userApi.resetPwd)[0], onClick: (r, ui) => ui.setParam("resetPwd", r.id) },
    { key: "del", label: "kit.actions.delete", perm: permsOf(userApi.del)[0], danger: true, show: (r, ui) => !r.tenantAdmin && r.id !== ui.session.user.id, onClick: (r, ui) => ui.remove([r]) },
  ],
  toolbar: ["add", "batchDelete"],
  slots: {
    left: (ui) => <DepartmentFilter value={typeof ui.query.departmentId === "number" ? ui.query.departmentId : null} onChange={(id) => ui.setFilters({ departmentId: id })} />,
    dialogs: (ui) => <ResetPassword ui={ui} />,
  },
});

export const UserList = resourcePage(userResource);
