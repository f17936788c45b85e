import { ilike, inArray, isNull, or } from "drizzle-orm";
import { apiKey, apiKeyApi, type ApiKeyCreated, type TenantApiKeyRow } from "@/lib/contract/system/api-key";
import { API_KEY_PREFIX } from "@/lib/contract/system/api-key-enums";
import { apiKeys, projects, users } from "../../db/schema";
import { visibleProjects } from "../../db/queries/projects";
import type { Ctx } from "../../lib/context";
import { randomToken, sha256 } from "../../lib/crypto";
import { containsPattern, filterConds, given, orderOf, pageOf } from "../../lib/crud";
import { badRequest } from "../../lib/http";
import { personalScope, tenantScope } from "../../lib/scope";
import { serve } from "../../lib/serve";
import { projectNameIn, userNameIn } from "../../db/queries/names";

type Key = typeof apiKeys.$inferSelect;
const DAY_MS = 86_400_000;

/** 1 active, 2 expired, 3 revoked (`apiKeyStatus`). */
const statusOf = (k: Key, now: Date) => (k.revokedAt ? 3 : k.expiresAt <= now ? 2 : 1);

async function projectNames(c: Ctx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await c.var.deps.db.select({ id: projects.id, name: projectNameIn(c.var.locale) }).from(projects).where(inArray(projects.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function rowOf(k: Key, names: Map<number, string>, now: Date) {
  const ids = k.projectIds ?? [];
  return {
    id: k.id,
    name: k.name,
    prefix: `${k.prefix}…`,
    writable: k.writable,
    projectIds: ids,
    projectNames: ids.map((id) => names.get(id) ?? `#${id}`),
    ttlDays: null,
    status: statusOf(k, now),
    expiresAt: k.expiresAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: k.lastUsedIp,
    createTime: k.createdAt.toISOString(),
  };
}

/**
 * sys/apiKey: the caller's own personal API keys (issue 39). The secret is made here, answered
 * once and kept as its SHA-256; a key may name only projects its user sees now (later it is
 * narrowed to those its user still sees, `visibleProjects`). Revoking keeps the row, marked.
 */
export const apiKeyServed = [
  serve(apiKeyApi.page, async (c, q) => {
    const { db } = c.var.deps;
    const where = personalScope(c.var.auth).where(apiKeys, ...filterConds(apiKey, apiKeys, q, c.var.locale));
    const page = await pageOf(db, apiKeys, where, orderOf(apiKey, apiKeys, q), q);
    const names = await projectNames(c, [...new Set(page.records.flatMap((k) => k.projectIds ?? []))]);
    const now = c.var.deps.now();
    return { records: page.records.map((k) => rowOf(k, names, now)), total: page.total };
  }),

  serve(apiKeyApi.add, async (c, body): Promise<ApiKeyCreated> => {
    const { db } = c.var.deps;
    const auth = c.var.auth;
    const ids = [...new Set(body.projectIds)];
    if (ids.length) {
      const seen = await db.select({ id: projects.id }).from(projects).where(await visibleProjects(db, auth, inArray(projects.id, ids)));
      if (seen.length !== ids.length) throw badRequest("cloud.apiKeyProjects");
    }
    const key = `${API_KEY_PREFIX}${randomToken()}`;
    const now = c.var.deps.now();
    const [row] = await db
      .insert(apiKeys)
      .values({
        tenantId: auth.tenantId,
        userId: auth.userId,
        name: body.name,
        keyHash: sha256(key),
        prefix: key.slice(0, API_KEY_PREFIX.length + 4),
        writable: body.writable,
        projectIds: ids.length ? ids : null,
        expiresAt: new Date(now.getTime() + body.ttlDays * DAY_MS),
      })
      .returning();
    return { ...rowOf(row, await projectNames(c, ids), now), key };
  }),

  /** Every key of the caller's tenant with its owner; `owner` searches the user's account and real name. */
  serve(apiKeyApi.tenantPage, async (c, q) => {
    const { db } = c.var.deps;
    const scope = tenantScope(c.var.auth);
    const owners = given(q.owner)
      ? inArray(
          apiKeys.userId,
          db
            .select({ id: users.id })
            .from(users)
            .where(scope.where(users, or(ilike(users.username, containsPattern(String(q.owner))), ilike(users.realname, containsPattern(String(q.owner)))))),
        )
      : undefined;
    const where = scope.where(apiKeys, owners, ...filterConds(apiKey, apiKeys, q, c.var.locale));
    const page = await pageOf(db, apiKeys, where, orderOf(apiKey, apiKeys, q), q);
    const names = await projectNames(c, [...new Set(page.records.flatMap((k) => k.projectIds ?? []))]);
    const userIds = [...new Set(page.records.map((k) => k.userId))];
    const people = userIds.length
      ? new Map((await db.select({ id: users.id, username: users.username, realname: userNameIn(c.var.locale) }).from(users).where(scope.where(users, inArray(users.id, userIds)))).map((u) => [u.id, u.realname ? `${u.realname} (${u.username})` : u.username]))
      : new Map<number, string>();
    const now = c.var.deps.now();
    const records: TenantApiKeyRow[] = page.records.map((k) => ({ ...rowOf(k, names, now), userId: k.userId, owner: people.get(k.userId) ?? `#${k.userId}` }));
    return { records, total: page.total };
  }),

  serve(apiKeyApi.tenantRevoke, async (c, { ids }) => {
    const revoked = await c.var.deps.db
      .update(apiKeys)
      .set({ revokedAt: c.var.deps.now() })
      .where(tenantScope(c.var.auth).where(apiKeys, inArray(apiKeys.id, ids), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return { deleted: revoked.length };
  }),

  serve(apiKeyApi.del, async (c, { ids }) => {
    const revoked = await c.var.deps.db
      .update(apiKeys)
      .set({ revokedAt: c.var.deps.now() })
      .where(personalScope(c.var.auth).where(apiKeys, inArray(apiKeys.id, ids), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return { deleted: revoked.length };
  }),
];

