/** Browser storage keys the console owns (core §3 names the session ones: routeTags, keepAliveList, projId). */
export const STORAGE = {
  tabs: "routeTags",
  keepAlive: "keepAliveList",
  projId: "projId",
  tenantId: "tId",
  signedIn: "signedIn",
  /** Recently visited pages for the command palette (urls, newest first). */
  recent: "recentPages",
  /** The path a failed chunk load already reloaded once (core §2). */
  chunkReload: "chunkReload",
  /** The login answer's password reminders, shown once by the console page the login opens. */
  pwdNotice: "pwdNotice",
  /** "dark" or "light" (localStorage): read by the root layout's first script, before paint. */
  theme: "theme",
} as const;

/** Cookie remembering the collapsed side menu, so the server renders it that way (no jump). */
export const MENU_COLLAPSED_COOKIE = "menuCollapsed";

/** Forgets what belonged to the signed-in session: tabs, keep-alive list, project. */
export function clearSessionState() {
  for (const key of [STORAGE.tabs, STORAGE.keepAlive, STORAGE.projId, STORAGE.signedIn, STORAGE.recent, STORAGE.pwdNotice]) sessionStorage.removeItem(key);
  localStorage.removeItem(STORAGE.projId);
  localStorage.removeItem(STORAGE.recent);
}
