import { Hono } from "hono";
import { fileDelBody, IMAGE_EXTS, PUBLIC_MAX_MB, UPLOAD_LIMITS, UPLOAD_PURPOSES, uploadQuery } from "@/lib/contract/upload";
import { requireAuth } from "../../lib/auth";
import type { CloudEnv, Ctx } from "../../lib/context";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { fileResponse, MULTIPART_SLACK, parseStoredPath, PUBLIC_PREFIX, receiveUpload } from "../../lib/files";
import { assertStorageRoom } from "../../lib/storage";
import { dropOwnUpload, recordFile } from "../../db/queries/stored-files";
import { badRequest, body, forbidden, notFound, ok, query } from "../../lib/http";
import { fileBaseRoutes, fileLogRoutes, headerRoutes, linkedFile } from "./knowledge";
import { partsRoutes } from "./parts";
import { aiRoutes } from "./ai";
import { mediaLibraryRoutes } from "./media-library";
import type { Served } from "../../lib/serve";

/**
 * The file service (widgets §5, §7). `POST upload` (multipart field `file`, optional `purpose`,
 * `maxMb` and `accept`: see `uploadQuery`) answers the stored relative path; `GET <path>` serves a file of the caller's tenant.
 * The app skips its JSON body limit for multipart: the receiver enforces its own.
 */
const storedFile = (c: Ctx) => {
  const file = parseStoredPath(c.var.deps.config.filesDir, c.req.path.replace(/^.*?\/file\//, ""));
  if (!file) throw badRequest("widgets.files.badPath");
  return file;
};

export const fileRoutes = new Hono<CloudEnv>()
  // Public branding images (logos, banners, backdrop) are shown on the login screen before anyone signs in.
  .get(`/${PUBLIC_PREFIX}/*`, async (c) => {
    const res = await fileResponse(storedFile(c));
    if (!res) throw notFound();
    return res;
  })
  // A signed preview link stands in for the session (core §2 /previewFile).
  .get("/link/:token", linkedFile)
  .use(requireAuth)
  .route("/upload", partsRoutes)
  .route("/header", headerRoutes)
  .route("/fileBase", fileBaseRoutes)
  .route("/fileLog", fileLogRoutes)
  .route("/ai", aiRoutes)
  .route("/mediaLibrary", mediaLibraryRoutes)
  .post("/upload", async (c) => {
    const q = query(c, uploadQuery);
    const { deps, auth } = c.var;
    // The declared purpose decides; the caller's maxMb and accept may only narrow what it allows.
    const purpose = q.purpose ? UPLOAD_PURPOSES[q.purpose] : null;
    const publicFile = purpose ? purpose.public : q.public;
    const ceiling = purpose?.maxMb ?? (publicFile ? PUBLIC_MAX_MB : UPLOAD_LIMITS.serverMaxMb);
    const maxMb = Math.min(q.maxMb ?? purpose?.maxMb ?? UPLOAD_LIMITS.serverDefaultMb, ceiling);
    const allowed: readonly string[] | undefined = purpose?.accept ?? (publicFile ? IMAGE_EXTS : undefined);
    const accept = allowed ? (q.accept ?? allowed).filter((e) => allowed.includes(e)) : q.accept;
    const db = deps.db;
    // A declared length that cannot fit is refused before a byte is read; the file's own size decides after.
    const declared = Number(c.req.header("content-length") ?? NaN);
    await assertStorageRoom(db, auth.tenantId, deps.config.storageQuotaMb, Number.isFinite(declared) ? Math.max(0, declared - MULTIPART_SLACK) : 0);
    const stored = await receiveUpload(c.req.raw, { root: deps.config.filesDir, tenantId: auth.tenantId, now: deps.now(), maxBytes: Math.floor(maxMb * 1024 * 1024), accept, publicFile });
    try {
      await assertStorageRoom(db, auth.tenantId, deps.config.storageQuotaMb, stored.size);
    } catch (e) {
      await rm(join(deps.config.filesDir, stored.path), { force: true });
      throw e;
    }
    await recordFile(db, { path: stored.path, tenantId: auth.tenantId, ownerId: auth.userId, size: stored.size, now: deps.now() });
    return ok(c, stored.path);
  })
  // A file removed from a form before it was saved goes at once rather than after a day.
  .post("/del", async (c) => {
    const { path } = await body(c, fileDelBody);
    const { deps, auth } = c.var;
    const file = parseStoredPath(deps.config.filesDir, path);
    if (!file) throw badRequest("widgets.files.badPath");
    const outcome = await dropOwnUpload(deps.db, { path, tenantId: auth.tenantId, ownerId: auth.userId });
    if (outcome === "claimed") throw badRequest("cloud.storage.fileInUse");
    if (outcome === "none") throw notFound();
    await rm(file.abs, { force: true });
    return ok(c, null);
  })
  .get("/*", async (c) => {
    const file = storedFile(c);
    // Platform administrators look after every tenant's data; a tenant sees its own files only.
    if (file.tenantId !== c.var.auth.tenantId && !c.var.auth.isPlatform) throw forbidden();
    const res = await fileResponse(file);
    if (!res) throw notFound();
    return res;
  });

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const fileServed: Served[] = [];
