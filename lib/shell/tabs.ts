import { HOME_PATH, routeByPath, titleKey } from "./routes";

/** A route tab (core §3): name, query, meta.title (a message key), meta.keepAlive; `path` identifies it. */
export type RouteTab = { name: string; path: string; query: string; meta: { title: string; keepAlive: boolean } };

export const tabUrl = (tab: RouteTab) => tab.path + tab.query;

/** The tab of a URL, or null when the route is unknown or never a tab (login, full screen). */
export function tabFor(url: string): RouteTab | null {
  const route = routeByPath(url);
  if (!route || !route.tab) return null;
  const q = url.indexOf("?");
  const query = q < 0 ? "" : url.slice(q).split("#")[0];
  return { name: route.name, path: route.path, query: query === "?" ? "" : query, meta: { title: titleKey(route), keepAlive: route.keepAlive } };
}

const HOME = tabFor(HOME_PATH)!;
/** Home is always the first tab (keeping its query) and cannot be closed. */
const withHome = (tabs: RouteTab[]) => [tabs.find((t) => t.path === HOME_PATH) ?? HOME, ...tabs.filter((t) => t.path !== HOME_PATH)];

/** Opens (or refreshes the query of) the tab of `url`. */
export function openTab(tabs: RouteTab[], url: string): RouteTab[] {
  const tab = tabFor(url);
  const base = withHome(tabs);
  if (!tab) return base;
  const i = base.findIndex((t) => t.path === tab.path);
  if (i < 0) return [...base, tab];
  if (base[i].query === tab.query) return base;
  return base.map((t, j) => (j === i ? tab : t));
}

export type CloseResult = { tabs: RouteTab[]; /** where to go when the active tab closed */ next: string | null };

/** Closing the active tab moves to its right neighbour, or the left one at the end. */
export function closeTab(tabs: RouteTab[], path: string, activePath: string): CloseResult {
  const i = tabs.findIndex((t) => t.path === path);
  if (i < 0 || path === HOME_PATH) return { tabs, next: null };
  const rest = tabs.filter((_, j) => j !== i);
  const next = path === activePath ? tabUrl(rest[Math.min(i, rest.length - 1)]) : null;
  return { tabs: rest, next };
}

export function closeOthers(tabs: RouteTab[], path: string, activePath: string): CloseResult {
  const rest = tabs.filter((t) => t.path === path || t.path === HOME_PATH);
  return { tabs: rest, next: rest.some((t) => t.path === activePath) ? null : tabUrl(rest.at(-1)!) };
}

export function closeRight(tabs: RouteTab[], path: string, activePath: string): CloseResult {
  const i = tabs.findIndex((t) => t.path === path);
  if (i < 0) return { tabs, next: null };
  const rest = tabs.slice(0, i + 1);
  return { tabs: rest, next: rest.some((t) => t.path === activePath) ? null : tabUrl(rest[i]) };
}

export function closeAll(tabs: RouteTab[], activePath: string): CloseResult {
  const rest = tabs.filter((t) => t.path === HOME_PATH);
  return { tabs: rest, next: activePath === HOME_PATH ? null : tabUrl(rest[0]) };
}

/** Names of the open tabs whose pages keep their state (core §3 keepAliveList). */
export const keepAliveList = (tabs: RouteTab[]) => tabs.filter((t) => t.meta.keepAlive).map((t) => t.name);

/** Tabs read back from session storage; anything malformed or no longer catalogued is dropped. */
export function parseTabs(raw: string | null): RouteTab[] {
  let list: unknown;
  try {
    list = JSON.parse(raw ?? "[]");
  } catch {
    return withHome([]);
  }
  if (!Array.isArray(list)) return withHome([]);
  const seen = new Set<string>();
  const tabs: RouteTab[] = [];
  for (const t of list as Partial<RouteTab>[]) {
    if (typeof t?.path !== "string") continue;
    const tab = tabFor(t.path + (typeof t.query === "string" && t.query.startsWith("?") ? t.query : ""));
    if (tab && !seen.has(tab.path)) {
      seen.add(tab.path);
      tabs.push(tab);
    }
  }
  return withHome(tabs);
}

export const RECENT_MAX = 10;

/** Recently visited pages for the palette: newest first, one entry per route, tabs only. */
export function rememberRecent(recent: string[], url: string): string[] {
  const tab = tabFor(url);
  if (!tab || tab.path === HOME_PATH) return recent;
  return [tabUrl(tab), ...recent.filter((u) => tabFor(u)?.path !== tab.path)].slice(0, RECENT_MAX);
}

export function parseRecent(raw: string | null): string[] {
  try {
    const list: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(list) ? list.filter((u): u is string => typeof u === "string" && tabFor(u) !== null).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}
