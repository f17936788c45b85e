import { desc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { LOG_TYPES } from "@/lib/contract/knowledge/knowledge";
import { MEDIA_PURPOSE, MEDIA_ROOT, MEDIA_TYPE, mediaApi, type MediaDoc } from "@/lib/contract/media/media-library";
import { UPLOAD_PURPOSES } from "@/lib/contract/upload";
import { logOperation } from "../../db/queries/knowledge";
import { mediaBin, mediaLinks, toMediaItem, type MediaRow } from "../../db/queries/media";
import { mediaItems, storedFiles, users } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { containsPattern, pageOf } from "../../lib/crud";
import { parseStoredPath } from "../../lib/files";
import { badRequest, notFound, ok } from "../../lib/http";
import { t } from "../../lib/i18n";
import { purgeAt } from "../../lib/recycle-bin";
import { sanitizeRichText } from "../../lib/sanitize";
import { tenantScope } from "../../lib/scope";
import { serve } from "../../lib/serve";
import { userNameIn } from "../../db/queries/names";

/**
 * The media library (core §2 /media/library, §7 `mediaLibrary`): a tenant's folders, images,
 * videos and rich-text documents (written on /quillEditor, stored sanitised in the row). What is deleted goes to the file service's one recycle bin; every change is written to
 * the file log.
 */

const scope = (c: Ctx) => tenantScope(c.var.auth);

/** Writes the operation to the file service's log (/knowledgeLog), the library named in the caller's language. */
const log = (c: Ctx, type: number, row: Pick<MediaRow, "id" | "fileName">) =>
  logOperation(c.var.deps.db, { auth: c.var.auth, type, node: row, headerName: t(c.var.locale, "media.title") });

/** A live item of the caller's tenant (itself and its folders out of the bin); anything else is "not found". */
async function liveItem(c: Ctx, id: number): Promise<MediaRow> {
  const links = await mediaLinks(c.var.deps.db, c.var.auth.tenantId);
  if (!links.shown(id)) throw notFound();
  const [row] = await c.var.deps.db.select().from(mediaItems).where(scope(c).where(mediaItems, eq(mediaItems.id, id)));
  if (!row) throw notFound();
  return row;
}

/** A folder to put something in: the root, or a live folder of the tenant. */
async function folderOf(c: Ctx, parentId: number): Promise<number | null> {
  if (parentId === MEDIA_ROOT) return null;
  const row = await liveItem(c, parentId).catch(() => {
    throw badRequest("media.errors.badFolder");
  });
  if (row.fileType !== MEDIA_TYPE.folder) throw badRequest("media.errors.badFolder");
  return row.id;
}

/** An image or a video: the caller's own tenant's stored upload, of a type the library keeps for it; answers its size. */
async function storedMedia(c: Ctx, fileType: keyof typeof MEDIA_PURPOSE, path: string): Promise<number> {
  const f = parseStoredPath(c.var.deps.config.filesDir, path);
  const purpose = UPLOAD_PURPOSES[MEDIA_PURPOSE[fileType]];
  if (!f || f.isPublic || f.tenantId !== c.var.auth.tenantId) throw badRequest("widgets.files.badPath");
  if (!(purpose.accept as readonly string[]).includes(f.ext)) throw badRequest("media.errors.wrongType");
  const [stored] = await c.var.deps.db.select({ size: storedFiles.size }).from(storedFiles).where(scope(c).where(storedFiles, eq(storedFiles.path, path)));
  if (!stored) throw badRequest("widgets.files.badPath");
  return stored.size;
}

const touch = (c: Ctx, id: number, set: Partial<typeof mediaItems.$inferInsert>) =>
  c.var.deps.db
    .update(mediaItems)
    .set({ ...set, updatedAt: c.var.deps.now() })
    .where(scope(c).where(mediaItems, eq(mediaItems.id, id)))
    .returning();

/** A document as the editor reads it: the item, its text and who last saved it. */
async function docOf(c: Ctx, row: MediaRow): Promise<MediaDoc> {
  const [by] = row.updatedBy ? await c.var.deps.db.select({ realname: users.realname, username: users.username }).from(users).where(eq(users.id, row.updatedBy)) : [];
  return { ...toMediaItem(row), content: row.content ?? "", updatedByName: by ? by.realname || by.username : null };
}

/** A live document of the caller's tenant; another item (a folder, an image) is refused. */
async function liveDoc(c: Ctx, id: number): Promise<MediaRow> {
  const row = await liveItem(c, id);
  if (row.fileType !== MEDIA_TYPE.document) throw badRequest("media.errors.notDocument");
  return row;
}

/** A document's sanitised HTML and its size in bytes (what the library shows). */
const docBody = (content: string) => {
  const html = sanitizeRichText(content);
  return { content: html, fileSize: Buffer.byteLength(html) };
};

export const mediaServed = [
  serve(mediaApi.folders, async (c) => (await mediaLinks(c.var.deps.db, c.var.auth.tenantId)).folders()),
  serve(mediaApi.page, async (c, q) => {
    const { db } = c.var.deps;
    const links = await mediaLinks(db, c.var.auth.tenantId);
    const conds: (SQL | undefined)[] = [isNull(mediaItems.deletedAt), q.fileType ? eq(mediaItems.fileType, Number(q.fileType)) : undefined];
    if (q.fileName) conds.push(ilike(mediaItems.fileName, containsPattern(q.fileName)));
    else if (q.parentId) {
      if (!links.shown(q.parentId)) throw notFound();
      conds.push(eq(mediaItems.parentId, q.parentId));
    } else conds.push(isNull(mediaItems.parentId));
    const where = scope(c).where(mediaItems, ...conds);
    const order = [desc(sql`${mediaItems.fileType} = ${MEDIA_TYPE.folder}`), desc(mediaItems.createdAt), desc(mediaItems.id)];
    if (q.fileName) {
      // Found anywhere: only what is not inside a recycled folder.
      const hits = (await db.select({ id: mediaItems.id }).from(mediaItems).where(where).orderBy(...order)).filter((r) => links.shown(r.id)).map((r) => r.id);
      const ids = hits.slice((q.current - 1) * q.size, q.current * q.size);
      const rows = ids.length ? await db.select().from(mediaItems).where(scope(c).where(mediaItems, inArray(mediaItems.id, ids))).orderBy(...order) : [];
      return { total: hits.length, records: rows.map(toMediaItem) };
    }
    const { records, total } = await pageOf(db, mediaItems, where, order, q);
    return { total, records: records.map(toMediaItem) };
  }),
  serve(mediaApi.info, async (c, { id }) => toMediaItem(await liveItem(c, id))),
  serve(mediaApi.add, async (c, b) => {
    const { db } = c.var.deps;
    const parentId = await folderOf(c, b.parentId);
    const folder = b.fileType === MEDIA_TYPE.folder;
    const fileSize = folder ? null : await storedMedia(c, b.fileType as keyof typeof MEDIA_PURPOSE, b.filePath!);
    const [row] = await db
      .insert(mediaItems)
      .values(scope(c).owned({ parentId, fileType: b.fileType, fileName: b.fileName, filePath: folder ? null : b.filePath!, fileSize, ownerId: c.var.auth.userId, createdAt: c.var.deps.now(), updatedAt: c.var.deps.now() }))
      .returning();
    await log(c, folder ? LOG_TYPES.add : LOG_TYPES.upload, row);
    return ok(c, toMediaItem(row), "media.done.created");
  }),
  serve(mediaApi.upd, async (c, b) => {
    await liveItem(c, b.id);
    const [row] = await touch(c, b.id, { fileName: b.fileName });
    await log(c, LOG_TYPES.modify, row);
    return ok(c, toMediaItem(row), "media.done.renamed");
  }),
  serve(mediaApi.move, async (c, b) => {
    const { db } = c.var.deps;
    const item = await liveItem(c, b.id);
    const target = await folderOf(c, b.parentId);
    // Into itself, below itself, or where it already is.
    const links = await mediaLinks(db, c.var.auth.tenantId);
    if (target === item.parentId || (target !== null && links.within(target, item.id))) throw badRequest("media.errors.moveRefused");
    const [row] = await touch(c, item.id, { parentId: target });
    await log(c, LOG_TYPES.move, row);
    return ok(c, toMediaItem(row), "media.done.moved");
  }),
  serve(mediaApi.docInfo, async (c, { id }) => docOf(c, await liveDoc(c, id))),
  serve(mediaApi.docAdd, async (c, b) => {
    const parentId = await folderOf(c, b.parentId);
    const at = c.var.deps.now();
    const [row] = await c.var.deps.db
      .insert(mediaItems)
      .values(scope(c).owned({ parentId, fileType: MEDIA_TYPE.document, fileName: b.fileName, ...docBody(b.content), ownerId: c.var.auth.userId, updatedBy: c.var.auth.userId, createdAt: at, updatedAt: at }))
      .returning();
    await log(c, LOG_TYPES.add, row);
    return ok(c, await docOf(c, row), "media.done.docSaved");
  }),
  serve(mediaApi.docUpd, async (c, b) => {
    const item = await liveDoc(c, b.id);
    // Saved by someone else since this editor opened it: refused, so neither loses the other's text unknowingly.
    if (b.updateTime && Date.parse(b.updateTime) !== item.updatedAt.getTime()) throw badRequest("media.errors.docChanged");
    // The time is the document's version: always later than the one it replaces, even within one millisecond.
    const updatedAt = new Date(Math.max(c.var.deps.now().getTime(), item.updatedAt.getTime() + 1));
    const [row] = await c.var.deps.db
      .update(mediaItems)
      .set({ fileName: b.fileName, ...docBody(b.content), updatedBy: c.var.auth.userId, updatedAt })
      .where(scope(c).where(mediaItems, eq(mediaItems.id, item.id)))
      .returning();
    await log(c, LOG_TYPES.modify, row);
    return ok(c, await docOf(c, row), "media.done.docSaved");
  }),
  // The list's delete: to the recycle bin, with what lies under a folder.
  serve(mediaApi.recycle, async (c, { ids }) => {
    const { db } = c.var.deps;
    const links = await mediaLinks(db, c.var.auth.tenantId);
    if (!ids.every((id) => links.shown(id))) throw notFound();
    await mediaBin.recycle(db, c.var.auth.tenantId, ids, c.var.auth.userId, c.var.deps.now());
    for (const id of ids) await log(c, LOG_TYPES.recycle, { id, fileName: links.byId.get(id)!.fileName });
    return ok(c, null, "media.done.recycled");
  }),
  serve(mediaApi.recycleList, async (c) => {
    const { db } = c.var.deps;
    const inBin = (await mediaLinks(db, c.var.auth.tenantId)).binned();
    if (!inBin.length) return [];
    const rows = await db
      .select({ item: mediaItems, realname: userNameIn(c.var.locale), username: users.username })
      .from(mediaItems)
      .leftJoin(users, eq(users.id, mediaItems.deletedBy))
      .where(scope(c).where(mediaItems, inArray(mediaItems.id, inBin)))
      .orderBy(desc(mediaItems.deletedAt), desc(mediaItems.id));
    return rows.map(({ item, realname, username }) => ({
      id: item.id,
      fileName: item.fileName,
      fileType: toMediaItem(item).fileType,
      filePath: item.filePath,
      deletedAt: item.deletedAt!.toISOString(),
      deletedBy: realname || username || "",
      purgeAt: purgeAt(item.deletedAt!).toISOString(),
    }));
  }),
  serve(mediaApi.restore, async (c, { id }) => {
    const row = await binned(c, id);
    await mediaBin.restore(c.var.deps.db, c.var.auth.tenantId, row.id);
    await log(c, LOG_TYPES.restore, row);
    return ok(c, null, "media.done.restored");
  }),
  serve(mediaApi.delete, async (c, { id }) => {
    const row = await binned(c, id);
    await mediaBin.deleteForGood(c.var.deps.db, c.var.deps.config.filesDir, c.var.auth.tenantId, row.id);
    await log(c, LOG_TYPES.delete, row);
    return ok(c, null, "media.done.deleted");
  }),
];

/** An item the recycle bin lists (recycled itself, not only inside a recycled folder). */
async function binned(c: Ctx, id: number): Promise<MediaRow> {
  const inBin = (await mediaLinks(c.var.deps.db, c.var.auth.tenantId)).binned();
  if (!inBin.includes(id)) throw notFound();
  const [row] = await c.var.deps.db.select().from(mediaItems).where(scope(c).where(mediaItems, eq(mediaItems.id, id)));
  return row;
}
