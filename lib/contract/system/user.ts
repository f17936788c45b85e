import { z } from "zod";
import { pageQuery } from "../page-query";
import { ENUMS } from "../enums";
import { PASSWORD_MAX } from "../password";
import { email, landline, mobile, optional, selectRequired, text, textRequired, username } from "../validation";
import { dbId, optionalEnableState } from "./status";

/** User (core §3): username (rule §5), real name, employee ID, gender, position, mobile,
 *  landline, e-mail, avatar (≤ 4 MB, checked by the uploader), department and roles. */
const sex = optional(z.coerce.number().refine((n) => (ENUMS.sex as readonly number[]).includes(n), "validation.invalidOption"));
export const roleIds = z.array(dbId).max(100, "validation.maxItems");

const userFields = {
  realname: textRequired(64),
  employeeNo: text(32),
  sex,
  position: text(64),
  phone: mobile,
  landline,
  email,
  /** Stored path of the avatar image. */
  avatar: text(500),
  departmentId: selectRequired(dbId),
  roleIds: roleIds.default([]),
};

/** `sys/user/add`. Without a password the policy's initial password is used; either is checked
 *  against the policy. */
export const userAdd = z.object({
  username,
  ...userFields,
  password: optional(z.string().max(PASSWORD_MAX, "validation.maxLength")),
});
export type UserAdd = z.infer<typeof userAdd>;

/** The edit form gets phone and e-mail masked for a viewer who may not see them (core §6); sent
 *  back masked (masks hold `*`, which neither format allows) they mean "unchanged", so they parse
 *  as left out and the cloud keeps the stored value. */
const unlessMasked = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (typeof v === "string" && v.includes("*") ? undefined : v), schema);

/** `sys/user/upd`: the username stays what it was; roles, phone and e-mail are kept when not sent. */
export const userUpdate = z.object({ id: dbId, ...userFields, phone: unlessMasked(mobile), email: unlessMasked(email), roleIds: roleIds.optional() });
export type UserUpdate = z.infer<typeof userUpdate>;

/** `sys/user/page`: keyword over username, real name and phone; a department includes those below it. */
export const userQuery = pageQuery.extend({
  keyword: optional(z.string().trim().max(64, "validation.maxLength")),
  departmentId: z.preprocess((v) => (v === "" || v === null ? undefined : v), dbId.optional()),
  enabled: optionalEnableState,
});
export type UserQuery = z.infer<typeof userQuery>;

/** `sys/user/updAuth`: the user's roles, replaced as a whole. */
export const userAuthBody = z.object({ id: dbId, roleIds });
/** `sys/user/updQueryPhone`: 1 the user sees phone numbers and e-mails unmasked, 0 masked. */
export const QUERY_PHONE = [0, 1] as const;
export const queryPhoneBody = z.object({
  id: dbId,
  queryPhone: z.coerce.number().refine((n) => (QUERY_PHONE as readonly number[]).includes(n), "validation.invalidOption"),
});
export const usernameQuery = z.object({ username: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(64, "validation.maxLength") });
/** `sys/user/getDepartmentUserInfo?departmentId=`: a department and its direct members. */
export const departmentUserQuery = z.object({ departmentId: dbId });

/** A user as the console shows it; phone and e-mail masked for the viewer per phoneSet. */
export type UserRow = {
  id: number;
  username: string;
  realname: string;
  employeeNo: string | null;
  sex: number | null;
  position: string | null;
  phone: string | null;
  landline: string | null;
  email: string | null;
  avatar: string | null;
  departmentId: number | null;
  departmentName: string | null;
  roleIds: number[];
  roleNames: string[];
  /** 1 enabled, 2 disabled. */
  enabled: number;
  userIdentity: number;
  queryPhone: number;
  /** The tenant's administrator account: cannot be deleted. */
  tenantAdmin: boolean;
  createTime: string;
};
