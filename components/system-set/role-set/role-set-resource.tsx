"use client";

import * as React from "react";
import useSWR from "swr";
import { z } from "zod";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { PlusIcon } from "lucide-react";
import { defineResource, DialogActions, KitDialog, ResourcePage, useSession, type ResourceUi } from "@/components/kit";
import { ListPicker, PeoplePicker } from "@/components/kit/pickers";
import { multilingualField } from "@/components/kit/form/multilingual-input";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { api, swrFetcher } from "@/lib/api/fetcher";
import type { MenuTreeNode } from "@/lib/contract/system/menu";
import { role, roleQuery, roleUpdate, type RoleInfo, type RoleKind, type RoleRow, type RoleTenantRow, type RoleUserRow } from "@/lib/contract/system/role";
import type { TenantRow } from "@/lib/contract/system/tenant";
import { MenuTreeCheck } from "../menu-tree-check";
import { useUrlParam } from "@/components/kit/url-param";
import { useBusy } from "@/components/kit/use-busy";
import { MembersDialog, userColumns, type MembersPickerProps } from "@/components/kit/dialogs/members-dialog";

/**
 * One role screen, two configurations (core §6):
 * - `user`: roleSet — management roles (kind 1) on the platform, a tenant's own roles (kind 2) on
 *   a tenant; assigned to users; menus from the caller's grantable tree (`treeAuthPC`).
 * - `tenant`: tenantRoleSet — the platform's tenant roles (kind 2); assigned to tenants; menus
 *   from the tenant tree.
 */
export type RoleSide = "user" | "tenant";
type SideConfig = { perm: string; upd: string; auth: string; tree: string; members: string; add: string; del: string; entity: string };
const SIDES: Record<RoleSide, SideConfig> = {
  user: { perm: "sys:role", upd: "sys/role/updUser", auth: "sys/role/updUserAuth", tree: "sys/menu/treeAuthPC", members: "sys/role/pageUser", add: "sys/role/addUser", del: "sys/role/delUser", entity: "entity" },
  tenant: { perm: "sys:tenantRole", upd: "sys/role/updTenant", auth: "sys/role/updTenantAuth", tree: "sys/menu/all/tenant", members: "sys/role/pageTenant", add: "sys/role/addTenant", del: "sys/role/delTenant", entity: "entityTenant" },
};
const ALL = { current: 1, size: 9999 };

/** Menu permissions of one role: the tri-state tree, saved as checked + half-checked ids. */
function AuthDialog({ side }: { side: RoleSide }) {
  const t = useTranslations("system.role");
  const tk = useTranslations("kit");
  const cfg = SIDES[side];
  const [roleId, setRoleId] = useUrlParam("auth");
  const info = useSWR<RoleInfo>(roleId ? ["sys/role/info", { id: roleId }] : null, swrFetcher, { shouldRetryOnError: false });
  const tree = useSWR<MenuTreeNode[]>(roleId ? cfg.tree : null, swrFetcher, { shouldRetryOnError: false });
  const [ids, setIds] = React.useState<number[] | null>(null);
  const [saving, run] = useBusy();
  React.useEffect(() => setIds(null), [roleId]);
  const value = ids ?? info.data?.menuIds ?? [];
  const ready = !!info.data && !!tree.data;
  const close = () => setRoleId(null);
  const save = () =>
    void run(async () => {
      await api.post(cfg.auth, { roleId: Number(roleId), menuIds: value });
      toast.success(tk("form.saved"));
      close();
    });
  return (
    <KitDialog
      open={!!roleId}
      onOpenChange={(o) => !o && close()}
      title={info.data ? t("authTitle", { name: info.data.name }) : t("auth")}
      width={720}
      testId="role-auth-dialog"
      footer={
        <DialogActions onCancel={close} onSubmit={save} disabled={!ready || saving} submitTestId="role-auth-save" />
      }
    >
      {info.error || tree.error ? (
        <p className="py-8 text-center text-sm text-destructive">{tk("form.loadFailed")}</p>
      ) : !ready ? (
        <Skeleton className="h-64" />
      ) : (
        <MenuTreeCheck nodes={tree.data!} value={value} onChange={setIds} />
      )}
    </KitDialog>
  );
}

