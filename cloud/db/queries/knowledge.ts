import { desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { authRank, type AuthType, type KnowledgeFileType, type KnowledgeNode } from "@/lib/contract/knowledge/knowledge";
import type { Auth } from "../../lib/context";
import { recycleBin } from "../../lib/recycle-bin";
import { tenantScope, tenantOf } from "../../lib/scope";
import type { Db } from "../client";
import { knowledgeGrants, knowledgeLogs, knowledgeNodes, userGroupMembers, users } from "../schema";
import { userNameIn } from "./names";
import { type Locale } from "@/lib/contract/locale";

/**
 * The knowledge tree of one tenant as the caller sees it (widgets §3, §6). A right is the highest
 * of the grants on the node and its ancestors that name the caller, their department or one of
 * their groups; the base's owner holds '9' everywhere in it. Recycled nodes and what lies under
 * them are left out unless `withRecycled`.
 */
export type NodeRow = typeof knowledgeNodes.$inferSelect;
export type Access = { node: NodeRow; auth: AuthType | null; recycled: boolean; path: number[] };

type Caller = Pick<Auth, "userId" | "tenantId">;

export async function callerOrg(db: Db, caller: Caller) {
  const [u] = await db.select({ departmentId: users.departmentId, userIdentity: users.userIdentity }).from(users).where(eq(users.id, caller.userId));
  const groups = await db.select({ groupId: userGroupMembers.groupId }).from(userGroupMembers).where(eq(userGroupMembers.userId, caller.userId));
  return { departmentId: u?.departmentId ?? null, userIdentity: u?.userIdentity ?? 1, groupIds: new Set(groups.map((g) => g.groupId)) };
}

/** Every node of the tenant with the caller's right on it, by id. */
export async function accessMap(db: Db, caller: Caller): Promise<Map<number, Access>> {
  const scope = tenantScope(caller);
  const nodes = await db.select().from(knowledgeNodes).where(scope.where(knowledgeNodes));
  const ids = nodes.map((n) => n.id);
  const grants = ids.length ? await db.select().from(knowledgeGrants).where(inArray(knowledgeGrants.nodeId, ids)) : [];
  const org = await callerOrg(db, caller);
  const own = new Map<number, number>();
  for (const g of grants) {
    const mine = g.userId === caller.userId || (g.departmentId !== null && g.departmentId === org.departmentId) || (g.groupId !== null && org.groupIds.has(g.groupId));
    if (mine) own.set(g.nodeId, Math.max(own.get(g.nodeId) ?? 0, g.authType));
  }
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const out = new Map<number, Access>();
  const resolve = (n: NodeRow): Access => {
    const done = out.get(n.id);
    if (done) return done;
    const parent = n.fileType === 9 ? null : byId.get(n.parentId ?? n.headerId ?? -1);
    const up = parent ? resolve(parent) : null;
    const ownerOfBase = n.fileType === 9 ? n.ownerId === caller.userId : up?.auth === "9";
    const rank = ownerOfBase ? 9 : Math.max(authRank(up?.auth), own.get(n.id) ?? 0);
    const a: Access = { node: n, auth: rank ? (String(rank) as AuthType) : null, recycled: !!n.deletedAt || !!up?.recycled, path: [...(up?.path ?? []), n.id] };
    out.set(n.id, a);
    return a;
  };
  for (const n of nodes) resolve(n);
  return out;
}

/** The caller's right on one live node of their tenant; null when it does not exist for them. */
export async function accessOf(db: Db, caller: Caller, id: number, opts: { recycled?: boolean } = {}): Promise<Access | null> {
  const a = (await accessMap(db, caller)).get(id);
  if (!a || (a.recycled && !opts.recycled)) return null;
  return a;
}

/** The bases, folders and files the caller may see, as `treeFile` answers them. */
export async function visibleTree(db: Db, caller: Caller, locale: Locale): Promise<KnowledgeNode[]> {
  const map = await accessMap(db, caller);
  const mayChangeOwner = (await callerOrg(db, caller)).userIdentity === 2;
  const owners = new Map(
    (await db.select({ id: users.id, realname: userNameIn(locale), username: users.username }).from(users).where(tenantOf(caller.tenantId).where(users))).map((u) => [u.id, u.realname || u.username]),
  );
  const baseOwner = (a: Access) => map.get(a.path[0])!.node.ownerId;
  const toNode = (a: Access): KnowledgeNode => ({
    fileId: a.node.id,
    headerId: a.node.headerId ?? a.node.id,
    parentId: a.node.fileType === 9 ? null : (a.node.parentId ?? a.node.headerId),
    fileName: a.node.fileName,
    fileDesc: a.node.fileDesc,
    fileType: String(a.node.fileType) as KnowledgeFileType,
    filePath: a.node.filePath,
    fileSize: a.node.fileSize === null ? null : String(a.node.fileSize),
    authType: a.auth!,
    headerUserId: baseOwner(a),
    headerUserName: owners.get(baseOwner(a)) ?? "",
    updateTime: a.node.updatedAt.toISOString(),
    ...(a.node.fileType === 9 ? { canChangeOwner: mayChangeOwner } : {}),
    subList: [],
  });
  const shown = [...map.values()].filter((a) => a.auth && !a.recycled);
  const nodes = new Map(shown.map((a) => [a.node.id, toNode(a)]));
  const roots: KnowledgeNode[] = [];
  // Folders first, then by name: the order a file browser shows.
  const order = (x: KnowledgeNode, y: KnowledgeNode) => Number(x.fileType === "2") - Number(y.fileType === "2") || x.fileName.localeCompare(y.fileName, "zh-CN");
  for (const n of [...nodes.values()].sort(order)) {
    if (n.fileType === "9") roots.push(n);
    else nodes.get(n.parentId!)?.subList.push(n);
  }
  return roots;
}

/**
 * The knowledge base's recycle bin (folders and files; a base is deleted for good at once). A
 * node's parent is its folder, or its base at the base's root.
 */
export const knowledgeBin = recycleBin(knowledgeNodes, sql`case when ${knowledgeNodes.fileType} = 9 then null else coalesce(${knowledgeNodes.parentId}, ${knowledgeNodes.headerId}) end`);

export async function logOperation(db: Db, e: { auth: Pick<Auth, "tenantId" | "userId" | "realname" | "username">; type: number; node: Pick<NodeRow, "id" | "fileName">; headerName: string }) {
  await db.insert(knowledgeLogs).values({
    tenantId: e.auth.tenantId,
    type: e.type,
    nodeId: e.node.id,
    fileName: e.node.fileName,
    headerName: e.headerName,
    userId: e.auth.userId,
    realname: e.auth.realname || e.auth.username,
  });
}

/** A document the assistant found: where it lives and the passage that matched. */
export type KnowledgeHit = { fileId: number; fileName: string; fileType: KnowledgeFileType; headerName: string; folderId: number; path: string[]; excerpt: string };

/** The passage around the first token of the question found in the text (≈160 characters). */
function excerptOf(text: string, tokens: string[]): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const lower = flat.toLowerCase();
  const at = tokens.map((t) => lower.indexOf(t.replace(":*", ""))).filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? 0;
  const from = Math.max(0, at - 50);
  return `${from > 0 ? "…" : ""}${flat.slice(from, from + 160)}${from + 160 < flat.length ? "…" : ""}`;
}

