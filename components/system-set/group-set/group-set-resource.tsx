"use client";

import dynamic from "next/dynamic";
import { multilingualField } from "@/components/kit/form/multilingual-input";
import { defineResource, deferredDialogs, resourcePage } from "@/components/kit";
import { group, groupApi, groupWithRelation, type GroupRow } from "@/lib/contract/system/group";

// The members field shows only in the add form and the members dialog only when opened: both with
// the people picker, out of the list's first load.
const MembersField = dynamic(() => import("./group-members-field").then((m) => m.MembersField));
const GroupMembers = deferredDialogs(() => import("./group-dialogs").then((m) => m.GroupMembers));

/** groupSet: user groups and their members. */
export const groupResource = defineResource<GroupRow>({
  entity: group,
  // A new group is added with its members in one call.
  calls: { ...groupApi, add: groupApi.addWithMembers },
  schemas: { create: groupWithRelation },
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
  slots: { dialogs: (ui) => <GroupMembers onChanged={ui.refresh} /> },
});

export const GroupList = resourcePage(groupResource);
