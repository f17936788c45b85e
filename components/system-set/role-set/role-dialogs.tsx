"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { PlusIcon } from "lucide-react";
import { KitDialog } from "@/components/kit/dialogs/kit-dialog";
import { MembersDialog, userColumns, type MembersPickerProps } from "@/components/kit/dialogs/members-dialog";
import { ListPicker, PeoplePicker } from "@/components/kit/pickers";
import { useUrlParam } from "@/components/kit/url-param";
import { useBusy } from "@/components/kit/use-busy";
import { Skeleton } from "@/components/ui/skeleton";
import { call, useCall } from "@/lib/api/call";
import { roleApi, type RoleTenantRow, type RoleUserRow } from "@/lib/contract/system/role";
import { tenantApi, type TenantRow } from "@/lib/contract/system/tenant";
import { MenuTreeCheck } from "../menu-tree-check";
import { SIDES, type RoleSide } from "./role-sides";

const ALL = { current: 1, size: 9999 };

/** Menu permissions of one role: the tri-state tree, saved as checked + half-checked ids. */
function AuthDialog({ side }: { side: RoleSide }) {
  const t = useTranslations("system.role");
  const tk = useTranslations("kit");
  const cfg = SIDES[side];
  const [roleId, setRoleId] = useUrlParam("auth");
  const info = useCall(roleApi.info, roleId ? { id: roleId } : null, { shouldRetryOnError: false });
  const tree = useCall(cfg.tree, roleId ? {} : null, { shouldRetryOnError: false });
  const [ids, setIds] = React.useState<number[] | null>(null);
  const [saving, run] = useBusy();
  React.useEffect(() => setIds(null), [roleId]);
  const value = ids ?? info.data?.menuIds ?? [];
  const ready = !!info.data && !!tree.data;
  const close = () => setRoleId(null);
  const save = () =>
    void run(async () => {
      await call(cfg.auth, { roleId: Number(roleId), menuIds: value });
      toast.success(tk("form.saved"));
      close();
    });
  return (
    <KitDialog
      open={!!roleId}
      onClose={close}
      title={info.data ? t("authTitle", { name: info.data.name }) : t("auth")}
      width={720}
      testId="role-auth-dialog"
      actions={{ onSubmit: save, disabled: !ready || saving, submitTestId: "role-auth-save" }}
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
    list: { call: cfg.members, params: ALL },
    owner: "roleId",
    remove: cfg.del,
    perm: cfg.perms.members,
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
          call={tenantApi.page}
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
/** The role list's own dialogs, opened by `?auth=<id>` and `?members=<id>`; loaded after the list (`deferredDialogs`). */
export function RoleDialogs({ side, onChanged }: { side: RoleSide; onChanged: () => Promise<unknown> }) {
  return (
    <>
      <AuthDialog side={side} />
      <RoleMembers side={side} onChanged={onChanged} />
    </>
  );
}
