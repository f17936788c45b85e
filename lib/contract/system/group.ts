import { z } from "zod";
import { dbId } from "../common";
import { i18nField } from "../i18n-text";
import { defineEntity, keyField, type RowOf } from "../entity";
import { text, textRequired } from "../validation";

/** User groups (groupSet): a name, a remark and members. */
export const group = defineEntity({
  ns: "system.group",
  api: "sys/group", perm: "sys:group",
  nameField: "groupName",
  fields: {
    id: keyField,
    groupName: { schema: textRequired(64), search: "contains" },
    memberCount: { kind: "number", readOnly: true },
    remark: { schema: text(500), kind: "textarea" },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt" },
    i18n: i18nField,
  },
});
const userIds = z.array(dbId).max(5000, "validation.maxItems");

/** `sys/group/addGroupWithRelation`: a group and its members in one call. */
export const groupWithRelation = group.body.extend({ userIds: userIds.default([]) });
/** `sys/group/updGroupRelation`: the members replaced as a whole (may be emptied). */
export const groupRelation = z.object({ groupId: dbId, userIds });
/** `sys/group/addRelation` / `delRelation`: members added or removed. */
export const groupRelationChange = z.object({ groupId: dbId, userIds: userIds.min(1, "validation.minItems") });
export const groupIdQuery = z.object({ groupId: dbId });

export type GroupRow = RowOf<typeof group.fields>;
export type GroupMember = { id: number; username: string; realname: string; departmentId: number | null; departmentName: string | null };
