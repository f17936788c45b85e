import { eq } from "drizzle-orm";
import type { CurrentMenus, MenuNode } from "@/lib/shell/menu";
import { menus } from "../../db/schema";
import type { Db } from "../../db/client";
import { menuApi } from "@/lib/contract/system/menu";
import { permissionCodes } from "../../lib/auth";
import type { Auth } from "../../lib/context";
import { effectiveMenuIds } from "../../lib/menu-access";
import { serve } from "../../lib/serve";

type MenuRow = typeof menus.$inferSelect;

/**
 * The caller's menu tree from their roles, read on every call so a role change shows at once.
 * Entries only: button nodes are permission codes and come back in `perms`. A folder shows when
 * it holds a granted entry, whether or not the folder itself was ticked (a half-checked parent).
 */
async function currentMenus(db: Db, auth: Pick<Auth, "roleIds" | "isPlatform">): Promise<CurrentMenus> {
  if (!auth.roleIds.length) return { menus: [], perms: [] };
  const scope = auth.isPlatform ? "sys" : "tenant";
  // The one answer to "which menus may this user use": roles, built-in administrators, tenant authorisation.
  const [all, grantedIds, perms] = await Promise.all([db.select().from(menus).where(eq(menus.scope, scope)), effectiveMenuIds(db, auth), permissionCodes(db, auth.roleIds)]);
  const children = new Map<number | null, MenuRow[]>();
  for (const row of all) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);

  const build = (parentId: number | null): MenuNode[] =>
    (children.get(parentId) ?? [])
      .filter((row) => row.type === "menu")
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .flatMap((row) => {
        const childrens = build(row.id);
        const isEntry = !!row.path || row.frame === 1;
        if (isEntry ? !grantedIds.has(row.id) : childrens.length === 0) return [];
        return [{ id: row.id, name: row.name, nameEn: row.nameEn, icon: row.icon, path: row.path, frame: row.frame, framePath: row.framePath, type: "menu" as const, childrens }];
      });

  return { menus: build(null), perms: [...perms].sort() };
}

export const currentMenuServed = [serve(menuApi.current, (c) => currentMenus(c.var.deps.db, c.var.auth))];
