import { rm } from "node:fs/promises";
import { lt } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Coordinator } from "./coordination";
import { knowledgeBin } from "../db/queries/knowledge";
import { mediaBin } from "../db/queries/media";
import { dropAbandoned } from "../db/queries/stored-files";
import { uploadSessions } from "../db/schema";
import { parseStoredPath, partialPath } from "./files";
import { purgeBins } from "./recycle-bin";

const EVERY_MS = 3600_000;
/** An upload no saved form referred to within a day was abandoned in its form. */
const ABANDONED_AFTER_MS = 24 * 3600_000;

/** Drops uploads in parts left unfinished past their day, with their partial bytes. */
async function purgeStaleUploads(db: Db, filesDir: string, now: Date) {
  const stale = await db.delete(uploadSessions).where(lt(uploadSessions.expiresAt, now)).returning({ id: uploadSessions.id });
  for (const s of stale) await rm(partialPath(filesDir, s.id), { force: true });
}

/** One pass: the knowledge base's and the media library's recycle-bin items past their 30 days (core §9), uploads in parts left unfinished and uploads abandoned, with their files. */
export async function fileUpkeep(db: Db, filesDir: string, now: Date) {
  await purgeBins([knowledgeBin, mediaBin], db, filesDir, now);
  await purgeStaleUploads(db, filesDir, now);
  for (const p of await dropAbandoned(db, new Date(now.getTime() - ABANDONED_AFTER_MS))) {
    const f = parseStoredPath(filesDir, p);
    if (f) await rm(f.abs, { force: true });
  }
}

/** Registers `fileUpkeep` with the cluster's jobs: at first start, then hourly, on one instance. */
export function scheduleFileUpkeep(cluster: Coordinator, db: Db, filesDir: string) {
  return cluster.every("file-upkeep", EVERY_MS, () => fileUpkeep(db, filesDir, new Date()), { atStart: true });
}
