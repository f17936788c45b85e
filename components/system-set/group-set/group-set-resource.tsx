"use client";

import { multilingualField } from "@/components/kit/form/multilingual-input";
import * as React from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { UserPlusIcon, XIcon } from "lucide-react";
import { defineResource, ResourcePage } from "@/components/kit";
import { PeoplePicker } from "@/components/kit/pickers";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { swrFetcher } from "@/lib/api/fetcher";
import type { Page } from "@/lib/contract/envelope";
import { group, groupWithRelation, type GroupMember, type GroupRow } from "@/lib/contract/system/group";
import type { UserRow } from "@/lib/contract/system/user";
import { MembersDialog, userColumns } from "@/components/kit/dialogs/members-dialog";

const USERS_KEY = ["sys/user/page", { current: 1, size: 9999 }] as const;

/** Members of a new group: chosen with the people picker, shown as name chips. */
function MembersField({ value, onChange, disabled }: { value: unknown; onChange: (ids: number[]) => void; disabled: boolean }) {
  const t = useTranslations("system.group");
  const [open, setOpen] = React.useState(false);
  const ids = Array.isArray(value) ? (value as number[]) : [];
  const { data } = useSWR<Page<UserRow>>(ids.length ? USERS_KEY : null, swrFetcher);
  const names = new Map((data?.records ?? []).map((u) => [u.id, u.realname || u.username]));
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button type="button" size="sm" variant="outline" disabled={disabled} onClick={() => setOpen(true)} data-testid="group-members-choose">
          <UserPlusIcon />
          {t("chooseMembers")}
        </Button>
      </div>
      {ids.length > 0 && (
        <div className="flex flex-wrap gap-1">
          {ids.map((id) => (
            <Badge key={id} variant="secondary" className="gap-1">
              {names.get(id) ?? id}
              {!disabled && (
                <button type="button" aria-label={t("removeMember")} onClick={() => onChange(ids.filter((x) => x !== id))}>
                  <XIcon className="size-3" />
                </button>
              )}
            </Badge>
          ))}
        </div>
      )}
      <PeoplePicker open={open} onOpenChange={setOpen} tabs={["user"]} value={{ userIds: ids }} onConfirm={(v) => onChange(v.userIds)} title={t("chooseMembers")} />
    </div>
  );
}

/** A group's members: the picker replaces them as a whole (`updGroupRelation`), a row's × removes one (`delRelation`). */
function GroupMembers({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const t = useTranslations("system.group");
  return (
    <MembersDialog<GroupMember>
      list={{ path: "sys/group/queryRelation" }}
      owner="groupId"
      members="userIds"
      removePath="sys/group/delRelation"
      perm="sys:group:upd"
      columns={userColumns(t)}
      labels={{ title: t("members"), add: t("chooseMembers"), remove: t("removeMember"), empty: t("noMembers") }}
      addIcon={<UserPlusIcon />}
      testId="group-members-dialog"
      addTestId="group-members-pick"
      picker={({ open, onOpenChange, ids, save }) => (
        <PeoplePicker open={open} onOpenChange={onOpenChange} tabs={["user"]} value={{ userIds: ids }} onConfirm={(v) => save("sys/group/updGroupRelation", v.userIds)} title={t("chooseMembers")} />
      )}
      onChanged={onChanged}
    />
  );
}

/** groupSet: user groups and their members. */
export const groupResource = defineResource<GroupRow>({
  entity: group,
  api: "sys/group",
  perm: "sys:group",
  endpoints: { page: "sys/group/list", info: false, add: "sys/group/addGroupWithRelation", export: false, import: false, template: false, openOrClose: false },
  schemas: { create: groupWithRelation },
  search: { keyword: "groupName", keywordPlaceholder: "fields.groupName" },
  columns: { groupName: { type: "click", minWidth: 160, onClick: (r, ui) => ui.setParam("members", r.id) } },
  form: {
    columns: 1,
    defaults: { userIds: [] },
    fields: {
      groupName: multilingualField,
      remark: {},
      userIds: { type: "custom", label: "fields.members", show: (_v, mode) => mode === "create", render: ({ field, disabled }) => <MembersField value={field.value} onChange={field.onChange} disabled={disabled} /> },
    },
  },
  rowActions: [{ key: "members", label: "members", onClick: (r, ui) => ui.setParam("members", r.id) }, "edit", "del"],
  toolbar: ["add", "batchDelete"],
  multiple: true,
  slots: { dialogs: (ui) => <GroupMembers onChanged={ui.refresh} /> },
});

export function GroupList() {
  return <ResourcePage resource={groupResource} />;
}
