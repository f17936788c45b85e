import { z } from "zod";
import { defineEntity, type RowOf } from "../entity";
import { text, textRequired } from "../validation";
import { dbId, keyField } from "../common";

/** User groups (groupSet): a name, a remark and members. */
const userIds = z.array(dbId).max(5000, "validation.maxItems");

export const group = defineEntity({
  ns: "system.group",
  fields: {
    id: keyField,
    groupName: { schema: textRequired(64), search: "contains" },
    memberCount: { kind: "number", readOnly: true },
    remark: { schema: text(500), kind: "textarea" },
    createTime: { kind: "datetime", readOnly: true },
    /** Members given with a new group (`addGroupWithRelation`); later through the members dialog. */
    userIds: { schema: userIds.default([]), kind: "custom", list: false, detail: false, export: false },
  },
});

/** `sys/group/add`: a group without members. */
export const groupAdd = group.body.omit({ userIds: true });
export type GroupAdd = z.infer<typeof groupAdd>;
/** `sys/group/upd`: name and remark (the members have their own calls). */
export const groupUpdate = groupAdd.extend({ id: dbId });
export type GroupUpdate = z.infer<typeof groupUpdate>;
/** `sys/group/addGroupWithRelation`: a group and its members in one call. */
export const groupWithRelation = group.body;
/** `sys/group/updGroupRelation`: the members replaced as a whole (may be emptied). */
export const groupRelation = z.object({ groupId: dbId, userIds });
/** `sys/group/addRelation` / `delRelation`: members added or removed. */
export const groupRelationChange = z.object({ groupId: dbId, userIds: userIds.min(1, "validation.minItems") });
export const groupQuery = group.query;
export const groupIdQuery = z.object({ groupId: dbId });

export type GroupRow = Omit<RowOf<typeof group.fields>, "userIds">;
export type GroupMember = { id: number; username: string; realname: string; departmentId: number | null; departmentName: string | null };
