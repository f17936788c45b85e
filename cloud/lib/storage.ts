import type { MiddlewareHandler } from "hono";
import { Code } from "@/lib/contract/envelope";
import { rm } from "node:fs/promises";
import { claimFiles, forgetFiles, storageUsed } from "../db/queries/stored-files";
import type { Db } from "../db/client";
import type { CloudEnv } from "./context";
import { AppError } from "./http";
import { parseStoredPath } from "./files";

/**
 * A tenant's storage: the quota (`STORAGE_QUOTA_MB`) enforced on upload, and which uploads a
 * saved form claimed, so the abandoned ones can be removed (file upkeep).
 */

const MB = 1024 * 1024;
const DEFAULT_STORAGE_QUOTA_MB = 10_240;

/** The quota from `STORAGE_QUOTA_MB` (a positive number of MB), else the default. */
export function storageQuotaMbFromEnv(value = process.env.STORAGE_QUOTA_MB): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : DEFAULT_STORAGE_QUOTA_MB;
}

const mb = (bytes: number) => Math.round((bytes / MB) * 100) / 100;

/** Refuses an upload of `bytes` that would take the tenant past its quota, saying how much is used. */
export async function assertStorageRoom(db: Db, tenantId: number, quotaMb: number, bytes: number) {
  const used = await storageUsed(db, tenantId);
  if (used + bytes > quotaMb * MB) throw new AppError(Code.PAYLOAD_TOO_LARGE, "cloud.storage.quotaExceeded", { used: mb(used), quota: quotaMb });
}

/** Stored paths (`[p/]<tenant>/<yyyymmdd>/<32 hex>.<ext>`) anywhere in a text, e.g. a comma-joined list. */
const STORED_IN_TEXT = /(?:p\/)?\d{1,10}\/\d{8}\/[a-f0-9]{32}\.[a-z0-9]{1,8}/g;

/** Every stored path a JSON value names. */
export function pathsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === "string") for (const m of value.matchAll(STORED_IN_TEXT)) out.add(m[0]);
  else if (Array.isArray(value)) for (const v of value) pathsIn(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) pathsIn(v, out);
  return out;
}

/**
 * After a JSON write succeeds, the uploads its body names are claimed: one place for every form of
 * every service, so no route has to remember it. A refused write claims nothing.
 */
export const claimSavedFiles: MiddlewareHandler<CloudEnv> = async (c, next) => {
  await next();
  if (c.req.method !== "POST" || !c.var.auth || c.res.status !== 200 || !(c.req.header("content-type") ?? "").startsWith("application/json")) return;
  const paths = pathsIn(await c.req.json().catch(() => null));
  if (!paths.size) return;
  const answer = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { code?: number } | null;
  if (answer?.code !== Code.OK) return;
  await claimFiles(c.var.deps.db, c.var.auth.tenantId, [...paths], c.var.deps.now());
};

/** Removes stored files for good: their bytes, and their rows, so they no longer count against the quota. */
export async function removeStoredFiles(db: Db, filesDir: string, paths: readonly string[]) {
  await forgetFiles(db, paths);
  for (const p of paths) {
    const f = parseStoredPath(filesDir, p);
    if (f) await rm(f.abs, { force: true });
  }
}
