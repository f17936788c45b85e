import { Hono } from "hono";
import { UPLOAD_LIMITS, uploadQuery } from "@/lib/contract/upload";
import { requireAuth } from "../../lib/auth";
import type { CloudEnv } from "../../lib/context";
import { fileResponse, parseStoredPath, receiveUpload } from "../../lib/files";
import { badRequest, forbidden, notFound, ok, query } from "../../lib/http";

/**
 * The file service (widgets §5, §7). `POST upload` (multipart field `file`, optional `maxMb` and
 * `accept`) answers the stored relative path; `GET <path>` serves a file of the caller's tenant.
 * The app skips its JSON body limit for multipart: the receiver enforces its own.
 */
export const fileRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .post("/upload", async (c) => {
    const q = query(c, uploadQuery);
    const maxMb = q.maxMb ?? UPLOAD_LIMITS.serverDefaultMb;
    const { deps, auth } = c.var;
    const stored = await receiveUpload(c.req.raw, { root: deps.config.filesDir, tenantId: auth.tenantId, now: deps.now(), maxBytes: Math.floor(maxMb * 1024 * 1024), accept: q.accept });
    return ok(c, stored.path);
  })
  .get("/*", async (c) => {
    const rel = c.req.path.replace(/^.*?\/file\//, "");
    const file = parseStoredPath(c.var.deps.config.filesDir, rel);
    if (!file) throw badRequest("widgets.files.badPath");
    // Platform administrators look after every tenant's data; a tenant sees its own files only.
    if (file.tenantId !== c.var.auth.tenantId && !c.var.auth.isPlatform) throw forbidden();
    const res = await fileResponse(file);
    if (!res) throw notFound();
    return res;
  });
