import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CameraRow } from "@/lib/contract/video/video";
import { devices } from "../../db/schema";
import { DEMO_CAMERAS_PER_PROJECT } from "../../seed/cameras";
import { signedIn, type TestCloud } from "../../testing";
import { CameraStreams } from "../../media/cameras";

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
});
