import { and, asc, desc, eq, gte, ilike, inArray, lte, type SQL } from "drizzle-orm";
import { open } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import type { Locale } from "@/lib/contract/locale";
import {
  LOG_TYPES,
  ROOT_FOLDER,
  canManage,
  isOwner,
  knowledgeApi,
  knowledgeLogApi,
  type AuthEntry,
  type AuthGrant,
  type AuthType,
  type RecycledNode,
} from "@/lib/contract/knowledge/knowledge";
import { accessMap, accessOf, callerOrg, knowledgeBin, logOperation, visibleTree, type Access } from "../../db/queries/knowledge";
import { departments, fileLinks, knowledgeGrants, knowledgeLogs, knowledgeNodes, userGroups, users } from "../../db/schema";
import type { Db } from "../../db/client";
import type { Ctx } from "../../lib/context";
import { sha256 } from "../../lib/crypto";
import { fileResponse, parseStoredPath } from "../../lib/files";
import { badRequest, forbidden, notFound, ok } from "../../lib/http";
import { joinedText } from "../../lib/i18n-text";
import { purgeAt } from "../../lib/recycle-bin";
import { removeStoredFiles } from "../../lib/storage";
import { tenantScope } from "../../lib/scope";
import { containsPattern, pageOf, platformTime } from "../../lib/crud";
import { searchTextOf } from "../../lib/segment";
import { serve } from "../../lib/serve";
import { userNameIn } from "../../db/queries/names";

/**
 * The knowledge base (widgets §4–§7, core §4): `header/*` for bases, `fileBase/*` for folders and
 * files, `fileLog/page`. Every call checks the caller's right on the node it touches (view '1',
 * manage '2', owner '9'), so a hidden button is never the only guard.
 */
/** A signed preview link lives this long (core §2 /previewFile). */
const LINK_TTL_MS = 10 * 60_000;

/** The node with the caller's right, refusing when it is below `need` (missing is "not found"). */
async function need(c: Ctx, id: number, level: "view" | "manage" | "owner", opts: { recycled?: boolean } = {}): Promise<Access> {
  const a = await accessOf(c.var.deps.db, c.var.auth, id, opts);
  if (!a?.auth) throw notFound();
  const okay = level === "view" || (level === "manage" ? canManage(a.auth) : isOwner(a.auth));
  if (!okay) throw forbidden();
  return a;
}

async function headerName(db: Db, a: Access) {
  if (a.node.fileType === 9) return a.node.fileName;
  const [h] = await db.select({ fileName: knowledgeNodes.fileName }).from(knowledgeNodes).where(eq(knowledgeNodes.id, a.node.headerId!));
  return h?.fileName ?? "";
}

async function log(c: Ctx, type: number, a: Access) {
  await logOperation(c.var.deps.db, { auth: c.var.auth, type, node: a.node, headerName: await headerName(c.var.deps.db, a) });
}


const TEXT_EXTS = new Set(["txt", "csv"]);
const CONTENT_BYTES = 200 * 1024;

/** What the assistant searches and quotes: a txt / csv file's text (its start) and the search tokens. */
async function indexed(c: Ctx, v: { fileName: string; fileDesc?: string | null; filePath?: string | null }) {
  const f = v.filePath ? parseStoredPath(c.var.deps.config.filesDir, v.filePath) : null;
  let content: string | null = null;
  if (f && TEXT_EXTS.has(f.ext)) {
    const fh = await open(f.abs, "r").catch(() => null);
    if (fh) {
      const buf = Buffer.alloc(CONTENT_BYTES);
      const { bytesRead } = await fh.read(buf, 0, CONTENT_BYTES, 0);
      await fh.close();
      // A cut through a multi-byte character leaves a replacement mark at the end: dropped.
      content = buf.subarray(0, bytesRead).toString("utf8").replace(/\uFFFD+$/, "").replaceAll("\u0000", "");
    }
  }
  return { content, searchText: searchTextOf(v.fileName, v.fileDesc, content) };
}

/** A file's stored path must be an upload of the caller's tenant that exists. */
function checkStored(c: Ctx, path: string) {
  const f = parseStoredPath(c.var.deps.config.filesDir, path);
  if (!f || f.isPublic || f.tenantId !== c.var.auth.tenantId) throw badRequest("widgets.files.badPath");
}

