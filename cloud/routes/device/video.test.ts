import { describe, expect, it } from "vitest";
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { VIDICON_SERVICE, type CameraRow } from "@/lib/contract/video/video";
import { PAD_SERVICE } from "@/lib/contract/linkage/pad";
import { devices, productFunctions } from "../../db/schema";
import { DEMO_CAMERAS_PER_PROJECT } from "../../seed/cameras";
import { signedIn, type TestCloud } from "../../testing";
import { CameraStreams, findFfmpeg } from "../../media/cameras";
import type { CaptureInfo } from "@/lib/contract/video/video";
import type { MediaItem } from "@/lib/contract/media/media-library";
import { cameraRecordings, mediaItems } from "../../db/schema";
import { CameraRecordings } from "../../media/recordings";
import { Coordinator, type SignalBus } from "../../lib/coordination";
import { createCloud } from "../../app";
import type { Db } from "../../db/client";

const FFMPEG = findFfmpeg();

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

/** A media part on `db` (one instance's): its streams and the recordings it runs. */
function mediaPart(ffmpeg: string | null, o: { db?: Db; cluster?: Coordinator; leaseMs?: number; pan?: number } = {}) {
  const streams = new CameraStreams(ffmpeg);
  const recordings = new CameraRecordings({ db: o.db ?? cloud.db, capture: streams.capture, library: { filesDir: cloud.deps.config.filesDir, quotaMb: cloud.deps.config.storageQuotaMb, now: cloud.now }, cluster: o.cluster, leaseMs: o.leaseMs });
  return { streams, recordings, positionOf: () => ({ pan: o.pan ?? 0, tilt: 0 }) };
}
async function closeMedia(m = cloud.deps.cameras) {
  await m?.recordings.close();
  m?.streams.close();
  if (m === cloud.deps.cameras) delete cloud.deps.cameras;
}

const cameras = (token: string, query = "") => cloud.request<CameraRow[]>(`/device/video/cameraList${query}`, { token });

