import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { displayZone } from "@/lib/format";
import { FUNC_TYPE } from "@/lib/contract/device/thing-model";
import { cameraNumber, VIDICON_SERVICE, videoApi } from "@/lib/contract/video/video";
import { devices, productFunctions, products, projects, spaces } from "../../db/schema";
import { visibleProjects } from "../../db/queries/projects";
import { MEDIA_TYPE } from "@/lib/contract/media/media-library";
import { toMediaItem } from "../../db/queries/media";
import { cameraSources, mediaItems } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { CaptureFailed } from "../../media/capture";
import { keepInLibrary } from "../../media/library";
import { openWhepSession, sealWhepSession, WhepFailed, whepEnd, whepOffer, whepTrickle } from "../../media/whep";
import { AppError, badRequest, notFound, ok } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { serve } from "../../lib/serve";
import { deviceFor } from "../../lib/devices";
import { deviceNameIn, projectNameIn, spaceNameIn } from "../../db/queries/names";

/** Camera products are those of the camera category. */
const CAMERA_CATEGORY = "camera";

/**
 * The video calls (issue 34): the caller's cameras (devices of a camera product in the projects
 * the caller may see, a project's only when asked), and a camera's HTTP-FLV stream from the
 * cloud's media part; another tenant's or project's camera is not found.
 */
export const videoServed = [
  serve(videoApi.cameras, async (c, { projectId }) => {
    const db = c.var.deps.db;
    const seen = sql`${devices.projectId} in (select ${projects.id} from ${projects} where ${await visibleProjects(db, c.var.auth)})`;
    const rows = await db
      .select({ id: devices.id, deviceName: deviceNameIn(c.var.locale), deviceSn: devices.deviceSn, channelNo: devices.channelNo, projectId: devices.projectId, prjName: projectNameIn(c.var.locale), spaceId: devices.spaceId, spaceName: spaceNameIn(c.var.locale), status: devices.status, productId: devices.productId, whepUrl: cameraSources.whepUrl })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.productId))
      .innerJoin(projects, eq(projects.id, devices.projectId))
      .leftJoin(spaces, eq(spaces.id, devices.spaceId))
      .leftJoin(cameraSources, eq(cameraSources.deviceId, devices.id))
      .where(tenantScope(c.var.auth).where(devices, eq(products.prodCategory, CAMERA_CATEGORY), seen, projectId ? eq(devices.projectId, projectId) : undefined))
      .orderBy(asc(projects.id), asc(devices.channelNo), asc(devices.id));
    const productIds = [...new Set(rows.map((r) => r.productId))];
    const padProducts = productIds.length
      ? new Set(
          (await db.select({ productId: productFunctions.productId, definition: productFunctions.definition }).from(productFunctions).where(inArray(productFunctions.productId, productIds)))
            .filter((f) => f.definition.identifier === VIDICON_SERVICE && f.definition.funcType === FUNC_TYPE.service)
            .map((f) => f.productId),
        )
      : new Set<number>();
    return rows.map(({ productId, whepUrl, ...r }) => ({ ...r, projectId: r.projectId!, status: Number(r.status), ptz: padProducts.has(productId), whep: !!whepUrl }));
  }),
  serve(videoApi.whep, async (c, { id, sdp }) => {
    const camera = await cameraOf(c, id);
    const [source] = await c.var.deps.db.select({ whepUrl: cameraSources.whepUrl }).from(cameraSources).where(eq(cameraSources.deviceId, camera.id));
    if (!source?.whepUrl) throw badRequest("cloud.video.noWhep", { name: camera.label });
    const answer = await whepOffer(source.whepUrl, sdp).catch(whepRefusal);
    const session = sealWhepSession({ deviceId: camera.id, tenantId: c.var.auth.tenantId, userId: c.var.auth.userId, location: answer.location, etag: answer.etag });
    return { session, sdp: answer.sdp };
  }),
  serve(videoApi.whepIce, async (c, { session, frag }) => {
    const s = await whepSessionOf(c, session);
    // A server that gave no session address takes no trickle: the offer carried what was gathered.
    if (s.location) await whepTrickle(s.location, frag, s.etag).catch(whepRefusal);
    return null;
  }),
  serve(videoApi.whepEnd, async (c, { session }) => {
    const s = await whepSessionOf(c, session);
    if (s.location) await whepEnd(s.location).catch(whepRefusal);
    return null;
  }),
  serve(videoApi.sources, async (c, { id }) => {
    const camera = await cameraOf(c, id);
    const [row] = await c.var.deps.db.select({ whepUrl: cameraSources.whepUrl }).from(cameraSources).where(eq(cameraSources.deviceId, camera.id));
    return { whepUrl: row?.whepUrl ?? null };
  }),
  serve(videoApi.sourcesSave, async (c, { id, whepUrl }) => {
    const camera = await cameraOf(c, id);
    const db = c.var.deps.db;
    if (whepUrl === null) await db.delete(cameraSources).where(eq(cameraSources.deviceId, camera.id));
    else {
      const row = { deviceId: camera.id, tenantId: c.var.auth.tenantId, whepUrl, updatedAt: c.var.deps.now() };
      await db.insert(cameraSources).values(row).onConflictDoUpdate({ target: cameraSources.deviceId, set: { whepUrl, updatedAt: row.updatedAt } });
    }
    return ok(c, { whepUrl }, "cloud.video.sourcesSaved");
  }),
  serve(videoApi.flv, async (c, { id }) => {
    const { key, view, media } = await cameraFeed(c, id);
    return new Response(media.streams.flv(key, view), { headers: { "content-type": "video/x-flv", "cache-control": "no-store", "x-content-type-options": "nosniff" } });
  }),
  serve(videoApi.hls, async (c, { id, file }) => {
    const { key, view, media } = await cameraFeed(c, id);
    // Segments are named relative to the playlist's address: the same call, here or behind the console.
    const got = await media.streams.hls.file(key, view, file, (name) => `hls?id=${id}&file=${name}`).catch(captureRefusal);
    if (!got) throw notFound();
    return new Response(new Uint8Array(got.body), { headers: { "content-type": got.type, "cache-control": "no-store", "x-content-type-options": "nosniff" } });
  }),
  serve(videoApi.captureInfo, async (c, { id }) => {
    const { media, deviceId } = await cameraFeed(c, id);
    const running = await media.recordings.current(deviceId);
    return { available: media.streams.capture.available, recording: !!running, since: running?.row.startedAt.toISOString() ?? null };
  }),
  serve(videoApi.snapshot, async (c, { id }) => {
    const { key, view, media, label } = await cameraFeed(c, id);
    const jpeg = await media.streams.capture.snapshot(key, view).catch(captureRefusal);
    const item = await keepInLibrary(libraryOf(c), c.var.auth, c.var.locale, { fileType: MEDIA_TYPE.image, ext: "jpg", name: `${label} ${stamp(c)}`, bytes: jpeg });
    return ok(c, toMediaItem(item), "cloud.video.snapshotTaken");
  }),
  serve(videoApi.record, async (c, { id, controlType }) => {
    const { key, view, media, label, deviceId } = await cameraFeed(c, id);
    // The recording runs on this instance; any instance sees it and stops it (`CameraRecordings`).
    if (controlType === "beginVideo") {
      const row = await media.recordings.begin({ deviceId, who: c.var.auth, locale: c.var.locale, name: `${label} ${stamp(c)}`, key, view }).catch(captureRefusal);
      return ok(c, { available: true, recording: true, since: row.startedAt.toISOString(), item: null }, "cloud.video.recordingOn");
    }
    const done = await media.recordings.stop(deviceId).catch(captureRefusal);
    if (done.outcome === "failed" || done.mediaItemId === null) throw badRequest(`cloud.video.${done.error ?? "processingFailed"}`);
    const [item] = await c.var.deps.db.select().from(mediaItems).where(eq(mediaItems.id, done.mediaItemId));
    if (!item) throw badRequest("cloud.video.processingFailed");
    return ok(c, { available: true, recording: false, since: null, item: toMediaItem(item) }, "cloud.video.recordingOff");
  }),
];

