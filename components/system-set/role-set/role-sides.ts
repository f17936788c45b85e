import { permsOf, type AnyCall } from "@/lib/contract/call";
import { menuApi } from "@/lib/contract/system/menu";
import { roleApi } from "@/lib/contract/system/role";

/**
 * One role screen, two configurations (core §6):
 * - `user`: roleSet — management roles (kind 1) on the platform, a tenant's own roles (kind 2) on
 *   a tenant; assigned to users; menus from the caller's grantable tree (`treeAuthPC`).
 * - `tenant`: tenantRoleSet — the platform's tenant roles (kind 2); assigned to tenants; menus
 *   from the tenant tree.
 */
export type RoleSide = "user" | "tenant";

// add and del serve both screens and take either side's code, roleSet's first.
const sideOf = { user: 0, tenant: 1 } as const;
type Calls = Record<"upd" | "auth" | "tree" | "members" | "add" | "del", AnyCall>;
const side = <C extends Calls>(s: RoleSide, calls: C, entity: string) => ({
  ...calls,
  entity,
  perms: { add: permsOf(roleApi.add)[sideOf[s]], upd: permsOf(calls.upd)[0], del: permsOf(roleApi.del)[sideOf[s]], auth: permsOf(calls.auth)[0], members: permsOf(calls.add)[0] },
});

export const SIDES = {
  user: side("user", { upd: roleApi.updUser, auth: roleApi.updUserAuth, tree: menuApi.grantable, members: roleApi.pageUser, add: roleApi.addUser, del: roleApi.delUser }, "entity"),
  tenant: side("tenant", { upd: roleApi.updTenant, auth: roleApi.updTenantAuth, tree: menuApi.allTenant, members: roleApi.pageTenant, add: roleApi.addTenant, del: roleApi.delTenant }, "entityTenant"),
};