/** The grants of a node with the grantees' names (in `locale`), as the permission dialog shows them. */
async function grantsOf(db: Db, nodeId: number, locale: Locale): Promise<AuthGrant[]> {
  const rows = await db
    .select({
      authType: knowledgeGrants.authType,
      userId: knowledgeGrants.userId,
      departmentId: knowledgeGrants.departmentId,
      groupId: knowledgeGrants.groupId,
      realname: userNameIn(locale),
      username: users.username,
      departmentName: joinedText(locale, departments.departmentName, departments.i18n, "departmentName"),
      groupName: joinedText(locale, userGroups.groupName, userGroups.i18n, "groupName"),
    })
    .from(knowledgeGrants)
    .leftJoin(users, eq(users.id, knowledgeGrants.userId))
    .leftJoin(departments, eq(departments.id, knowledgeGrants.departmentId))
    .leftJoin(userGroups, eq(userGroups.id, knowledgeGrants.groupId))
    .where(eq(knowledgeGrants.nodeId, nodeId))
    .orderBy(knowledgeGrants.id);
  return rows.map((r) => {
    const authType = String(r.authType) as AuthType;
    if (r.userId) return { authType, kind: "user", id: r.userId, name: r.realname || r.username || "" };
    if (r.departmentId) return { authType, kind: "department", id: r.departmentId, name: r.departmentName ?? "" };
    return { authType, kind: "group", id: r.groupId!, name: r.groupName ?? "" };
  });
}

/**
 * Replaces a node's grants (`authHeader` / `auth`): only the owner, only for the node named, and
 * only the tenant's ordinary users (userIdentity 1, never the owner), departments and groups.
 */
async function setGrants(c: Ctx, entries: AuthEntry[]) {
  const ids = [...new Set(entries.map((e) => e.fileId))];
  if (ids.length > 1) throw badRequest("cloud.knowledge.oneNode");
  const { db } = c.var.deps;
  const scope = tenantScope(c.var.auth);
  return { ids, db, scope, apply: async (a: Access, ownerId: number) => {
    const userIds = [...new Set(entries.flatMap((e) => e.userIds))];
    const deptIds = [...new Set(entries.flatMap((e) => e.deparIds))];
    const groupIds = [...new Set(entries.flatMap((e) => e.groupIds))];
    if (userIds.includes(ownerId)) throw badRequest("cloud.knowledge.ownerNotGrantee");
    if (userIds.length) {
      const found = await db.select({ id: users.id }).from(users).where(scope.where(users, inArray(users.id, userIds), eq(users.userIdentity, 1)));
      if (found.length !== userIds.length) throw badRequest("cloud.knowledge.granteeInvalid");
    }
    if (deptIds.length && (await db.select({ id: departments.id }).from(departments).where(scope.where(departments, inArray(departments.id, deptIds)))).length !== deptIds.length) throw notFound();
    if (groupIds.length && (await db.select({ id: userGroups.id }).from(userGroups).where(scope.where(userGroups, inArray(userGroups.id, groupIds)))).length !== groupIds.length) throw notFound();
    await db.transaction(async (tx) => {
      await tx.delete(knowledgeGrants).where(eq(knowledgeGrants.nodeId, a.node.id));
      const rows = entries.flatMap((e) => [
        ...e.userIds.map((userId) => ({ nodeId: a.node.id, authType: Number(e.authType), userId })),
        ...e.deparIds.map((departmentId) => ({ nodeId: a.node.id, authType: Number(e.authType), departmentId })),
        ...e.groupIds.map((groupId) => ({ nodeId: a.node.id, authType: Number(e.authType), groupId })),
      ]);
      if (rows.length) await tx.insert(knowledgeGrants).values(rows);
    });
    await log(c, LOG_TYPES.auth, a);
  } };
}

async function grantRoute(c: Ctx, entries: AuthEntry[], baseOnly: boolean) {
  const g = await setGrants(c, entries);
  const a = await need(c, g.ids[0], "owner");
  if (baseOnly !== (a.node.fileType === 9)) throw notFound();
  const base = (await accessMap(g.db, c.var.auth)).get(a.path[0])!;
  await g.apply(a, base.node.ownerId);
  return ok(c, null, "cloud.knowledge.authSaved");
}

async function touch(db: Db, id: number, set: Partial<typeof knowledgeNodes.$inferInsert>, now: Date) {
  const [row] = await db.update(knowledgeNodes).set({ ...set, updatedAt: now }).where(eq(knowledgeNodes.id, id)).returning();
  return row;
}