/**
 * Full-text search of the caller's knowledge (PostgreSQL `simple` configuration over the bigram
 * tokens of `searchText`), ranked, narrowed to what the caller may see and not recycled.
 */
export async function searchKnowledge(db: Db, caller: Caller, tsQuery: string, limit = 5): Promise<KnowledgeHit[]> {
  const q = sql`to_tsquery('simple', ${tsQuery})`;
  const rank = sql<number>`ts_rank(to_tsvector('simple', ${knowledgeNodes.searchText}), ${q})`;
  const rows = await db
    .select({ id: knowledgeNodes.id, rank })
    .from(knowledgeNodes)
    .where(tenantOf(caller.tenantId).where(knowledgeNodes, isNull(knowledgeNodes.deletedAt), sql`to_tsvector('simple', ${knowledgeNodes.searchText}) @@ ${q}`))
    .orderBy(desc(rank), desc(knowledgeNodes.updatedAt))
    .limit(limit * 4);
  if (!rows.length) return [];
  const map = await accessMap(db, caller);
  const tokens = tsQuery.split(" | ");
  const hits: KnowledgeHit[] = [];
  for (const r of rows) {
    const a = map.get(r.id);
    if (!a?.auth || a.recycled) continue;
    const names = a.path.map((id) => map.get(id)!.node.fileName);
    const folderId = a.node.fileType === 2 ? a.path[a.path.length - 2] : a.node.id;
    hits.push({
      fileId: a.node.id,
      fileName: a.node.fileName,
      fileType: String(a.node.fileType) as KnowledgeFileType,
      headerName: names[0],
      folderId,
      path: names,
      excerpt: excerptOf(a.node.content || a.node.fileDesc || a.node.fileName, tokens),
    });
    if (hits.length >= limit) break;
  }
  return hits;
}
