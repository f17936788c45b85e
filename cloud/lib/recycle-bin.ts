import { and, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { RECYCLE_DAYS } from "@/lib/contract/recycle-bin";
import type { Db } from "../db/client";
import { tenantOf } from "./scope";
import { removeStoredFiles } from "./storage";

/** A tenant's tree of folders and files that deletes to a recycle bin (the knowledge base, the media library). */
export type BinTable = PgTable & { id: PgColumn; tenantId: PgColumn; parentId: PgColumn; filePath: PgColumn; deletedAt: PgColumn; deletedBy: PgColumn };

const DAY_MS = 86400_000;

/** When something put in the bin at `deletedAt` is purged (core §9: 30 days). */
export const purgeAt = (deletedAt: Date) => new Date(deletedAt.getTime() + RECYCLE_DAYS * DAY_MS);

/**
 * The one recycle bin of the file service's trees (core §4 files: recycle bin, restore, permanent
 * delete; §9 retention): an item and everything under it is hidden while recycled, comes back
 * with it, and goes for good — rows, bytes and the upload's share of the tenant's quota — when
 * deleted from the bin or 30 days after. `parentOf` is the SQL of a row's parent key (null at a root).
 */
export function recycleBin(table: BinTable, parentOf: SQL) {
  // Drizzle cannot type an update of a table given as a parameter; the columns above are checked.
  const t = table as unknown as PgTable;
  const links = (db: Db, tenantId: number) =>
    db
      .select({ id: sql<number>`${table.id}`, parent: sql<number | null>`${parentOf}`, deletedAt: sql<Date | null>`${table.deletedAt}` })
      .from(t)
      .where(tenantOf(tenantId).where(table));

  async function subtree(db: Db, tenantId: number, id: number): Promise<number[]> {
    const children = new Map<number, number[]>();
    for (const r of await links(db, tenantId)) if (r.parent !== null) children.set(r.parent, [...(children.get(r.parent) ?? []), r.id]);
    const out: number[] = [];
    const walk = (x: number) => {
      out.push(x);
      for (const c of children.get(x) ?? []) walk(c);
    };
    walk(id);
    return out;
  }

  async function deleteIds(db: Db, filesDir: string, ids: number[]) {
    if (!ids.length) return [];
    const gone = await db.delete(t).where(inArray(table.id, ids)).returning({ filePath: sql<string | null>`${table.filePath}` });
    const paths = gone.map((g) => g.filePath).filter((p): p is string => !!p);
    await removeStoredFiles(db, filesDir, paths);
    return paths;
  }

  return {
    subtree,
    /** Puts items (not yet recycled) of the tenant in the bin; answers the ids it took. */
    async recycle(db: Db, tenantId: number, ids: number[], by: number, now: Date): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db
        .update(t)
        .set({ deletedAt: now, deletedBy: by } as never)
        .where(tenantOf(tenantId).where(table, inArray(table.id, ids), isNull(table.deletedAt)))
        .returning({ id: sql<number>`${table.id}` });
      return rows.map((r) => r.id);
    },
    /** Takes an item out of the bin; under a folder still in the bin it comes back at the root instead. */
    async restore(db: Db, tenantId: number, id: number): Promise<void> {
      const byId = new Map((await links(db, tenantId)).map((r) => [r.id, r]));
      let hidden = false;
      const seen = new Set<number>();
      for (let up = byId.get(id)?.parent ?? null; up !== null && !seen.has(up); up = byId.get(up)?.parent ?? null) {
        seen.add(up);
        if (byId.get(up)?.deletedAt) hidden = true;
      }
      await db
        .update(t)
        .set({ deletedAt: null, deletedBy: null, ...(hidden ? { parentId: null } : {}) } as never)
        .where(tenantOf(tenantId).where(table, eq(table.id, id)));
    },
    /** Deletes an item with everything under it for good; answers the stored files removed. */
    async deleteForGood(db: Db, filesDir: string, tenantId: number, id: number): Promise<string[]> {
      return deleteIds(db, filesDir, await subtree(db, tenantId, id));
    },
    /** What was put in the bin before `before`, with everything under it (the hourly upkeep). */
    async purge(db: Db, filesDir: string, before: Date): Promise<string[]> {
      const old = await db
        .select({ id: sql<number>`${table.id}`, tenantId: sql<number>`${table.tenantId}` })
        .from(t)
        .where(and(isNotNull(table.deletedAt), lt(table.deletedAt, before)));
      const ids = new Set<number>();
      for (const o of old) for (const id of await subtree(db, o.tenantId, o.id)) ids.add(id);
      return deleteIds(db, filesDir, [...ids]);
    },
  };
}
export type RecycleBin = ReturnType<typeof recycleBin>;

/** Purges every bin's items older than the retention (core §9). */
export async function purgeBins(bins: readonly RecycleBin[], db: Db, filesDir: string, now: Date): Promise<string[]> {
  const before = new Date(now.getTime() - RECYCLE_DAYS * DAY_MS);
  const out: string[] = [];
  for (const bin of bins) out.push(...(await bin.purge(db, filesDir, before)));
  return out;
}
