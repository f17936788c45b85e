import { eq } from "drizzle-orm";
import { UPLOAD_PURPOSES, extList, extOf, uploadApi, type PartsState } from "@/lib/contract/upload";
import { uploadSessions } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { randomBytes } from "node:crypto";
import { FILE_TYPES, appendPart, partialPath, storePartial } from "../../lib/files";
import { AppError, badRequest, notFound } from "../../lib/http";
import { Code } from "@/lib/contract/envelope";
import { assertStorageRoom } from "../../lib/storage";
import { recordFile } from "../../db/queries/stored-files";
import { serve } from "../../lib/serve";
import { tenantScope } from "../../lib/scope";

/** An unfinished upload is kept a day for its resume, then dropped with its bytes. */
const SESSION_TTL_MS = 24 * 3600_000;

async function sessionOf(c: Ctx, uploadId: string) {
  const { auth, deps } = c.var;
  const [s] = await deps.db
    .select()
    .from(uploadSessions)
    .where(tenantScope(auth).where(uploadSessions, eq(uploadSessions.id, uploadId), eq(uploadSessions.userId, auth.userId)));
  if (!s || s.expiresAt < deps.now()) throw notFound();
  return s;
}

const state = (s: typeof uploadSessions.$inferSelect): PartsState => ({ uploadId: s.id, received: s.received, size: s.size });

/**
 * Uploads in parts (core §9: a knowledge file up to 1 GB). `init` checks the purpose's type and
 * size up front; each `part` names the offset it starts at, which must be what the cloud holds,
 * and streams to the partial file; `status` tells a resumed upload where to go on; `done` checks
 * the signature and stores the file like `upload` does. Only the user who began it may go on.
 */
export const partsServed = [
  serve(uploadApi.init, async (c, b) => {
    const rules = UPLOAD_PURPOSES[b.purpose];
    const ext = extOf(b.fileName);
    if (!FILE_TYPES[ext]) throw badRequest("widgets.files.typeNotAllowed", { ext: ext || "?" });
    if (!(rules.accept as readonly string[]).includes(ext)) throw badRequest("widgets.upload.typeHint", { exts: extList(rules.accept) });
    if (b.size > rules.maxMb * 1024 * 1024) throw new AppError(Code.PAYLOAD_TOO_LARGE, "widgets.upload.tooLarge", { n: rules.maxMb });
    const { auth, deps } = c.var;
    await assertStorageRoom(deps.db, auth.tenantId, deps.config.storageQuotaMb, b.size);
    const id = randomBytes(16).toString("hex");
    const [s] = await deps.db
      .insert(uploadSessions)
      .values({ id, tenantId: auth.tenantId, userId: auth.userId, fileName: b.fileName, ext, size: b.size, purpose: b.purpose, expiresAt: new Date(deps.now().getTime() + SESSION_TTL_MS) })
      .returning();
    return state(s);
  }),
  serve(uploadApi.status, async (c, { uploadId }) => state(await sessionOf(c, uploadId))),
  serve(uploadApi.part, async (c, q) => {
    const s = await sessionOf(c, q.uploadId);
    // A part must start where the cloud's bytes end: a repeated or skipped part would corrupt the file.
    if (q.offset !== s.received) {
      await c.req.raw.body?.cancel().catch(() => undefined);
      throw new AppError(Code.CONFLICT, "widgets.files.partOffset", { received: s.received }, state(s));
    }
    const written = await appendPart(partialPath(c.var.deps.config.filesDir, s.id), c.req.raw.body, s.size - s.received, s.size);
    const [next] = await c.var.deps.db.update(uploadSessions).set({ received: s.received + written }).where(eq(uploadSessions.id, s.id)).returning();
    return state(next);
  }),
  serve(uploadApi.done, async (c, { uploadId }) => {
    const s = await sessionOf(c, uploadId);
    if (s.received !== s.size) throw new AppError(Code.CONFLICT, "widgets.files.partOffset", { received: s.received }, state(s));
    const { deps, auth } = c.var;
    // Other uploads may have filled the quota since this one began.
    await assertStorageRoom(deps.db, auth.tenantId, deps.config.storageQuotaMb, s.size);
    const path = await storePartial(partialPath(deps.config.filesDir, s.id), { root: deps.config.filesDir, tenantId: auth.tenantId, now: deps.now(), ext: s.ext });
    await deps.db.delete(uploadSessions).where(eq(uploadSessions.id, s.id));
    await recordFile(deps.db, { path, tenantId: auth.tenantId, ownerId: auth.userId, size: s.size, now: deps.now() });
    return { path, name: s.fileName, size: s.size };
  }),
];