export const knowledgeServed = [
  serve(knowledgeApi.addHeader, async (c, b) => {
    const { db } = c.var.deps;
    const row = await db.transaction(async (tx) => {
      const [n] = await tx.insert(knowledgeNodes).values(tenantScope(c.var.auth).owned({ fileType: 9, fileName: b.fileName, fileDesc: b.fileDesc ?? null, ownerId: c.var.auth.userId, searchText: searchTextOf(b.fileName, b.fileDesc) })).returning();
      const [withHeader] = await tx.update(knowledgeNodes).set({ headerId: n.id }).where(eq(knowledgeNodes.id, n.id)).returning();
      return withHeader;
    });
    await logOperation(db, { auth: c.var.auth, type: LOG_TYPES.add, node: row, headerName: row.fileName });
    return ok(c, { id: row.id }, "cloud.knowledge.created");
  }),
  serve(knowledgeApi.updHeader, async (c, b) => {
    const a = await need(c, b.id, "manage");
    if (a.node.fileType !== 9) throw notFound();
    const row = await touch(c.var.deps.db, b.id, { fileName: b.fileName, fileDesc: b.fileDesc ?? null, searchText: searchTextOf(b.fileName, b.fileDesc) }, c.var.deps.now());
    await log(c, LOG_TYPES.modify, { ...a, node: row });
    return ok(c, null, "cloud.knowledge.updated");
  }),
  serve(knowledgeApi.delHeader, async (c, { id }) => {
    const a = await need(c, id, "manage");
    if (a.node.fileType !== 9) throw notFound();
    const { db } = c.var.deps;
    await log(c, LOG_TYPES.delete, a);
    await knowledgeBin.deleteForGood(db, c.var.deps.config.filesDir, c.var.auth.tenantId, id);
    return ok(c, null, "cloud.knowledge.baseDeleted");
  }),
  serve(knowledgeApi.authHeader, (c, entries) => grantRoute(c, entries, true)),
  serve(knowledgeApi.headerGrants, async (c, { id }) => {
    const a = await need(c, id, "owner");
    if (a.node.fileType !== 9) throw notFound();
    return grantsOf(c.var.deps.db, a.node.id, c.var.locale);
  }),
  // Change the owner: only users with userIdentity 2 (widgets §6), to a user of the same tenant.
  serve(knowledgeApi.changeOwner, async (c, b) => {
    const { db } = c.var.deps;
    if ((await callerOrg(db, c.var.auth)).userIdentity !== 2) throw forbidden();
    const a = await need(c, b.id, "view");
    if (a.node.fileType !== 9) throw notFound();
    const [u] = await db.select({ id: users.id }).from(users).where(tenantScope(c.var.auth).where(users, eq(users.id, b.userId)));
    if (!u) throw notFound();
    await touch(db, a.node.id, { ownerId: u.id }, c.var.deps.now());
    // The new owner holds everything already; a grant of theirs would only repeat it.
    await db.delete(knowledgeGrants).where(and(eq(knowledgeGrants.nodeId, a.node.id), eq(knowledgeGrants.userId, u.id)));
    await log(c, LOG_TYPES.auth, a);
    return ok(c, null, "cloud.knowledge.ownerChanged");
  }),
  serve(knowledgeApi.tree, (c) => visibleTree(c.var.deps.db, c.var.auth, c.var.locale)),
  serve(knowledgeApi.add, async (c, b) => {
    const parentId = b.fielId === ROOT_FOLDER ? b.headerId : b.fielId;
    const parent = await need(c, parentId, "manage");
    if (parent.node.fileType === 2 || (parent.node.headerId ?? parent.node.id) !== b.headerId) throw badRequest("cloud.knowledge.badParent");
    if (b.fileType === "2") checkStored(c, b.filePath!);
    const text = await indexed(c, { fileName: b.fileName, fileDesc: b.fileDesc, filePath: b.fileType === "2" ? b.filePath : null });
    const [row] = await c.var.deps.db
      .insert(knowledgeNodes)
      .values(
        tenantScope(c.var.auth).owned({
          headerId: b.headerId,
          parentId: parent.node.fileType === 9 ? null : parent.node.id,
          fileType: Number(b.fileType),
          fileName: b.fileName,
          fileDesc: b.fileDesc ?? null,
          filePath: b.fileType === "2" ? b.filePath! : null,
          fileSize: b.fileType === "2" && b.fileSize ? Number(b.fileSize) : null,
          ownerId: c.var.auth.userId,
          ...text,
        }),
      )
      .returning();
    await log(c, b.fileType === "2" ? LOG_TYPES.upload : LOG_TYPES.add, { ...parent, node: row });
    return ok(c, { id: row.id }, "cloud.knowledge.created");
  }),
  serve(knowledgeApi.upd, async (c, b) => {
    const a = await need(c, b.id, "manage");
    if (a.node.fileType === 9) throw notFound();
    const newFile = a.node.fileType === 2 && b.filePath && b.filePath !== a.node.filePath;
    if (newFile) checkStored(c, b.filePath!);
    const text = await indexed(c, { fileName: b.fileName, fileDesc: b.fileDesc, filePath: newFile ? b.filePath : a.node.filePath });
    const row = await touch(
      c.var.deps.db,
      b.id,
      { fileName: b.fileName, fileDesc: b.fileDesc ?? null, ...text, ...(newFile ? { filePath: b.filePath, fileSize: b.fileSize ? Number(b.fileSize) : null } : {}) },
      c.var.deps.now(),
    );
    if (newFile && a.node.filePath) await removeStoredFiles(c.var.deps.db, c.var.deps.config.filesDir, [a.node.filePath]);
    await log(c, newFile ? LOG_TYPES.upload : LOG_TYPES.modify, { ...a, node: row });
    return ok(c, null, "cloud.knowledge.updated");
  }),
  // A folder or file goes to the recycle bin (widgets §4); a base is deleted with delHeader.
  serve(knowledgeApi.recycle, async (c, { id }) => {
    const a = await need(c, id, "manage");
    if (a.node.fileType === 9) throw notFound();
    await knowledgeBin.recycle(c.var.deps.db, c.var.auth.tenantId, [id], c.var.auth.userId, c.var.deps.now());
    await log(c, LOG_TYPES.recycle, a);
    return ok(c, null, "cloud.knowledge.recycled");
  }),
  serve(knowledgeApi.move, async (c, b) => {
    const { db } = c.var.deps;
    const a = await need(c, b.id, "manage");
    if (a.node.fileType === 9) throw notFound();
    const targetId = b.fileId === ROOT_FOLDER ? b.headerId : b.fileId;
    const target = await need(c, targetId, "manage");
    if (target.node.fileType === 2 || (target.node.headerId ?? target.node.id) !== b.headerId) throw badRequest("cloud.knowledge.badParent");
    const currentParent = a.node.parentId ?? a.node.headerId;
    // Into itself, below itself, or where it already is (widgets §5).
    if (target.path.includes(a.node.id) || targetId === currentParent) throw badRequest("cloud.knowledge.moveRefused");
    const moved = await db.transaction(async (tx) => {
      const ids = await knowledgeBin.subtree(tx, c.var.auth.tenantId, a.node.id);
      // Another base takes the whole subtree with it.
      if (b.headerId !== a.node.headerId) await tx.update(knowledgeNodes).set({ headerId: b.headerId }).where(inArray(knowledgeNodes.id, ids));
      const [row] = await tx
        .update(knowledgeNodes)
        .set({ parentId: target.node.fileType === 9 ? null : target.node.id, updatedAt: c.var.deps.now() })
        .where(eq(knowledgeNodes.id, a.node.id))
        .returning();
      return row;
    });
    await log(c, LOG_TYPES.move, { ...target, node: moved });
    return ok(c, null, "cloud.knowledge.moved");
  }),
  serve(knowledgeApi.auth, (c, entries) => grantRoute(c, entries, false)),
  serve(knowledgeApi.grants, async (c, { id }) => {
    const a = await need(c, id, "owner");
    if (a.node.fileType === 9) throw notFound();
    return grantsOf(c.var.deps.db, a.node.id, c.var.locale);
  }),
  serve(knowledgeApi.download, async (c, { id }) => {
    const a = await need(c, id, "view");
    const f = a.node.filePath ? parseStoredPath(c.var.deps.config.filesDir, a.node.filePath) : null;
    const res = f ? await fileResponse(f, { name: `${a.node.fileName.replace(/\.[^.]*$/, "")}.${f.ext}` }) : null;
    if (!res) throw notFound();
    await log(c, LOG_TYPES.download, a);
    return res;
  }),
  // A signed link for /previewFile and the overlay: the file only, for a short while, no session needed.
  serve(knowledgeApi.link, async (c, { id }) => {
    const a = await need(c, id, "view");
    if (a.node.fileType !== 2 || !a.node.filePath) throw notFound();
    const token = randomBytes(24).toString("hex");
    const ext = a.node.filePath.split(".").pop()!;
    const expiresAt = new Date(c.var.deps.now().getTime() + LINK_TTL_MS);
    await c.var.deps.db.insert(fileLinks).values({ tokenHash: sha256(token), tenantId: c.var.auth.tenantId, path: a.node.filePath, fileName: a.node.fileName, expiresAt });
    return { token, ext, fileName: a.node.fileName, expiresAt: expiresAt.toISOString() };
  }),
  serve(knowledgeApi.recycleList, async (c) => {
    const { db } = c.var.deps;
    const map = await accessMap(db, c.var.auth);
    const names = new Map(
      (await db.select({ id: users.id, realname: userNameIn(c.var.locale), username: users.username }).from(users).where(tenantScope(c.var.auth).where(users))).map((u) => [u.id, u.realname || u.username]),
    );
    const rows: RecycledNode[] = [...map.values()]
      .filter((a) => a.node.deletedAt && canManage(a.auth) && !map.get(a.path[0])!.node.deletedAt)
      .sort((x, y) => y.node.deletedAt!.getTime() - x.node.deletedAt!.getTime())
      .map((a) => ({
        fileId: a.node.id,
        headerId: a.path[0],
        headerName: map.get(a.path[0])!.node.fileName,
        fileName: a.node.fileName,
        fileType: String(a.node.fileType) as RecycledNode["fileType"],
        deletedAt: a.node.deletedAt!.toISOString(),
        deletedBy: names.get(a.node.deletedBy ?? 0) ?? "",
        purgeAt: purgeAt(a.node.deletedAt!).toISOString(),
      }));
    return rows;
  }),
  serve(knowledgeApi.restore, async (c, { id }) => {
    const a = await need(c, id, "manage", { recycled: true });
    if (!a.node.deletedAt) throw notFound();
    await knowledgeBin.restore(c.var.deps.db, c.var.auth.tenantId, id);
    await log(c, LOG_TYPES.restore, a);
    return ok(c, null, "cloud.knowledge.restored");
  }),
  serve(knowledgeApi.delete, async (c, { id }) => {
    const a = await need(c, id, "manage", { recycled: true });
    if (!a.node.deletedAt) throw notFound();
    const { db } = c.var.deps;
    await log(c, LOG_TYPES.delete, a);
    await knowledgeBin.deleteForGood(db, c.var.deps.config.filesDir, c.var.auth.tenantId, id);
    return ok(c, null, "cloud.knowledge.deleted");
  }),
  serve(knowledgeLogApi.page, async (c, q) => {
    const { db } = c.var.deps;
    const scope = tenantScope(c.var.auth);
    const conds: (SQL | undefined)[] = [
      q.type ? eq(knowledgeLogs.type, Number(q.type)) : undefined,
      q.fileName ? ilike(knowledgeLogs.fileName, containsPattern(q.fileName)) : undefined,
      q.realname ? ilike(knowledgeLogs.realname, containsPattern(q.realname)) : undefined,
      q.createTimeStart ? gte(knowledgeLogs.createdAt, platformTime(String(q.createTimeStart), false)) : undefined,
      q.createTimeEnd ? lte(knowledgeLogs.createdAt, platformTime(String(q.createTimeEnd), true)) : undefined,
    ];
    const where = scope.where(knowledgeLogs, ...conds);
    const { records, total } = await pageOf(db, knowledgeLogs, where, [q.sortOrder === "asc" ? asc(knowledgeLogs.createdAt) : desc(knowledgeLogs.createdAt), desc(knowledgeLogs.id)], q);
    return { total, records: records.map((r) => ({ id: r.id, type: r.type, fileName: r.fileName, headerName: r.headerName, realname: r.realname, createTime: r.createdAt.toISOString() })) };
  }),
  // The signed link's file, previewable, without a session; expired or unknown → 404.
  serve(knowledgeApi.linked, async (c) => {
    const token = c.req.param("token") ?? "";
    if (!/^[a-f0-9]{48}$/.test(token)) throw notFound();
    const [l] = await c.var.deps.db.select().from(fileLinks).where(eq(fileLinks.tokenHash, sha256(token)));
    if (!l || l.expiresAt < c.var.deps.now()) throw notFound();
    const f = parseStoredPath(c.var.deps.config.filesDir, l.path);
    const res = f ? await fileResponse(f, { inline: true, name: `${l.fileName.replace(/\.[^.]*$/, "")}.${f.ext}` }) : null;
    if (!res) throw notFound();
    res.headers.set("cache-control", "private, no-store");
    return res;
  }),
];
