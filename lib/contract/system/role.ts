import { z } from "zod";
import { i18nField, i18nTextsAnswer } from "../i18n-text";
import { defineEntity, keyField, type RowOf } from "../entity";
import { ENUMS } from "../enums";
import { codeRequired, optional, selectRequired, text, textRequired } from "../validation";
import { defineCall, pageOf } from "../call";
import { dbId, idAnswer, idQuery, pageQuery } from "../common";
import { crudCalls } from "../entity-calls";

/**
 * Roles (core §6). Kind 1: a management role (platform, `sys` menu tree). Kind 2: a tenant role —
 * defined by the platform and assigned to tenants (tenantRoleSet), or a tenant's own role
 * assigned to its users (roleSet on the tenant side). `admin` and `tenantAdmin` are the
 * built-in administrator roles: reserved, never deleted.
 */
export const ROLE_KINDS = ENUMS.roleKind;
export const RESERVED_ROLE_CODES = ["admin", "tenantAdmin"] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];
const kind = z.coerce.number().refine((n) => (ROLE_KINDS as readonly number[]).includes(n), "validation.invalidOption");
const menuIds = z.array(dbId).max(5000, "validation.maxItems");

export const role = defineEntity({
  ns: "system.role",
  api: "sys/role", perm: "sys:role",
  nameField: "name",
  fields: {
    id: keyField,
    name: { schema: textRequired(64), search: "contains" },
    code: { schema: codeRequired },
    /** A tenant's users can only create kind 2. */
    kind: { schema: selectRequired(kind), kind: "select", dict: "roleKind", search: "eq", list: false, detail: false, form: false },
    /** Users (or, for a platform tenant role, tenants) holding the role. */
    memberCount: { kind: "number", readOnly: true },
    remark: { schema: text(500), kind: "textarea" },
    createTime: { kind: "datetime", readOnly: true },
    /** The built-in administrator role: not deletable, every menu of its side. */
    builtIn: { schema: z.boolean(), readOnly: true, list: false, detail: false, export: false },
    menuIds: { schema: menuIds.default([]), list: false, detail: false, form: false, export: false },
    i18n: i18nField,
  },
});

/** `sys/role/add`. */
export type RoleAdd = z.infer<typeof role.body>;
/** `sys/role/updUser` (a management or the tenant's own role) and `sys/role/updTenant` (a platform tenant role). */
export const roleUpdate = role.body.omit({ kind: true, menuIds: true }).extend({ id: dbId });
export type RoleUpdate = z.infer<typeof roleUpdate>;
export const roleQuery = role.query;
/** `sys/role/updUserAuth` and `updTenantAuth`: the checked menus plus their half-checked parents. */
export const roleAuthBody = z.object({ roleId: dbId, menuIds });
/** `sys/role/addUser` / `delUser`: users given or taken the role. */
export const roleUsersBody = z.object({ roleId: dbId, userIds: z.array(dbId).min(1, "validation.minItems").max(500, "validation.maxItems") });
/** `sys/role/delUserRoleRelation`: one user loses one role. */
export const userRoleRelation = z.object({ roleId: dbId, userId: dbId });
/** `sys/role/addTenant` / `delTenant`: tenants given or taken a platform tenant role. */
export const roleTenantsBody = z.object({ roleId: dbId, tenantIds: z.array(dbId).min(1, "validation.minItems").max(500, "validation.maxItems") });
/** `sys/role/pageUser` / `pageTenant`. */
export const roleMembersQuery = pageQuery.extend({ roleId: dbId, keyword: optional(z.string().trim().max(64, "validation.maxLength")) });

