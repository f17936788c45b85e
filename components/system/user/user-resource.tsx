"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { defineResource, MultiSelectField, ResourcePage, type ResourceUi } from "@/components/kit";
import { ResetPasswordDialog } from "@/components/kit/password-dialogs";
import { useShell } from "@/components/shell/shell-context";
import { Switch } from "@/components/ui/switch";
import { api } from "@/lib/api/fetcher";
import { userAdd, userQuery, userUpdate, type UserRow } from "@/lib/contract/system/user";
import { usePermissions } from "@/components/kit/can";
import { DepartmentSelect } from "../department/department-select";
import { useUrlParam } from "@/components/kit/url-param";
import { DepartmentFilter } from "./department-filter";
import { useRoleOptions } from "./use-role-options";

export const USER_INFO_PATH = "/systemSet/userSetInfo";

function RoleSelect({ value, onChange, disabled, invalid }: { value: unknown; onChange: (v: (string | number)[]) => void; disabled: boolean; invalid: boolean }) {
  const options = useRoleOptions();
  return <MultiSelectField id="field-roleIds" options={options} value={Array.isArray(value) ? value : []} onChange={onChange} disabled={disabled} invalid={invalid} />;
}

/** Enable / disable; one's own account cannot be switched off (the cloud refuses it too). */
function EnabledSwitch({ row, ui }: { row: UserRow; ui: ResourceUi<UserRow> }) {
  const { user } = useShell();
  const { can } = usePermissions();
  const [busy, setBusy] = React.useState(false);
  return (
    <Switch
      checked={row.enabled === 1}
      disabled={busy || row.id === user.id || !can("sys:user:openOrClose")}
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
  return <ResetPasswordDialog open={!!id} onOpenChange={(o) => !o && setId(null)} id={Number(id) || 0} endpoint="sys/user/updUserPwd" onDone={() => ui.refresh()} />;
}

function useUserResource() {
  const router = useRouter();
  const { user } = useShell();
  const [, setResetId] = useUrlParam("resetPwd");
  const me = user.id;
  return React.useMemo(
    () =>
      defineResource<UserRow>({
        ns: "system.user",
        api: "sys/user",
        perm: "sys:user",
        endpoints: { info: "sys/user/getUserInfoById", export: false, import: false, template: false },
        schemas: { query: userQuery, create: userAdd, update: userUpdate },
        search: {
          keyword: "keyword",
          keywordPlaceholder: "placeholders.keyword",
          items: [
            { prop: "keyword", label: "fields.keyword", placeholder: "placeholders.keyword" },
            { prop: "enabled", type: "select", label: "fields.enabled", dict: "enableState" },
          ],
        },
        columns: [
          {
            prop: "username",
            label: "fields.username",
            minWidth: 140,
            render: (r) => (
              <Link href={`${USER_INFO_PATH}?id=${r.id}`} className="text-primary hover:underline" data-testid={`user-link-${r.username}`}>
                {r.username}
              </Link>
            ),
          },
          { prop: "realname", label: "fields.realname", minWidth: 110 },
          { prop: "employeeNo", label: "fields.employeeNo", width: 110 },
          { prop: "departmentName", label: "fields.departmentId", minWidth: 130 },
          { prop: "roleNames", label: "fields.roleIds", type: "arr", minWidth: 140 },
          { prop: "phone", label: "fields.phone", width: 130 },
          { prop: "email", label: "fields.email", minWidth: 170 },
          { prop: "enabled", label: "fields.enabled", width: 80, render: (r, ui) => <EnabledSwitch row={r} ui={ui} /> },
          {
            prop: "queryPhone",
            label: "fields.queryPhone",
            type: "switch1",
            width: 110,
            perm: "sys:user:upd",
            onToggle: (r, next) => api.post("sys/user/updQueryPhone", { id: r.id, queryPhone: next }),
          },
          { prop: "createTime", label: "fields.createTime", type: "time", width: 170 },
        ],
        form: {
          columns: 2,
          width: 860,
          defaults: { username: "", realname: "", employeeNo: "", sex: "", position: "", phone: "", landline: "", email: "", avatar: "", departmentId: "", roleIds: [], password: "" },
          toForm: (u) => ({
            id: u.id,
            username: u.username,
            realname: u.realname,
            employeeNo: u.employeeNo,
            sex: u.sex,
            position: u.position,
            phone: u.phone,
            landline: u.landline,
            email: u.email,
            avatar: u.avatar,
            departmentId: u.departmentId,
            roleIds: u.roleIds,
          }),
          fields: [
            { name: "username", label: "fields.username", required: true, placeholder: "placeholders.username", disabled: (mode) => mode !== "create" },
            { name: "realname", label: "fields.realname", required: true },
            { name: "employeeNo", label: "fields.employeeNo" },
            { name: "sex", label: "fields.sex", type: "radio", dict: "sex" },
            { name: "position", label: "fields.position" },
            { name: "phone", label: "fields.phone", placeholder: "placeholders.phone" },
            { name: "landline", label: "fields.landline", placeholder: "placeholders.landline" },
            { name: "email", label: "fields.email" },
            {
              name: "departmentId",
              label: "fields.departmentId",
              type: "custom",
              required: true,
              render: ({ field, disabled, invalid }) => <DepartmentSelect id="field-departmentId" value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} />,
            },
            {
              name: "roleIds",
              label: "fields.roleIds",
              type: "custom",
              render: ({ field, disabled, invalid }) => <RoleSelect value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} />,
            },
            { name: "password", label: "fields.password", type: "password", hint: "hints.password", show: (_v, mode) => mode === "create", full: true },
            {
              name: "avatar",
              label: "fields.avatar",
              type: "image",
              purpose: "avatar",
              hint: "hints.avatar",
            },
          ],
        },
        rowActions: [
          { key: "detail", label: "kit.actions.view", onClick: (r) => router.push(`${USER_INFO_PATH}?id=${r.id}`) },
          "edit",
          { key: "resetPwd", label: "actions.resetPwd", perm: "sys:user:resetPwd", onClick: (r) => setResetId(r.id) },
          { key: "del", label: "kit.actions.delete", perm: "sys:user:del", danger: true, show: (r) => !r.tenantAdmin && r.id !== me, onClick: (r, ui) => ui.remove([r]) },
        ],
        toolbar: ["add", "batchDelete"],
        multiple: true,
        slots: {
          left: (ui) => <DepartmentFilter value={typeof ui.query.departmentId === "number" ? ui.query.departmentId : null} onChange={(id) => ui.setFilters({ departmentId: id })} />,
          dialogs: (ui) => <ResetPassword ui={ui} />,
        },
      }),
    [router, me, setResetId],
  );
}

/** userSet: the tenant's users beside its department tree. */
export function UserList() {
  const resource = useUserResource();
  return <ResourcePage resource={resource} />;
}
