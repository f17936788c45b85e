import { HOME_PATH, routeByPath, type RouteDef } from "./routes";

/** The caller's menus (`menuApi.current`): entries only; buttons become `perms`. */
export type MenuNode = {
  id: number;
  name: string;
  nameEn: string;
  icon: string | null;
  path: string | null;
  frame: number;
  framePath: string | null;
  type: "menu";
  childrens: MenuNode[];
};
export type CurrentMenus = { menus: MenuNode[]; perms: string[] };

/** The fixed home entry the side menu and the palette put first (not part of the cloud's tree). */
export const homeEntry = (title: string): MenuNode => ({ id: 0, name: title, nameEn: title, icon: "house", path: HOME_PATH, frame: 0, framePath: null, type: "menu", childrens: [] });

export const menuTitle = (node: Pick<MenuNode, "name" | "nameEn">, locale: string) => (locale === "en" && node.nameEn ? node.nameEn : node.name);

/** What clicking an entry does (core §2 Shell, §8). */
export type EntryAction =
  | { kind: "navigate"; href: string; route: RouteDef }
  | { kind: "window"; href: string }
  | { kind: "needsProject" }
  | { kind: "misconfigured" };

export function entryAction(node: Pick<MenuNode, "path" | "frame" | "framePath">, ctx: { tenantId: number; projId: number | null }): EntryAction {
  if (node.frame === 1) return node.framePath ? { kind: "window", href: node.framePath } : { kind: "misconfigured" };
  const route = node.path ? routeByPath(node.path) : undefined;
  if (!route || !route.tab && !route.newWindow) return { kind: "misconfigured" };
  if (route.needsProject && !ctx.projId) return { kind: "needsProject" };
  if (route.newWindow) return { kind: "window", href: `${route.path}?${new URLSearchParams({ tId: String(ctx.tenantId), projId: String(ctx.projId) })}` };
  return { kind: "navigate", href: route.path, route };
}

/** Leaf entries with the folders above them, depth first, in menu order. */
export function flattenMenu(nodes: MenuNode[], trail: MenuNode[] = []): { node: MenuNode; trail: MenuNode[] }[] {
  return nodes.flatMap((n) => (n.childrens.length ? flattenMenu(n.childrens, [...trail, n]) : n.path || n.frame === 1 ? [{ node: n, trail }] : []));
}

/** The path whose menu entry stands for a page: a detail page's list, else the page itself. */
export const menuPathOf = (pathname: string): string => (routeByPath(pathname)?.parent ?? pathname).toLowerCase();

/** The chain of menu nodes leading to a page's entry (breadcrumbs, the open folder), or []. */
export function menuTrail(nodes: MenuNode[], pathname: string): MenuNode[] {
  const target = menuPathOf(pathname);
  for (const { node, trail } of flattenMenu(nodes)) if (node.path?.toLowerCase() === target) return [...trail, node];
  return [];
}
