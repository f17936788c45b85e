import { z } from "zod";
import { defineCall, pageOf } from "../call";
import { dbId, idAnswer } from "../common";
import { crudCalls } from "../entity-calls";
import { ORG_READERS } from "./org";
import { i18nField, i18nTextsAnswer } from "../i18n-text";
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
export const groupRow = z.object({
  id: z.number().int(),
  groupName: z.string(),
  memberCount: z.number().int(),
  remark: z.string().nullable(),
  createTime: z.string(),
  i18n: i18nTextsAnswer,
}) satisfies z.ZodType<GroupRow>;
/** What add and upd answer: the stored row, whose member count only the list reads (null here). */
const savedGroup = groupRow.extend({ memberCount: z.number().int().nullable() });
export const groupMember = z.object({ id: z.number().int(), username: z.string(), realname: z.string(), departmentId: z.number().int().nullable(), departmentName: z.string().nullable() });
export type GroupMember = z.infer<typeof groupMember>;

const upd = { perm: "sys:group:upd" };
/** sys/group: groups (paged as `list`), their members, and a group made with its members in one call. */
export const groupApi = {
  ...crudCalls(group, { only: ["del"] }),
  page: defineCall({ kind: "get", path: "sys/group/list", input: group.query, answer: pageOf(groupRow), access: ORG_READERS }),
  add: defineCall({ kind: "post", path: "sys/group/add", input: group.body, answer: savedGroup, access: { perm: "sys:group:add" } }),
  upd: defineCall({ kind: "post", path: "sys/group/upd", input: group.update, answer: savedGroup, access: upd }),
  members: defineCall({ kind: "get", path: "sys/group/queryRelation", input: groupIdQuery, answer: z.array(groupMember), access: ORG_READERS }),
  addWithMembers: defineCall({ kind: "post", path: "sys/group/addGroupWithRelation", input: groupWithRelation, answer: idAnswer, access: { perm: "sys:group:add" } }),
  /** Members as a whole, added, or removed. */
  setMembers: defineCall({ kind: "post", path: "sys/group/updGroupRelation", input: groupRelation, answer: idAnswer, access: upd }),
  addMembers: defineCall({ kind: "post", path: "sys/group/addRelation", input: groupRelationChange, answer: idAnswer, access: upd }),
  delMembers: defineCall({ kind: "post", path: "sys/group/delRelation", input: groupRelationChange, answer: idAnswer, access: upd }),
};
