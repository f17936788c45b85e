import { and, eq, isNull, ne } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { Code } from "@/lib/contract/envelope";
import { apiKeys, roles, tenants, tokens, userRoles, users } from "../db/schema";
import { API_KEY_PREFIX } from "@/lib/contract/system/api-key-enums";
import type { Db } from "../db/client";
import type { Locale } from "@/lib/contract/locale";
import type { Auth, CloudEnv, Ctx, Deps } from "./context";
import { AppError } from "./http";
import { randomToken, sameSecret, sha256 } from "./crypto";
import { BROKER_HOOK_HEADER } from "@/lib/contract/device/broker-hooks";
import { accessCache } from "./access-cache";
import { PLATFORM_TENANT_ID, codesOf, effectiveMenuIds, pathsOf } from "./menu-access";

export { PLATFORM_TENANT_ID };
const TOUCH_EVERY_MS = 60_000;
/** Calls a key may make per minute (per instance) unless `apiKeyPerMinute` says otherwise. */
const API_KEY_PER_MINUTE = 120;

/** A fixed one-minute window per key: an integration in a loop is slowed, never the console. */
const keyRate = {
  windows: new Map<number, { start: number; n: number }>(),
  take(id: number, now: number, limit: number): boolean {
    const w = this.windows.get(id);
    if (!w || now - w.start >= 60_000) {
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(id, { start: now, n: 1 });
      return true;
    }
    return ++w.n <= limit;
  },
};

/** Accepts `Bearer <token>` or the bare token, as the spec's upstream does. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.startsWith("Bearer ") ? header.slice(7) : header;
  return value.trim() || null;
}

export async function issueToken(deps: Deps, user: { id: number; tenantId: number }, ip: string): Promise<string> {
  const token = randomToken();
  const now = deps.now();
  await deps.db.insert(tokens).values({
    tokenHash: sha256(token),
    userId: user.id,
    tenantId: user.tenantId,
    expiresAt: new Date(now.getTime() + deps.config.tokenTtlMs),
    lastUsedAt: now,
    ip,
  });
  return token;
}

export async function revokeToken(db: Db, tokenHash: string, now: Date) {
  await db.update(tokens).set({ revokedAt: now }).where(eq(tokens.tokenHash, tokenHash));
}

/** Revokes every live token of a user (disable, password reset), but the one to keep if named
 *  (one's own password change keeps the session it was made from). */
export async function revokeUserTokens(db: Db, userId: number, now: Date, keepHash?: string) {
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt), keepHash ? ne(tokens.tokenHash, keepHash) : undefined));
}

export async function roleCodes(db: Db, userId: number) {
  const rows = await db
    .select({ id: roles.id, code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return { roleIds: rows.map((r) => r.id), roles: rows.map((r) => r.code).join(",") };
}

/** Permission codes (button nodes) among the user's effective menus (`effectiveMenuIds`). */
export async function permissionCodes(db: Db, roleIds: number[]): Promise<Set<string>> {
  return codesOf(db, await effectiveMenuIds(db, { roleIds }));
}

/** A token's session as the cache keeps it: the time limits are checked on every use. */
type Session = {
  auth: Omit<Auth, "epoch">;
  language: string | null;
  tokenId: number;
  lastUsedAt: Date;
  /** A key's last address: a use from another one is written at once. */
  lastUsedIp?: string | null;
  expiresAt: Date;
  contractStart: Date | null;
  contractEnd: Date | null;
};

async function sessionOf(db: Db, tokenHash: string): Promise<Session | null> {
  const [row] = await db
    .select({ tokenId: tokens.id, lastUsedAt: tokens.lastUsedAt, expiresAt: tokens.expiresAt, contractStart: tenants.contractStart, contractEnd: tenants.contractEnd, user: users })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(tokens.tokenHash, tokenHash), isNull(tokens.revokedAt), eq(users.enabled, 1), eq(tenants.enabled, 1)))
    .limit(1);
  if (!row) return null;
  const { roleIds, roles: codes } = await roleCodes(db, row.user.id);
  const auth = { userId: row.user.id, tenantId: row.user.tenantId, username: row.user.username, realname: row.user.realname, roles: codes, roleIds, tokenHash, isPlatform: row.user.tenantId === PLATFORM_TENANT_ID };
  return { auth, language: row.user.language, tokenId: row.tokenId, lastUsedAt: row.lastUsedAt, expiresAt: row.expiresAt, contractStart: row.contractStart, contractEnd: row.contractEnd };
}

