import { sql } from "drizzle-orm";
import type { MediaFolder, MediaItem, MediaType } from "@/lib/contract/media/media-library";
import { MEDIA_TYPE } from "@/lib/contract/media/media-library";
import { recycleBin } from "../../lib/recycle-bin";
import { tenantOf } from "../../lib/scope";
import type { Db } from "../client";
import { mediaItems } from "../schema";

export type MediaRow = typeof mediaItems.$inferSelect;

/** The media library's recycle bin: an item's parent is its folder (null at the root). */
export const mediaBin = recycleBin(mediaItems, sql`${mediaItems.parentId}`);

export const toMediaItem = (r: MediaRow): MediaItem => ({
  id: r.id,
  parentId: r.parentId,
  fileName: r.fileName,
  fileType: r.fileType as MediaType,
  filePath: r.filePath,
  fileSize: r.fileSize,
  updateTime: r.updatedAt.toISOString(),
});

type Link = { id: number; parentId: number | null; fileType: number; fileName: string; deletedAt: Date | null };

/**
 * The tenant's items as a tree of links: whether each is shown (itself and every folder above it
 * out of the bin), the folder tree, and the ids under an item.
 */
export async function mediaLinks(db: Db, tenantId: number) {
  const rows: Link[] = await db
    .select({ id: mediaItems.id, parentId: mediaItems.parentId, fileType: mediaItems.fileType, fileName: mediaItems.fileName, deletedAt: mediaItems.deletedAt })
    .from(mediaItems)
    .where(tenantOf(tenantId).where(mediaItems));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shownMemo = new Map<number, boolean>();
  const shown = (id: number, depth = 0): boolean => {
    const known = shownMemo.get(id);
    if (known !== undefined) return known;
    const r = byId.get(id);
    // A broken or cyclic chain (never written by the routes) hides the item rather than loop.
    const value = !!r && !r.deletedAt && depth < 1000 && (r.parentId === null || shown(r.parentId, depth + 1));
    shownMemo.set(id, value);
    return value;
  };
  /** Whether `id` is `ancestor` or lies below it. */
  const within = (id: number, ancestor: number) => {
    for (let at: number | null = id, n = 0; at !== null && n < 1000; at = byId.get(at)?.parentId ?? null, n++) if (at === ancestor) return true;
    return false;
  };
  const folders = (): MediaFolder[] => {
    const nodes = new Map<number, MediaFolder>();
    for (const r of rows) if (r.fileType === MEDIA_TYPE.folder && shown(r.id)) nodes.set(r.id, { id: r.id, fileName: r.fileName, parentId: r.parentId, children: [] });
    const roots: MediaFolder[] = [];
    for (const n of [...nodes.values()].sort((a, b) => a.fileName.localeCompare(b.fileName, "zh-CN"))) (n.parentId === null ? roots : nodes.get(n.parentId)!.children).push(n);
    return roots;
  };
  /** What the bin lists: each item put there (what lies under a recycled folder goes and comes back with it). */
  const binned = () => rows.filter((r) => r.deletedAt).map((r) => r.id);
  return { byId, shown, within, folders, binned };
}