/** The caller's camera with its label; another tenant's or project's, or a device that is no camera, is not found. */
async function cameraOf(c: Ctx, id: number) {
  const d = await deviceFor(c, id);
  const [camera] = await c.var.deps.db
    .select({ name: deviceNameIn(c.var.locale), channelNo: devices.channelNo })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(and(eq(devices.id, d.id), eq(products.prodCategory, CAMERA_CATEGORY)));
  if (!camera) throw notFound();
  return { id: d.id, label: `${camera.name} ${cameraNumber(camera.channelNo)}` };
}

/** The caller's camera and its stream's key and view from the cloud's media part. */
async function cameraFeed(c: Ctx, id: number) {
  const { id: deviceId, label } = await cameraOf(c, id);
  const media = c.var.deps.cameras;
  if (!media) throw new AppError(Code.BAD_REQUEST, "cloud.video.noMedia");
  // The tenant's zone (the request's): the camera's clock reads as the alarms beside its picture do.
  const view = { label, position: () => media.positionOf(deviceId) ?? { pan: 0, tilt: 0 }, zone: displayZone() };
  return { key: String(deviceId), view, media, label, deviceId };
}

/**
 * A WebRTC session's token, opened: it must be this cloud's seal, the caller's own (user and
 * tenant), and its camera still one the caller may see. Anything else is refused alike.
 */
async function whepSessionOf(c: Ctx, token: string) {
  const s = openWhepSession(token);
  if (!s || s.userId !== c.var.auth.userId || s.tenantId !== c.var.auth.tenantId) throw badRequest("cloud.video.whepSession");
  await cameraOf(c, s.deviceId);
  return s;
}

/** A media server's refusal or silence, in the caller's language. */
function whepRefusal(err: unknown): never {
  if (err instanceof WhepFailed) throw badRequest(`cloud.video.${err.reason}`, { status: err.status });
  throw err;
}

/** A capture's refusal in the caller's language (capture off without ffmpeg, no picture, no recording running…). */
function captureRefusal(err: unknown): never {
  if (err instanceof CaptureFailed) throw badRequest(`cloud.video.${err.reason}`);
  throw err;
}

/** When, as a file name shows it: the platform's clock (UTC+8), without characters a file name cannot hold. */
const stamp = (c: Ctx, at = c.var.deps.now()) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace("T", " ").replaceAll(":", "-");

/** Where a snapshot goes: the media library of the caller's tenant. */
const libraryOf = (c: Ctx) => ({ db: c.var.deps.db, filesDir: c.var.deps.config.filesDir, quotaMb: c.var.deps.config.storageQuotaMb, now: c.var.deps.now });
