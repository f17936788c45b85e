import { z } from "zod";
import { pageQuery } from "../page-query";
import { optional, text, textRequired } from "../validation";
import { dbId } from "./status";

/** User groups (groupSet): a name, a remark and members. */
const userIds = z.array(dbId).max(5000, "validation.maxItems");
const groupFields = { groupName: textRequired(64), remark: text(500) };

export const groupAdd = z.object(groupFields);
export type GroupAdd = z.infer<typeof groupAdd>;
export const groupUpdate = z.object({ id: dbId, ...groupFields });
export type GroupUpdate = z.infer<typeof groupUpdate>;
/** `sys/group/addGroupWithRelation`: a group and its members in one call. */
export const groupWithRelation = z.object({ ...groupFields, userIds: userIds.default([]) });
/** `sys/group/updGroupRelation`: the members replaced as a whole (may be emptied). */
export const groupRelation = z.object({ groupId: dbId, userIds });
/** `sys/group/addRelation` / `delRelation`: members added or removed. */
export const groupRelationChange = z.object({ groupId: dbId, userIds: userIds.min(1, "validation.minItems") });
export const groupQuery = pageQuery.extend({ groupName: optional(z.string().trim().max(64, "validation.maxLength")) });
export const groupIdQuery = z.object({ groupId: dbId });

export type GroupRow = { id: number; groupName: string; remark: string | null; memberCount: number; createTime: string };
export type GroupMember = { id: number; username: string; realname: string; departmentId: number | null; departmentName: string | null };
