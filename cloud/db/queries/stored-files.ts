import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { storedFiles } from "../schema";
import { tenantOf } from "../../lib/scope";

/** An upload just stored, owned by its uploader, not yet claimed by a saved form. */
export async function recordFile(db: Db, f: { path: string; tenantId: number; ownerId: number; size: number; now: Date }) {
  await db.insert(storedFiles).values({ path: f.path, tenantId: f.tenantId, ownerId: f.ownerId, size: f.size, createdAt: f.now });
}

/** Bytes a tenant's uploads take. */
export async function storageUsed(db: Db, tenantId: number): Promise<number> {
  const [{ used }] = await db.select({ used: sql<number>`coalesce(sum(${storedFiles.size}), 0)::float8` }).from(storedFiles).where(tenantOf(tenantId).where(storedFiles));
  return used;
}

/** Marks a tenant's uploads a saved form referred to: they are kept from then on. */
export async function claimFiles(db: Db, tenantId: number, paths: string[], now: Date) {
  if (!paths.length) return;
  await db
    .update(storedFiles)
    .set({ claimedAt: now })
    .where(tenantOf(tenantId).where(storedFiles, inArray(storedFiles.path, paths), isNull(storedFiles.claimedAt)));
}

/** Forgets the uploads no saved form claimed before `before`; answers their paths, for their bytes to go too. */
export async function dropAbandoned(db: Db, before: Date): Promise<string[]> {
  const gone = await db
    .delete(storedFiles)
    .where(and(isNull(storedFiles.claimedAt), lt(storedFiles.createdAt, before)))
    .returning({ path: storedFiles.path });
  return gone.map((g) => g.path);
}

/**
 * Forgets the owner's upload if no saved form claimed it; answers whether it did, and whether the
 * path is a claimed file of the tenant (which stays: saved data refers to it).
 */
export async function dropOwnUpload(db: Db, f: { path: string; tenantId: number; ownerId: number }): Promise<"dropped" | "claimed" | "none"> {
  const gone = await db
    .delete(storedFiles)
    .where(tenantOf(f.tenantId).where(storedFiles, eq(storedFiles.path, f.path), eq(storedFiles.ownerId, f.ownerId), isNull(storedFiles.claimedAt)))
    .returning({ path: storedFiles.path });
  if (gone.length) return "dropped";
  const [kept] = await db.select({ path: storedFiles.path }).from(storedFiles).where(tenantOf(f.tenantId).where(storedFiles, eq(storedFiles.path, f.path)));
  return kept ? "claimed" : "none";
}

/** Forgets stored files removed for good (their bytes go too): they stop counting against the quota. */
export async function forgetFiles(db: Db, paths: readonly string[]) {
  if (paths.length) await db.delete(storedFiles).where(inArray(storedFiles.path, [...paths]));
}