/**
 * An API key's session: its user with the key's limits. Like a token, it needs its user and
 * tenant enabled, so a key never outlives its account; its rights are the user's roles as of now.
 */
async function keySessionOf(db: Db, keyHash: string): Promise<Session | null> {
  const [row] = await db
    .select({ key: apiKeys, contractStart: tenants.contractStart, contractEnd: tenants.contractEnd, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt), eq(users.enabled, 1), eq(tenants.enabled, 1)))
    .limit(1);
  if (!row) return null;
  const { roleIds, roles: codes } = await roleCodes(db, row.user.id);
  const { key } = row;
  const auth = {
    userId: row.user.id,
    tenantId: row.user.tenantId,
    username: row.user.username,
    realname: row.user.realname,
    roles: codes,
    roleIds,
    tokenHash: keyHash,
    isPlatform: row.user.tenantId === PLATFORM_TENANT_ID,
    apiKey: { id: key.id, writable: key.writable === 1, projectIds: key.projectIds?.length ? key.projectIds : null },
  };
  return { auth, language: row.user.language, tokenId: key.id, lastUsedAt: key.lastUsedAt ?? new Date(0), lastUsedIp: key.lastUsedIp, expiresAt: key.expiresAt, contractStart: row.contractStart, contractEnd: row.contractEnd };
}

/** Like the login: a tenant outside its contract dates is shut out; the platform has no contract. */
const inTime = (s: Session, now: Date) =>
  s.expiresAt > now && (s.auth.isPlatform || ((!s.contractEnd || s.contractEnd >= now) && (!s.contractStart || s.contractStart <= now)));

/**
 * Resolves the caller from the token on every request, so a disabled user or tenant, an ended
 * contract and a removed role take effect at once: the session is cached per access epoch
 * (cloud/lib/access-cache.ts), which every such change raises. Missing, expired or revoked → 401.
 * `language`, the request's when it names one, is remembered as the user's (`rememberLanguage`).
 */
export async function authenticate(deps: Deps, header: string | undefined, language?: Locale, ip?: string): Promise<Auth> {
  const token = tokenFromHeader(header);
  if (!token) throw new AppError(Code.UNAUTHORIZED, "cloud.unauthorized");
  const tokenHash = sha256(token);
  const now = deps.now();
  const cache = accessCache(deps.db);
  const epoch = await cache.epoch(deps.db);
  const isKey = token.startsWith(API_KEY_PREFIX);
  const session = isKey
    ? await cache.get("apiKey", tokenHash, epoch, () => keySessionOf(deps.db, tokenHash))
    : await cache.get("session", tokenHash, epoch, () => sessionOf(deps.db, tokenHash));
  if (!session || !inTime(session, now)) throw new AppError(Code.UNAUTHORIZED, isKey ? "cloud.apiKeyInvalid" : "cloud.unauthorized");
  if (isKey) {
    if (!keyRate.take(session.tokenId, now.getTime(), deps.config.apiKeyPerMinute ?? API_KEY_PER_MINUTE)) throw new AppError(Code.TOO_FREQUENT, "cloud.apiKeyRate");
    // Every use is logged as the key's last use and where from: at most once a minute per address.
    if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS || (ip && session.lastUsedIp !== ip)) {
      session.lastUsedAt = now;
      session.lastUsedIp = ip ?? session.lastUsedIp ?? null;
      await deps.db.update(apiKeys).set({ lastUsedAt: now, lastUsedIp: session.lastUsedIp }).where(eq(apiKeys.id, session.tokenId));
    }
  } else if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    session.lastUsedAt = now;
    await deps.db.update(tokens).set({ lastUsedAt: now }).where(eq(tokens.id, session.tokenId));
  }
  if (language && session.language !== language) {
    await rememberLanguage(deps.db, { id: session.auth.userId, language: session.language }, language);
    session.language = language;
  }
  return { ...session.auth, epoch };
}

