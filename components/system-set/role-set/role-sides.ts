/**
 * One role screen, two configurations (core §6):
 * - `user`: roleSet — management roles (kind 1) on the platform, a tenant's own roles (kind 2) on
 *   a tenant; assigned to users; menus from the caller's grantable tree (`treeAuthPC`).
 * - `tenant`: tenantRoleSet — the platform's tenant roles (kind 2); assigned to tenants; menus
 *   from the tenant tree.
 */
export type RoleSide = "user" | "tenant";
type SideConfig = { perm: string; upd: string; auth: string; tree: string; members: string; add: string; del: string; entity: string };
export const SIDES: Record<RoleSide, SideConfig> = {
  user: { perm: "sys:role", upd: "sys/role/updUser", auth: "sys/role/updUserAuth", tree: "sys/menu/treeAuthPC", members: "sys/role/pageUser", add: "sys/role/addUser", del: "sys/role/delUser", entity: "entity" },
  tenant: { perm: "sys:tenantRole", upd: "sys/role/updTenant", auth: "sys/role/updTenantAuth", tree: "sys/menu/all/tenant", members: "sys/role/pageTenant", add: "sys/role/addTenant", del: "sys/role/delTenant", entity: "entityTenant" },
};
