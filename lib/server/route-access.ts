import { CATALOGUE } from "@/lib/contract/catalogue";
import { menusOf } from "@/lib/contract/call";
import { flattenMenu, type MenuNode } from "@/lib/shell/menu";
import { ROUTES } from "@/lib/shell/routes";

/** The screens the cloud opens by menu (a call's `access.menu`), read from the catalogue so console and cloud agree. */
const MENU_SCREENS = new Set(CATALOGUE.flatMap(menusOf));

/**
 * The screens a user's menu does not open though the cloud reads them by menu: the console shows "no access" there
 * instead of a page whose every call answers 403 (a screen opened by its address). Detail pages are left to their
 * calls: they are opened from other screens' links, and their calls accept each screen that links to them.
 */
export function closedScreens(menus: MenuNode[]): string[] {
  const open = new Set(flattenMenu(menus).map(({ node }) => node.path?.toLowerCase()));
  return ROUTES.filter((r) => !r.parent && MENU_SCREENS.has(r.path) && !open.has(r.path.toLowerCase())).map((r) => r.path);
}
