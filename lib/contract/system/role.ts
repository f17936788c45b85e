import { z } from "zod";
import { i18nField } from "../i18n-text";
import { defineEntity, keyField, type RowOf } from "../entity";
import { ENUMS } from "../enums";
import { codeRequired, optional, selectRequired, text, textRequired } from "../validation";
import { dbId, pageQuery } from "../common";

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
export type RoleUserRow = { id: number; username: string; realname: string; departmentName: string | null; enabled: number };
export type RoleTenantRow = { id: number; name: string; code: string | null; enabled: number };