describe("device/video", () => {
  it("lists the cameras of the projects the caller may see, as a tree's leaves with their number and pad", async () => {
    const all = await cameras(admin);
    expect(all.body.code).toBe(200);
    const projects = new Set(all.body.data.map((c) => c.projectId));
    expect(all.body.data.length).toBe(projects.size * DEMO_CAMERAS_PER_PROJECT);
    expect(all.body.data[0]).toMatchObject({ channelNo: 1, ptz: true });
    // The operator sees only the projects it is a member of.
    const mine = await cameras(operator);
    expect(mine.body.code).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.length).toBeLessThan(all.body.data.length);
    // One project when asked.
    const one = await cameras(admin, `?projectId=${all.body.data[0].projectId}`);
    expect(one.body.data.every((c) => c.projectId === all.body.data[0].projectId)).toBe(true);
    // The platform has no video screen.
    expect((await cameras(platform)).body.code).toBe(403);
  });

  it("offers the pad for a camera whose product has the camera pad's service (vidiconOperate), whatever else it has", async () => {
    const [camera] = (await cameras(admin)).body.data;
    const [{ productId }] = await cloud.db.select({ productId: devices.productId }).from(devices).where(eq(devices.id, camera.id));
    const fns = await cloud.db.select().from(productFunctions).where(eq(productFunctions.productId, productId));
    const of = (identifier: string) => fns.filter((f) => f.definition.identifier === identifier);
    expect(of(VIDICON_SERVICE)).toHaveLength(1);
    const ptz = async () => (await cameras(admin)).body.data.find((c) => c.id === camera.id)!.ptz;
    try {
      // Without the linkage pad's service (padControl), the camera pad still steers it: it calls vidiconOperate.
      await cloud.db.delete(productFunctions).where(inArray(productFunctions.id, of(PAD_SERVICE).map((f) => f.id)));
      expect(await ptz()).toBe(true);
      // Without vidiconOperate no pad (the cloud would refuse every press), even with padControl back.
      await cloud.db.delete(productFunctions).where(inArray(productFunctions.id, of(VIDICON_SERVICE).map((f) => f.id)));
      await cloud.db.insert(productFunctions).values(of(PAD_SERVICE));
      expect(await ptz()).toBe(false);
    } finally {
      await cloud.db.delete(productFunctions).where(eq(productFunctions.productId, productId));
      await cloud.db.insert(productFunctions).values(fns);
    }
    expect(await ptz()).toBe(true);
  });

  it("refuses another tenant's camera and a device that is no camera; streams FLV when the media part runs", async () => {
    const [camera] = (await cameras(admin)).body.data;
    // The platform has no video screen; a camera of another tenant is not found.
    expect((await cloud.request(`/device/video/flv?id=${camera.id}`, { token: platform })).body.code).toBe(403);
    const [own] = await cloud.db.select().from(devices).where(eq(devices.id, camera.id));
    const [foreign] = await cloud.db
      .insert(devices)
      .values({ ...own, id: undefined, tenantId: 1, projectId: null, deviceSn: "CAMFOREIGN", deviceName: "foreign" })
      .returning({ id: devices.id });
    expect((await cloud.request(`/device/video/flv?id=${foreign.id}`, { token: admin })).body.code).toBe(404);
    expect((await cameras(admin)).body.data.some((c) => c.id === foreign.id)).toBe(false);
    const [sensor] = await cloud.db.select({ id: devices.id }).from(devices).where(eq(devices.deviceSn, "SIM01001"));
    expect((await cloud.request(`/device/video/flv?id=${sensor.id}`, { token: admin })).body.code).toBe(404);
    // Without a media part: a clear refusal, never a 500.
    expect((await cloud.request(`/device/video/flv?id=${camera.id}`, { token: admin })).body.code).toBe(400);

    // With one (the shipped clip: no ffmpeg needed), the stream is FLV from its header on.
    cloud.deps.cameras = mediaPart(null);
    try {
      const res = await cloud.app.request(`/iotCloud/device/video/flv?id=${camera.id}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.headers.get("content-type")).toBe("video/x-flv");
      const reader = res.body!.getReader();
      const { value } = await reader.read();
      expect(Buffer.from(value!).toString("latin1", 0, 3)).toBe("FLV");
      await reader.cancel();
    } finally {
      await closeMedia();
    }
  });

  it("says snapshots and recordings are off without ffmpeg, in the caller's language", async () => {
    const [camera] = (await cameras(admin)).body.data;
    cloud.deps.cameras = mediaPart(null);
    try {
      expect((await cloud.request<CaptureInfo>(`/device/video/captureInfo?id=${camera.id}`, { token: admin })).body.data).toEqual({ available: false, recording: false, since: null });
      const off = await cloud.request("/device/video/snapshot", { token: admin, body: { id: camera.id }, language: "en" });
      expect(off.body).toMatchObject({ code: 400, msg: "Snapshots and recordings are off: this server has no ffmpeg" });
      const rec = await cloud.request("/device/video/record", { token: admin, body: { id: camera.id, controlType: "beginVideo" } });
      expect(rec.body.code).toBe(400);
      expect(rec.body.msg).toContain("ffmpeg");
    } finally {
      await closeMedia();
    }
  });

  it.skipIf(!FFMPEG)("keeps a snapshot (JPEG) and a recording (MP4) of the stream in the media library", async () => {
    const [camera] = (await cameras(admin)).body.data;
    cloud.deps.cameras = mediaPart(FFMPEG, { pan: 10 });
    try {
      const snap = await cloud.request<MediaItem>("/device/video/snapshot", { token: admin, body: { id: camera.id } });
      expect(snap.body).toMatchObject({ code: 200, data: { fileType: 2, filePath: expect.stringMatching(/\.jpg$/), fileName: expect.stringContaining(camera.deviceName) } });
      const file = await cloud.app.request(`/iotCloud/file/${snap.body.data.filePath}`, { headers: { authorization: `Bearer ${admin}` } });
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.subarray(0, 2).toString("hex")).toBe("ffd8");

      // Another tenant's camera is not found; an end without a start is refused.
      expect((await cloud.request("/device/video/snapshot", { token: platform, body: { id: camera.id } })).body.code).not.toBe(200);
      expect((await cloud.request("/device/video/record", { token: admin, body: { id: camera.id, controlType: "endVideo" } })).body.code).toBe(400);

      const on = await cloud.request<CaptureInfo>("/device/video/record", { token: admin, body: { id: camera.id, controlType: "beginVideo" } });
      expect(on.body.data).toMatchObject({ available: true, recording: true });
      expect((await cloud.request<CaptureInfo>(`/device/video/captureInfo?id=${camera.id}`, { token: operator })).body.data.recording).toBe(true);
      expect((await cloud.request("/device/video/record", { token: admin, body: { id: camera.id, controlType: "beginVideo" } })).body.code).toBe(400);
      await new Promise((r) => setTimeout(r, 2_500));
      const off = await cloud.request<CaptureInfo & { item: MediaItem }>("/device/video/record", { token: admin, body: { id: camera.id, controlType: "endVideo" } });
      expect(off.body).toMatchObject({ code: 200, data: { recording: false, item: { fileType: 3, filePath: expect.stringMatching(/\.mp4$/) } } });
      const [row] = await cloud.db.select().from(mediaItems).where(eq(mediaItems.id, off.body.data.item.id));
      expect(row.fileSize).toBeGreaterThan(1000);
      const mp4 = Buffer.from(await (await cloud.app.request(`/iotCloud/file/${off.body.data.item.filePath}`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer());
      expect(mp4.subarray(4, 8).toString("latin1")).toBe("ftyp");
      const page = await cloud.request<{ records: MediaItem[] }>("/file/mediaLibrary/page?current=1&size=24", { token: admin });
      expect(page.body.data.records.map((r) => r.id)).toEqual(expect.arrayContaining([snap.body.data.id, off.body.data.item.id]));
    } finally {
      await closeMedia();
    }
  }, 60_000);
});

describe("device/video/hls", () => {
  const hls = (token: string, id: number, file: string) => cloud.app.request(`/iotCloud/device/video/hls?id=${id}&file=${file}`, { headers: { authorization: `Bearer ${token}`, language: "en" } });

  it("says HLS is off without ffmpeg and refuses a name that is no playlist or segment", async () => {
    const [camera] = (await cameras(admin)).body.data;
    cloud.deps.cameras = mediaPart(null);
    try {
      expect(await (await hls(admin, camera.id, "index.m3u8")).json()).toMatchObject({ code: 400, msg: "HLS is off: this server has no ffmpeg to cut the stream into segments" });
      expect(((await (await hls(admin, camera.id, "../../etc/passwd")).json()) as { code: number }).code).toBe(400);
      expect(((await (await hls(platform, camera.id, "index.m3u8")).json()) as { code: number }).code).toBe(403);
    } finally {
      await closeMedia();
    }
  });

  it.skipIf(!FFMPEG)("serves the camera's playlist naming its segments as the same call, and the segments as MPEG-TS", async () => {
    const [camera] = (await cameras(admin)).body.data;
    cloud.deps.cameras = mediaPart(FFMPEG);
    try {
      const res = await hls(admin, camera.id, "index.m3u8");
      expect(res.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
      const list = await res.text();
      expect(list).toMatch(/^#EXTM3U/);
      const segments = list.split("\n").filter((l) => l && !l.startsWith("#"));
      expect(segments.length).toBeGreaterThan(0);
      for (const s of segments) expect(s).toMatch(new RegExp(`^hls\\?id=${camera.id}&file=seg\\d+\\.ts$`));
      const seg = await hls(admin, camera.id, segments[0].split("file=")[1]);
      expect(seg.headers.get("content-type")).toBe("video/mp2t");
      const bytes = Buffer.from(await seg.arrayBuffer());
      expect(bytes[0]).toBe(0x47);
      expect(bytes.length % 188).toBe(0);
      // A segment long gone (or not yet made) is not found.
      expect(((await (await hls(admin, camera.id, "seg999999.ts")).json()) as { code: number }).code).toBe(404);
    } finally {
      await closeMedia();
    }
  }, 60_000);
});

describe.skipIf(!FFMPEG)("camera recordings across instances", () => {
  /** A second instance on the same database: its own Db view, media part and coordinator, joined to the first by a signal bus. */
  function twoInstances(o: { leaseA?: number } = {}) {
    const listeners = new Set<(p: string) => void>();
    const bus: SignalBus = { notify: async (p) => listeners.forEach((l) => l(p)), listen: async (on) => (listeners.add(on), async () => void listeners.delete(on)) };
    const dbA = Object.create(cloud.db) as Db;
    const dbB = Object.create(cloud.db) as Db;
    const here = new Coordinator(dbA, { bus });
    const there = new Coordinator(dbB, { bus });
    const a = mediaPart(FFMPEG, { db: dbA, cluster: here, leaseMs: o.leaseA });
    const b = mediaPart(FFMPEG, { db: dbB, cluster: there });
    cloud.deps.cameras = a;
    cloud.deps.cluster = here;
    const appB = createCloud({ ...cloud.deps, db: dbB, cameras: b, cluster: there });
    const onB = async <T>(path: string, token: string, body?: unknown) => {
      const res = await appB.request(`/iotCloud${path}`, { method: body ? "POST" : "GET", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
      return (await res.json()) as { code: number; msg: string; data: T };
    };
    return {
      dbA,
      a,
      b,
      onB,
      async close() {
        delete (dbA as { update?: unknown }).update;
        await closeMedia(a);
        await closeMedia(b);
        delete cloud.deps.cameras;
        delete cloud.deps.cluster;
        await Promise.all([here.close(), there.close()]);
      },
    };
  }
  const record = (token: string, id: number, controlType: "beginVideo" | "endVideo") => cloud.request<CaptureInfo & { item: MediaItem | null }>("/device/video/record", { token, body: { id, controlType } });
  const mp4Of = async (item: { filePath: string | null }) => Buffer.from(await (await cloud.app.request(`/iotCloud/file/${item.filePath}`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer());

  it("a recording started on one instance is seen and refused again on another, and stopped there by its holder", async () => {
    const [camera] = (await cameras(admin)).body.data;
    const two = twoInstances();
    try {
      expect((await record(admin, camera.id, "beginVideo")).body.data).toMatchObject({ recording: true });
      const seen = await two.onB<CaptureInfo>(`/device/video/captureInfo?id=${camera.id}`, operator);
      expect(seen.data).toMatchObject({ available: true, recording: true, since: expect.any(String) });
      expect((await two.onB("/device/video/record", admin, { id: camera.id, controlType: "beginVideo" })).code).toBe(400);
      await new Promise((r) => setTimeout(r, 2_500));
      // Stopped through the other instance: the holder (this one) ends it and stores the MP4; the other answers the item.
      const off = await two.onB<{ recording: boolean; item: MediaItem }>("/device/video/record", admin, { id: camera.id, controlType: "endVideo" });
      expect(off).toMatchObject({ code: 200, data: { recording: false, item: { fileType: 3, filePath: expect.stringMatching(/\.mp4$/) } } });
      const [row] = await cloud.db.select().from(cameraRecordings).where(eq(cameraRecordings.mediaItemId, off.data.item.id));
      expect(row).toMatchObject({ holder: two.a.recordings.instance, outcome: "stored", stopAsked: expect.any(Date), endedAt: expect.any(Date) });
      expect((await mp4Of(off.data.item)).subarray(4, 8).toString("latin1")).toBe("ftyp");
      expect((await cloud.request<CaptureInfo>(`/device/video/captureInfo?id=${camera.id}`, { token: admin })).body.data.recording).toBe(false);
      expect((await two.onB("/device/video/record", admin, { id: camera.id, controlType: "endVideo" })).code).toBe(400);
    } finally {
      await two.close();
    }
  }, 60_000);

  it("a recording whose instance died is closed by another (sweep or stop) and what it wrote is kept", async () => {
    const [, camera, third] = (await cameras(admin)).body.data;
    const two = twoInstances({ leaseA: 600 });
    try {
      expect((await record(admin, camera.id, "beginVideo")).body.code).toBe(200);
      expect((await record(admin, third.id, "beginVideo")).body.code).toBe(200);
      await new Promise((r) => setTimeout(r, 2_500));
      // The instance dies: its writers stop and it renews nothing more.
      (two.dbA as { update: unknown }).update = () => {
        throw new Error("instance gone");
      };
      await two.a.streams.capture.close();
      await new Promise((r) => setTimeout(r, 900));
      // The other's stop finds the lease lapsed and closes that recording itself.
      const off = await two.onB<{ item: MediaItem }>("/device/video/record", admin, { id: camera.id, controlType: "endVideo" });
      expect(off).toMatchObject({ code: 200, data: { item: { fileType: 3 } } });
      expect((await mp4Of(off.data.item)).subarray(4, 8).toString("latin1")).toBe("ftyp");
      // The sweep closes the rest.
      expect(await two.b.recordings.sweep()).toBe(1);
      const [row] = await cloud.db.select().from(cameraRecordings).where(and(eq(cameraRecordings.deviceId, third.id), isNotNull(cameraRecordings.endedAt))).orderBy(desc(cameraRecordings.id)).limit(1);
      expect(row).toMatchObject({ outcome: "orphan", holder: two.b.recordings.instance, mediaItemId: expect.any(Number) });
      const [item] = await cloud.db.select().from(mediaItems).where(eq(mediaItems.id, row.mediaItemId!));
      expect(item.fileSize).toBeGreaterThan(1000);
      expect((await two.onB<CaptureInfo>(`/device/video/captureInfo?id=${third.id}`, admin)).data.recording).toBe(false);
      // The camera records again.
      expect((await two.onB("/device/video/record", admin, { id: third.id, controlType: "beginVideo" })).code).toBe(200);
      await new Promise((r) => setTimeout(r, 2_000));
      expect((await two.onB("/device/video/record", admin, { id: third.id, controlType: "endVideo" })).code).toBe(200);
    } finally {
      await two.close();
    }
  }, 60_000);
});