/** Who holds a role: users (people picker) or, for a tenant role, tenants (list picker); the pickers add only newcomers. */
function RoleMembers({ side, onChanged }: { side: RoleSide; onChanged: () => Promise<unknown> }) {
  const t = useTranslations("system.role");
  const cfg = SIDES[side];
  const shared = {
    list: { path: cfg.members, params: ALL },
    owner: "roleId",
    removePath: cfg.del,
    perm: `${cfg.perm}:upd`,
    addIcon: <PlusIcon />,
    testId: "role-members-dialog",
    addTestId: "role-members-add",
    onChanged,
  };
  const add = (save: MembersPickerProps["save"], ids: number[], picked: number[]) => {
    const fresh = picked.filter((id) => !ids.includes(id));
    return fresh.length ? save(cfg.add, fresh) : undefined;
  };
  return side === "user" ? (
    <MembersDialog<RoleUserRow>
      {...shared}
      members="userIds"
      columns={userColumns(t)}
      labels={{ title: t("users"), add: t("addUsers"), remove: t("remove"), empty: t("noMembers") }}
      picker={({ open, onOpenChange, ids, save }) => (
        <PeoplePicker open={open} onOpenChange={onOpenChange} tabs={["user"]} disabled={{ userIds: ids }} onConfirm={(v) => add(save, ids, v.userIds)} title={t("addUsers")} />
      )}
    />
  ) : (
    <MembersDialog<RoleTenantRow>
      {...shared}
      members="tenantIds"
      columns={[
        { title: t("fields.tenantName"), cell: (r) => r.name },
        { title: t("fields.tenantCode"), cell: (r) => r.code ?? "-" },
      ]}
      labels={{ title: t("tenants"), add: t("addTenants"), remove: t("remove"), empty: t("noMembers") }}
      picker={({ open, onOpenChange, ids, save }) => (
        <ListPicker<TenantRow>
          open={open}
          onOpenChange={onOpenChange}
          title={t("addTenants")}
          endpoint="sys/tenant/page"
          columns={[
            { key: "name", title: t("fields.tenantName") },
            { key: "code", title: t("fields.tenantCode") },
          ]}
          multiple
          disabledIds={ids}
          onConfirm={(picked) => add(save, ids, picked.map(Number))}
        />
      )}
    />
  );
}

/** The list of one side; `kind` is the roles it lists and creates (the cloud decides too). */
function roleResource(side: RoleSide, kind: RoleKind) {
  const cfg = SIDES[side];
  const members = (r: RoleRow, ui: ResourceUi<RoleRow>) => ui.setParam("members", r.id);
  return defineResource<RoleRow>({
    entity: role,
    entityLabel: cfg.entity,
    api: "sys/role",
    perm: cfg.perm,
    endpoints: { upd: cfg.upd, export: false, import: false, template: false, openOrClose: false },
    schemas: { query: roleQuery.extend({ kind: z.literal(kind).catch(kind) }), update: roleUpdate },
    search: { keyword: "name", keywordPlaceholder: "placeholders.name", items: { name: { placeholder: "placeholders.name" }, kind: false } },
    columns: {
      name: {
        minWidth: 160,
        render: (r, ui) => (
          <span className="flex items-center gap-2">
            {r.name}
            {r.builtIn && <Badge variant="secondary">{ui.t("builtIn")}</Badge>}
          </span>
        ),
      },
      code: { minWidth: 140 },
      memberCount: { label: side === "user" ? "fields.userCount" : "fields.tenantCount", width: 110, type: "click", onClick: members },
    },
    form: { columns: 1, defaults: { kind }, placeholders: ["code"], fields: { name: multilingualField } },
    rowActions: [
      "edit",
      { key: "auth", label: "auth", perm: `${cfg.perm}:auth`, show: (r) => !r.builtIn, onClick: (r, ui) => ui.setParam("auth", r.id) },
      { key: "members", label: side === "user" ? "users" : "tenants", perm: `${cfg.perm}:upd`, onClick: members },
      { key: "del", label: "kit.actions.delete", perm: `${cfg.perm}:del`, danger: true, show: (r) => !r.builtIn, onClick: (r, ui) => ui.remove([r]) },
    ],
    toolbar: ["add"],
    slots: {
      dialogs: (ui) => (
        <>
          <AuthDialog side={side} />
          <RoleMembers side={side} onChanged={ui.refresh} />
        </>
      ),
    },
  });
}

// A platform's roleSet lists management roles, everything else tenant roles.
const RESOURCES = { platform: roleResource("user", 1), user: roleResource("user", 2), tenant: roleResource("tenant", 2) };

/** roleSet and tenantRoleSet: the same list, configured by side. */
export function RoleList({ side }: { side: RoleSide }) {
  const { tenantId } = useSession();
  return <ResourcePage resource={side === "tenant" ? RESOURCES.tenant : tenantId === 1 ? RESOURCES.platform : RESOURCES.user} />;
}
