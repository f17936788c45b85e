/** The session cookie's name, apart from the session code so proxy.ts stays light. */
export const SESSION_COOKIE = "iot_session";

/**
 * The visitor's last tenant (`tId`), a plain cookie set at login and cleared at logout: a visit
 * after the session ended goes to the login of that tenant, not of tenant 1 (core §4).
 */
export const TENANT_COOKIE = "tId";
export const TENANT_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** A tenant id from a query or cookie value: a positive integer, else undefined. */
export function tenantIdOf(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/**
 * `/login` for an anonymous visitor going to `target` (path and query), keeping the tenant when
 * it is known: the link's own `tId`, else the last tenant cookie's.
 */
export function loginUrl(target: string, lastTenant: string | undefined): string {
  const query = target.split("#")[0].split("?")[1] ?? "";
  const tenantId = tenantIdOf(new URLSearchParams(query).get("tId")) ?? tenantIdOf(lastTenant);
  const qs = new URLSearchParams();
  if (tenantId) qs.set("tId", String(tenantId));
  qs.set("redirect", target);
  return `/login?${qs}`;
}
