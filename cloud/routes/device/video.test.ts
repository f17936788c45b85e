import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CameraRow } from "@/lib/contract/video/video";
import { devices } from "../../db/schema";
import { DEMO_CAMERAS_PER_PROJECT } from "../../seed/cameras";
import { signedIn, type TestCloud } from "../../testing";
import { CameraStreams, findFfmpeg } from "../../media/cameras";
import type { CaptureInfo } from "@/lib/contract/video/video";
import type { MediaItem } from "@/lib/contract/media/media-library";
import { mediaItems } from "../../db/schema";

const FFMPEG = findFfmpeg();

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

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
    cloud.deps.cameras = { streams: new CameraStreams(null), positionOf: () => ({ pan: 0, tilt: 0 }) };
    try {
      const res = await cloud.app.request(`/iotCloud/device/video/flv?id=${camera.id}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.headers.get("content-type")).toBe("video/x-flv");
      const reader = res.body!.getReader();
      const { value } = await reader.read();
      expect(Buffer.from(value!).toString("latin1", 0, 3)).toBe("FLV");
      await reader.cancel();
    } finally {
      cloud.deps.cameras.streams.close();
      delete cloud.deps.cameras;
    }
  });

  it("says snapshots and recordings are off without ffmpeg, in the caller's language", async () => {
    const [camera] = (await cameras(admin)).body.data;
    cloud.deps.cameras = { streams: new CameraStreams(null), positionOf: () => ({ pan: 0, tilt: 0 }) };
    try {
      expect((await cloud.request<CaptureInfo>(`/device/video/captureInfo?id=${camera.id}`, { token: admin })).body.data).toEqual({ available: false, recording: false, since: null });
      const off = await cloud.request("/device/video/snapshot", { token: admin, body: { id: camera.id }, language: "en" });
      expect(off.body).toMatchObject({ code: 400, msg: "Snapshots and recordings are off: this server has no ffmpeg" });
      const rec = await cloud.request("/device/video/record", { token: admin, body: { id: camera.id, controlType: "beginVideo" } });
      expect(rec.body.code).toBe(400);
      expect(rec.body.msg).toContain("ffmpeg");
    } finally {
      cloud.deps.cameras.streams.close();
      delete cloud.deps.cameras;
    }
  });

  it.skipIf(!FFMPEG)("keeps a snapshot (JPEG) and a recording (MP4) of the stream in the media library", async () => {
    const [camera] = (await cameras(admin)).body.data;
    cloud.deps.cameras = { streams: new CameraStreams(FFMPEG), positionOf: () => ({ pan: 10, tilt: 0 }) };
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
      cloud.deps.cameras.streams.close();
      delete cloud.deps.cameras;
    }
  }, 60_000);
});
