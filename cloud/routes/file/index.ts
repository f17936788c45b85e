import { Hono } from "hono";
import { IMAGE_EXTS, UPLOAD_LIMITS, uploadQuery } from "@/lib/contract/upload";
import { requireAuth } from "../../lib/auth";
import type { CloudEnv, Ctx } from "../../lib/context";
import { fileResponse, parseStoredPath, PUBLIC_PREFIX, receiveUpload } from "../../lib/files";
import { badRequest, forbidden, notFound, ok, query } from "../../lib/http";

/**
 * The file service (widgets §5, §7). `POST upload` (multipart field `file`, optional `maxMb` and
 * `accept`) answers the stored relative path; `GET <path>` serves a file of the caller's tenant.
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
  .use(requireAuth)
  .post("/upload", async (c) => {
    const q = query(c, uploadQuery);
    const maxMb = q.maxMb ?? UPLOAD_LIMITS.serverDefaultMb;
    const { deps, auth } = c.var;
    const accept = q.public ? (q.accept ?? IMAGE_EXTS).filter((e) => (IMAGE_EXTS as readonly string[]).includes(e)) : q.accept;
    const stored = await receiveUpload(c.req.raw, { root: deps.config.filesDir, tenantId: auth.tenantId, now: deps.now(), maxBytes: Math.floor(maxMb * 1024 * 1024), accept, publicFile: q.public });
    return ok(c, stored.path);
  })
  .get("/*", async (c) => {
    const file = storedFile(c);
    // Platform administrators look after every tenant's data; a tenant sees its own files only.
    if (file.tenantId !== c.var.auth.tenantId && !c.var.auth.isPlatform) throw forbidden();
    const res = await fileResponse(file);
    if (!res) throw notFound();
    return res;
  });
