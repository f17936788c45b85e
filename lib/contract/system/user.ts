import { z } from "zod";
import { defineEntity, keyField, type RowOf } from "../entity";
import { ENUMS } from "../enums";
import { defineCall, pageOf } from "../call";
import { crudCalls } from "../entity-calls";
import { PASSWORD_MAX, passwordForm } from "../password";
import { ORG_READERS } from "./org";
import { email, landline, mobile, optional, selectRequired, text, textRequired, username } from "../validation";
import { dbId, enableState, idAnswer, idQuery, statusBody } from "../common";
import { i18nField, i18nTextsAnswer } from "../i18n-text";

/** User (core §3): username (rule §5), real name, employee ID, gender, position, mobile,
 *  landline, e-mail, avatar (≤ 4 MB, checked by the uploader), department and roles. */
const sex = optional(z.coerce.number().refine((n) => (ENUMS.sex as readonly number[]).includes(n), "validation.invalidOption"));
export const roleIds = z.array(dbId).max(100, "validation.maxItems");

export const user = defineEntity({
  ns: "system.user",
  api: "sys/user", perm: "sys:user",
  fields: {
    id: keyField,
    username: { schema: username },
    realname: { schema: textRequired(64) },
    employeeNo: { schema: text(32) },
    sex: { schema: sex, kind: "radio", dict: "sex", list: false },
    position: { schema: text(64), list: false },
    departmentName: { schema: z.string().nullable(), readOnly: true, label: "fields.departmentId" },
    roleNames: { schema: z.array(z.string()), readOnly: true, kind: "multiselect", label: "fields.roleIds" },
    phone: { schema: mobile, kind: "phone" },
    landline: { schema: landline, list: false },
    email: { schema: email, kind: "email" },
    /** A department includes those below it in the list's filter. */
    departmentId: { schema: selectRequired(dbId), kind: "id", search: "eq", list: false, detail: false },
    roleIds: { schema: roleIds.default([]), kind: "custom", list: false, detail: false },
    /** Without a password the policy's initial password is used; either is checked against the policy. */
    password: { schema: optional(z.string().max(PASSWORD_MAX, "validation.maxLength")), kind: "password", list: false, detail: false, export: false },
    /** Stored path of the avatar image. */
    avatar: { schema: text(500), kind: "image", purpose: "avatar", list: false },
    /** 1 enabled, 2 disabled. */
    enabled: { schema: enableState, readOnly: true, kind: "switch", dict: "enableState", search: "eq" },
    /** 1 the user sees phone numbers and e-mails unmasked, 0 masked. */
    queryPhone: { schema: z.number(), kind: "switch", readOnly: true },
    userIdentity: { kind: "number", readOnly: true, list: false, detail: false, export: false },
    /** The tenant's administrator account: cannot be deleted. */
    tenantAdmin: { schema: z.boolean(), readOnly: true, list: false, detail: false, export: false },
    createTime: { kind: "datetime", readOnly: true },
    i18n: i18nField,
  },
});

/** The edit form gets phone and e-mail masked for a viewer who may not see them (core §6); sent
 *  back masked (masks hold `*`, which neither format allows) they mean "unchanged", so they parse
 *  as left out and the cloud keeps the stored value. */
const unlessMasked = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (typeof v === "string" && v.includes("*") ? undefined : v), schema);

/** `sys/user/upd`: the username stays what it was; roles, phone and e-mail are kept when not sent. */
const { username: _u, password: _p, ...userShape } = user.shape;
export const userUpdate = z.object({ id: dbId, ...userShape, phone: unlessMasked(mobile), email: unlessMasked(email), roleIds: roleIds.optional() });
export type UserUpdate = z.infer<typeof userUpdate>;

/** `sys/user/page`: keyword over username, real name and phone; a department includes those below it. */
export const userQuery = user.query.extend({ keyword: optional(z.string().trim().max(64, "validation.maxLength")) });
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
export type UserRow = Omit<RowOf<typeof user.fields>, "password" | "departmentId"> & { departmentId: number | null };
const orNull = z.string().nullable();
export const userRow = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string(),
  employeeNo: orNull,
  sex: z.number().int().nullable(),
  position: orNull,
  phone: orNull,
  landline: orNull,
  email: orNull,
  avatar: orNull,
  departmentId: z.number().int().nullable(),
  departmentName: orNull,
  roleIds: z.array(z.number().int()),
  roleNames: z.array(z.string()),
  enabled: z.number().int(),
  userIdentity: z.number().int(),
  queryPhone: z.number().int(),
  tenantAdmin: z.boolean(),
  createTime: z.string(),
  i18n: i18nTextsAnswer,
}) satisfies z.ZodType<UserRow>;

/** `getDepartmentUserInfo`: a department and its direct members. */
export const departmentUsers = z.object({ department: z.object({ id: z.number().int(), departmentName: z.string(), parentId: z.number().int().nullable() }), users: z.array(userRow) });

const row = userRow;
/** sys/user: the tenant's users (contacts masked for the viewer), their roles, state and passwords. */
export const userApi = {
  ...crudCalls(user, { only: ["del"] }),
  upd: defineCall({ kind: "post", path: "sys/user/upd", input: userUpdate, answer: userRow, access: { perm: "sys:user:upd" } }),
  page: defineCall({ kind: "get", path: "sys/user/page", input: userQuery, answer: pageOf(row), access: ORG_READERS }),
  departmentUsers: defineCall({ kind: "get", path: "sys/user/getDepartmentUserInfo", input: departmentUserQuery, answer: departmentUsers, access: ORG_READERS }),
  info: defineCall({ kind: "get", path: "sys/user/getUserInfoById", input: idQuery, answer: row, access: ORG_READERS }),
  byUsername: defineCall({ kind: "get", path: "sys/user/getUserInfoByUsername", input: usernameQuery, answer: row, access: ORG_READERS }),
  add: defineCall({ kind: "post", path: "sys/user/add", input: user.body, answer: row, access: { perm: "sys:user:add" } }),
  updAuth: defineCall({ kind: "post", path: "sys/user/updAuth", input: userAuthBody, answer: idAnswer, access: { perm: "sys:user:upd" } }),
  openOrClose: defineCall({ kind: "post", path: "sys/user/openOrClose", input: statusBody, answer: z.object({ id: z.number().int(), status: z.number().int() }), access: { perm: "sys:user:openOrClose" } }),
  updQueryPhone: defineCall({ kind: "post", path: "sys/user/updQueryPhone", input: queryPhoneBody, answer: z.object({ id: z.number().int(), queryPhone: z.number().int() }), access: { perm: "sys:user:upd" } }),
  resetPwd: defineCall({ kind: "post", path: "sys/user/updUserPwd", input: passwordForm, answer: idAnswer, access: { perm: "sys:user:resetPwd" } }),
  /** One's own password (the id must be the caller's). */
  updPwd: defineCall({ kind: "post", path: "sys/user/updPwd", input: passwordForm, answer: idAnswer, access: "user", scope: "own" }),
};