export type RoleRow = Omit<RowOf<typeof role.fields>, "kind" | "menuIds"> & { kind: RoleKind };
export type RoleInfo = RoleRow & { menuIds: number[] };
export const roleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  kind: z.literal(ROLE_KINDS),
  remark: z.string().nullable(),
  builtIn: z.boolean(),
  memberCount: z.number().int(),
  createTime: z.string(),
  i18n: i18nTextsAnswer,
}) satisfies z.ZodType<RoleRow>;
export const roleInfo = roleRow.extend({ menuIds: z.array(z.number().int()) }) satisfies z.ZodType<RoleInfo>;
export const roleUserRow = z.object({ id: z.number().int(), username: z.string(), realname: z.string(), departmentName: z.string().nullable(), enabled: z.number().int() });
export type RoleUserRow = z.infer<typeof roleUserRow>;
export const roleTenantRow = z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable(), enabled: z.number().int() });
export type RoleTenantRow = z.infer<typeof roleTenantRow>;

/** Screens that show roles: their lists, and the pickers of users' and tenants' roles. */
export const ROLE_SCREENS = ["/systemSet/roleSet", "/systemSet/tenantRoleSet", "/systemSet/userSet", "/systemSet/tenantSet"];
const user = (action: "upd" | "auth") => ({ perm: `sys:role:${action}` });
/** A platform tenant role's writes (platform only, checked by the cloud beside the code). */
const tenant = (action: "upd" | "auth") => ({ perm: `sys:tenantRole:${action}` });

/**
 * sys/role: management and tenant-side roles (roleSet, assigned to users) and the platform's tenant
 * roles (tenantRoleSet, assigned to tenants). add and del serve both screens: the cloud checks the
 * code of the role's own kind.
 */
export const roleApi = {
  ...crudCalls(role, { only: ["del"], perms: { del: ["sys:role:del", "sys:tenantRole:del"] } }),
  add: defineCall({ kind: "post", path: "sys/role/add", input: role.body, answer: roleRow, access: { perm: ["sys:role:add", "sys:tenantRole:add"] } }),
  page: defineCall({ kind: "get", path: "sys/role/page", input: roleQuery, answer: pageOf(roleRow), access: { menu: ROLE_SCREENS } }),
  info: defineCall({ kind: "get", path: "sys/role/info", input: idQuery, answer: roleInfo, access: { menu: ROLE_SCREENS } }),
  updUser: defineCall({ kind: "post", path: "sys/role/updUser", input: roleUpdate, answer: idAnswer, access: user("upd") }),
  updTenant: defineCall({ kind: "post", path: "sys/role/updTenant", input: roleUpdate, answer: idAnswer, access: tenant("upd") }),
  updUserAuth: defineCall({ kind: "post", path: "sys/role/updUserAuth", input: roleAuthBody, answer: idAnswer, access: user("auth") }),
  updTenantAuth: defineCall({ kind: "post", path: "sys/role/updTenantAuth", input: roleAuthBody, answer: idAnswer, access: tenant("auth") }),
  pageUser: defineCall({ kind: "get", path: "sys/role/pageUser", input: roleMembersQuery, answer: pageOf(roleUserRow), access: { menu: ROLE_SCREENS } }),
  addUser: defineCall({ kind: "post", path: "sys/role/addUser", input: roleUsersBody, answer: idAnswer, access: user("upd") }),
  delUser: defineCall({ kind: "post", path: "sys/role/delUser", input: roleUsersBody, answer: idAnswer, access: user("upd") }),
  /** One user loses one role, from the user's row. */
  delUserRole: defineCall({ kind: "post", path: "sys/role/delUserRoleRelation", input: userRoleRelation, answer: idAnswer, access: user("upd") }),
  pageTenant: defineCall({ kind: "get", path: "sys/role/pageTenant", input: roleMembersQuery, answer: pageOf(roleTenantRow), access: { menu: ["/systemSet/tenantRoleSet", "/systemSet/tenantSet"] } }),
  addTenant: defineCall({ kind: "post", path: "sys/role/addTenant", input: roleTenantsBody, answer: idAnswer, access: tenant("upd") }),
  delTenant: defineCall({ kind: "post", path: "sys/role/delTenant", input: roleTenantsBody, answer: idAnswer, access: tenant("upd") }),
};
