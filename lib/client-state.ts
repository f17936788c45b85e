/** Browser storage keys the console owns (core §3: tabs and keep-alive in session storage). */
export const STORAGE = {
  tabs: "tabs",
  keepAlive: "keepAlive",
  projId: "projId",
  tenantId: "tId",
  signedIn: "signedIn",
} as const;

/** Forgets what belonged to the signed-in session: tabs, keep-alive list, project. */
export function clearSessionState() {
  for (const key of [STORAGE.tabs, STORAGE.keepAlive, STORAGE.projId, STORAGE.signedIn]) sessionStorage.removeItem(key);
  localStorage.removeItem(STORAGE.projId);
}
