import { stat } from "node:fs/promises";
import type { Locale } from "@/lib/contract/locale";
import { LOG_TYPES } from "@/lib/contract/knowledge/knowledge";
import { MEDIA_LIMITS } from "@/lib/contract/media/media-library";
import type { Db } from "../db/client";
import { logOperation } from "../db/queries/knowledge";
import { claimFiles, recordFile } from "../db/queries/stored-files";
import { mediaItems } from "../db/schema";
import type { Auth } from "../lib/context";
import { storeMade } from "../lib/files";
import { t } from "../lib/i18n";
import { assertStorageRoom } from "../lib/storage";

/** Who a made file belongs to: the user who took it, in their tenant. */
export type Maker = Pick<Auth, "tenantId" | "userId" | "realname" | "username">;
export type LibraryDeps = { db: Db; filesDir: string; quotaMb: number; now: () => Date };

/**
 * Stores a made file (a snapshot's bytes, a recording's MP4) and adds it to the root of its
 * maker's media library, logged as their upload; `file` is moved into the files folder.
 */
export async function keepInLibrary(deps: LibraryDeps, who: Maker, locale: Locale, f: { fileType: number; ext: string; name: string; bytes?: Buffer; file?: string }) {
  const { db, now } = deps;
  const size = f.bytes?.length ?? (await stat(f.file!)).size;
  await assertStorageRoom(db, who.tenantId, deps.quotaMb, size);
  const stored = await storeMade({ root: deps.filesDir, tenantId: who.tenantId, now: now(), ext: f.ext, bytes: f.bytes, file: f.file });
  await recordFile(db, { path: stored.path, tenantId: who.tenantId, ownerId: who.userId, size: stored.size, now: now() });
  await claimFiles(db, who.tenantId, [stored.path], now());
  const fileName = `${f.name.slice(0, MEDIA_LIMITS.nameMax - f.ext.length - 1)}.${f.ext}`;
  const [row] = await db
    .insert(mediaItems)
    .values({ tenantId: who.tenantId, parentId: null, fileType: f.fileType, fileName, filePath: stored.path, fileSize: stored.size, ownerId: who.userId, createdAt: now(), updatedAt: now() })
    .returning();
  await logOperation(db, { auth: who, type: LOG_TYPES.upload, node: row, headerName: t(locale, "media.title") });
  return row;
}
