"use client";

import { useTranslations } from "next-intl";
import { UserPlusIcon } from "lucide-react";
import { MembersDialog, userColumns } from "@/components/kit/dialogs/members-dialog";
import { PeoplePicker } from "@/components/kit/pickers";
import { permsOf } from "@/lib/contract/call";
import { groupApi, type GroupMember } from "@/lib/contract/system/group";

/** A group's members: the picker replaces them as a whole (`updGroupRelation`), a row's × removes one (`delRelation`). */
export function GroupMembers({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const t = useTranslations("system.group");
  return (
    <MembersDialog<GroupMember>
      list={{ call: groupApi.members }}
      owner="groupId"
      members="userIds"
      remove={groupApi.delMembers}
      perm={permsOf(groupApi.setMembers)[0]}
      columns={userColumns(t)}
      labels={{ title: t("members"), add: t("chooseMembers"), remove: t("removeMember"), empty: t("noMembers") }}
      addIcon={<UserPlusIcon />}
      testId="group-members-dialog"
      addTestId="group-members-pick"
      picker={({ open, onOpenChange, ids, save }) => (
        <PeoplePicker open={open} onOpenChange={onOpenChange} tabs={["user"]} value={{ userIds: ids }} onConfirm={(v) => save(groupApi.setMembers, v.userIds)} title={t("chooseMembers")} />
      )}
      onChanged={onChanged}
    />
  );
}