/**
 * The entry paths and permission codes of the caller's effective menus (`effectiveMenuIds`),
 * read once per access epoch and role set.
 */
export function accessOf(db: Db, auth: Pick<Auth, "roleIds" | "epoch">): Promise<{ paths: Set<string>; perms: Set<string> }> {
  return accessCache(db).get("menus", [...auth.roleIds].sort((a, b) => a - b).join(","), auth.epoch, async () => {
    const ids = await effectiveMenuIds(db, auth);
    const [paths, perms] = await Promise.all([pathsOf(db, ids), codesOf(db, ids)]);
    return { paths, perms };
  });
}

/** The request's language when it names one (a caller without `Language` says nothing about the user's). */
export const namedLanguage = (c: Ctx): Locale | undefined => (c.req.header("language") ? c.var.locale : undefined);

/**
 * Keeps the language the user last signed in or worked in: alarm and linkage notices to them are
 * written in it. One write when it changes, none otherwise.
 */
export async function rememberLanguage(db: Db, user: { id: number; language: string | null }, language: Locale) {
  if (user.language !== language) await db.update(users).set({ language }).where(eq(users.id, user.id));
}

export const requireAuth: MiddlewareHandler<CloudEnv> = async (c, next) => {
  // Sub-routers mounted on one path each bring their own: the token is looked up once per request.
  if (!(c.get("auth") as Auth | undefined)) c.set("auth", await authenticate(c.var.deps, c.req.header("authorization"), namedLanguage(c), c.var.ip));
  await next();
};

/**
 * How endpoints check access (cloud-model). Writes check their button's permission code with
 * `requirePerm`; reads check that the caller may open one of the screens that use them with
 * `requireMenu` (a picker's list is readable from every screen that shows the picker). Both read
 * the caller's effective menus as of this request's access epoch, so a role change takes effect at once.
 */
export function requirePerm(...codes: string[]): MiddlewareHandler<CloudEnv> {
  return async (c, next) => {
    const perms = (await accessOf(c.var.deps.db, c.var.auth)).perms;
    if (!codes.some((code) => perms.has(code))) throw new AppError(Code.FORBIDDEN, "cloud.forbidden");
    await next();
  };
}

/** `requirePerm` for a handler whose code depends on the row it touches (e.g. a role's kind). */
export async function assertPerm(db: Db, auth: Pick<Auth, "roleIds">, code: string) {
  const perms = await permissionCodes(db, auth.roleIds);
  if (!perms.has(code)) throw new AppError(Code.FORBIDDEN, "cloud.forbidden");
}

export function requireMenu(...paths: string[]): MiddlewareHandler<CloudEnv> {
  return async (c, next) => {
    if (!(await mayOpen(c, ...paths))) throw new AppError(Code.FORBIDDEN, "cloud.forbidden");
    await next();
  };
}

/** Whether the caller may open one of the screens: a route readable by pickers answers whole rows only to them. */
export async function mayOpen(c: Ctx, ...paths: string[]): Promise<boolean> {
  const open = (await accessOf(c.var.deps.db, c.var.auth)).paths;
  return paths.some((p) => open.has(p));
}

/** An external broker's hook (EMQX): its shared secret (`MQTT_HOOK_SECRET`) in the hook header; without a secret set the hooks are not served. */
export const brokerOnly: MiddlewareHandler<CloudEnv> = async (c, next) => {
  const secret = c.var.deps.config.brokerHookSecret;
  if (!secret) throw new AppError(Code.NOT_FOUND, "cloud.notFound");
  const given = c.req.header(BROKER_HOOK_HEADER);
  if (!given || !sameSecret(given, secret)) throw new AppError(Code.FORBIDDEN, "cloud.forbidden");
  await next();
};

/** Platform-only screens answer 403 to tenant users. */
export const platformOnly: MiddlewareHandler<CloudEnv> = async (c, next) => {
  if (!c.var.auth.isPlatform) throw new AppError(Code.FORBIDDEN, "cloud.forbidden");
  await next();
};
