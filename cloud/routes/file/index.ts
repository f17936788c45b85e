import { IMAGE_EXTS, PUBLIC_MAX_MB, storedFileApi, UPLOAD_LIMITS, UPLOAD_PURPOSES, uploadApi } from "@/lib/contract/upload";
import type { Ctx } from "../../lib/context";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { fileResponse, MULTIPART_SLACK, parseStoredPath, receiveUpload } from "../../lib/files";
import { assertStorageRoom } from "../../lib/storage";
import { dropOwnUpload, recordFile } from "../../db/queries/stored-files";
import { badRequest, forbidden, notFound } from "../../lib/http";
import { serve, type Served } from "../../lib/serve";
import { aiServed } from "./ai";
import { knowledgeServed } from "./knowledge";
import { mediaServed } from "./media-library";
import { partsServed } from "./parts";

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

const storageServed = [
  // Public branding images (logos, banners, backdrop) are shown on the login screen before anyone signs in.
  serve(storedFileApi.public, async (c) => {
    const res = await fileResponse(storedFile(c));
    if (!res) throw notFound();
    return res;
  }),
  serve(uploadApi.upload, async (c, q) => {
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
    return stored.path;
  }),
  // A file removed from a form before it was saved goes at once rather than after a day.
  serve(uploadApi.del, async (c, { path }) => {
    const { deps, auth } = c.var;
    const file = parseStoredPath(deps.config.filesDir, path);
    if (!file) throw badRequest("widgets.files.badPath");
    const outcome = await dropOwnUpload(deps.db, { path, tenantId: auth.tenantId, ownerId: auth.userId });
    if (outcome === "claimed") throw badRequest("cloud.storage.fileInUse");
    if (outcome === "none") throw notFound();
    await rm(file.abs, { force: true });
    return null;
  }),
  serve(storedFileApi.read, async (c) => {
    const file = storedFile(c);
    // Platform administrators look after every tenant's data; a tenant sees its own files only.
    if (file.tenantId !== c.var.auth.tenantId && !c.var.auth.isPlatform) throw forbidden();
    const res = await fileResponse(file);
    if (!res) throw notFound();
    return res;
  }),
];

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const fileServed: Served[] = [...storageServed, ...partsServed, ...knowledgeServed, ...aiServed, ...mediaServed];
