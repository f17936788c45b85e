import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import type { Page } from "@/lib/contract/envelope";
import type { PointData, PointSeries, Scene, SceneCandidate, SceneDevice, SceneView, ScreenConfig } from "@/lib/contract/scene/scene";
import { alarms, devices, productFunctions, projects, telemetryLatest } from "../../db/schema";
import { canvas } from "../../lib/png";
import { signedIn, type TestCloud } from "../../testing";
import { rebuildHourly } from "../../db/queries/telemetry-hourly";
import { insertTelemetry } from "../../db/queries/telemetry-props";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

async function projectIds() {
  const rows = await cloud.db.select({ id: projects.id, name: projects.prjName }).from(projects).orderBy(asc(projects.id));
  return { riverside: rows.find((r) => r.name.startsWith("滨江"))!.id, metro: rows.find((r) => r.name.startsWith("地铁"))!.id };
}
const call = <T>(path: string, project: number, init: { token?: string; body?: unknown; language?: string } = {}) =>
  cloud.request<T>(path, { token: init.token ?? admin, body: init.body, language: init.language, headers: { projectid: String(project) } });

/** A stored file of the demo tenant, as `file/upload` would leave it. */
async function stored(ext: string, bytes: Buffer, tenantId = 2) {
  const rel = `${tenantId}/20260302/${randomBytes(16).toString("hex")}.${ext}`;
  const abs = join(cloud.deps.config.filesDir, rel);
  await mkdir(dirname(abs), { recursive: true });
  await writeFile(abs, bytes);
  return rel;
}
const png = (w: number, h: number) => canvas(w, h, [0, 0, 0]).png();

/** A device of the project with its first numeric property. */
async function deviceWithProperty(projectId: number, skip = 0) {
  const rows = await cloud.db
    .select({ id: devices.id, name: devices.deviceName, identifier: productFunctions.identifier })
    .from(devices)
    .innerJoin(productFunctions, and(eq(productFunctions.productId, devices.productId), eq(productFunctions.funcType, 1), eq(productFunctions.dataType, "float")))
    .where(eq(devices.projectId, projectId))
    .orderBy(asc(devices.id), asc(productFunctions.sort), asc(productFunctions.id));
  const firsts = rows.filter((r, i) => i === 0 || rows[i - 1].id !== r.id);
  return firsts[skip];
}

describe("device/scene, sceneDevice, devSceneModel, devPointScreen", () => {
  it("keeps a project's scenes, holds image scenes to 16:9 and 3D scenes to glTF", async () => {
    const { riverside, metro } = await projectIds();
    const wide = await stored("png", png(32, 18));
    const add = await call<Scene>("/device/scene/add", riverside, { body: { sceneName: "二层平面", sceneFile: wide, splitScreen: 9, projectId: metro } });
    expect(add.body.code).toBe(200);
    expect(add.body.data).toMatchObject({ sceneName: "二层平面", sceneType: 0, sceneFile: wide, splitScreen: 9 });
    const page = await call<Page<Scene>>("/device/scene/page?current=1&size=50", riverside);
    expect(page.body.data.records.map((s) => s.sceneName)).toContain("二层平面");
    expect((await call<Page<Scene>>("/device/scene/page?current=1&size=50", metro)).body.data.records.map((s) => s.sceneName)).not.toContain("二层平面");

    const square = await stored("png", png(30, 30));
    expect((await call("/device/scene/add", riverside, { body: { sceneName: "x", sceneFile: square }, language: "en" })).body).toMatchObject({ code: 400, msg: "The scene image must be 16:9; this one is 30×30" });
    // A file whose name says png but whose bytes are no image, another tenant's file, a made-up path.
    expect((await call("/device/scene/add", riverside, { body: { sceneName: "x", sceneFile: await stored("png", Buffer.from("text")) } })).body.code).toBe(400);
    expect((await call("/device/scene/add", riverside, { body: { sceneName: "x", sceneFile: await stored("png", png(16, 9), 1) }, language: "en" })).body.msg).toBe("The scene file is not valid: upload it again");
    expect((await call("/device/scene/add", riverside, { body: { sceneName: "x", sceneFile: "../../etc/passwd.png" } })).body.code).toBe(400);
    expect((await call("/device/scene/add", riverside, { body: { sceneName: "x", sceneFile: wide, splitScreen: 3 } })).body.code).toBe(400);
    // 3D: a glTF model, whatever its shape; an image is refused; switching an image scene to 3D checks its file.
    const model = await stored("glb", Buffer.from("glTF\x02\x00\x00\x00"));
    expect((await call<Scene>("/device/scene/add", riverside, { body: { sceneName: "三维模型", sceneType: 1, sceneFile: model } })).body.code).toBe(200);
    expect((await call("/device/scene/add", riverside, { body: { sceneName: "x", sceneType: 1, sceneFile: wide } })).body.code).toBe(400);
    expect((await call("/device/scene/upd", riverside, { body: { id: add.body.data.id, sceneType: 1 } })).body.code).toBe(400);
    expect((await call("/device/scene/upd", riverside, { body: { id: add.body.data.id, sceneName: "二层平面图" } })).body.code).toBe(200);

    // Who may: the operator reads the building screen's scene but changes nothing; another tenant sees no project.
    expect((await call("/device/scene/page", riverside, { token: operator })).body.code).toBe(200);
    expect((await call("/device/scene/add", riverside, { token: operator, body: { sceneName: "x", sceneFile: wide } })).body.code).toBe(403);
    expect((await call("/device/scene/page", riverside, { token: platform })).body.code).toBe(403);
    expect((await cloud.request("/device/scene/page", { token: admin })).body.code).toBe(400);
  });

  it("places the project's devices once per scene, on the plan, with one of their properties", async () => {
    const { riverside, metro } = await projectIds();
    const scene = (await call<Scene>("/device/scene/add", riverside, { body: { sceneName: "放置测试", sceneFile: await stored("png", png(160, 90)) } })).body.data;
    const dev = await deviceWithProperty(riverside);
    const foreign = await deviceWithProperty(metro);
    const placed = await call<SceneDevice>("/device/sceneDevice/add", riverside, { body: { sceneId: scene.id, deviceId: dev.id, identifier: dev.identifier, x: 400, y: 225 } });
    expect(placed.body.data).toMatchObject({ sceneId: scene.id, deviceId: dev.id, identifier: dev.identifier, x: 400, y: 225 });
    expect((await call("/device/sceneDevice/add", riverside, { body: { sceneId: scene.id, deviceId: dev.id, x: 1, y: 1 }, language: "en" })).body.msg).toBe(`“${dev.name}” is already placed on this scene`);
    expect((await call("/device/sceneDevice/add", riverside, { body: { sceneId: scene.id, deviceId: foreign.id, x: 1, y: 1 } })).body.code).toBe(400);
    expect((await call("/device/sceneDevice/add", riverside, { body: { sceneId: scene.id, deviceId: dev.id, x: 801, y: 1 } })).body.code).toBe(400);
    expect((await call("/device/sceneDevice/upd", riverside, { body: { id: placed.body.data.id, identifier: "noSuchProperty" } })).body.code).toBe(400);
    // Moving keeps the device; another project's scene is not found through this one.
    expect((await call<SceneDevice>("/device/sceneDevice/upd", riverside, { body: { id: placed.body.data.id, x: 10, y: 440 } })).body.data).toMatchObject({ x: 10, y: 440 });
    expect((await call("/device/sceneDevice/upd", metro, { body: { id: placed.body.data.id, x: 1, y: 1 } })).body.code).toBe(404);
    // The devices to choose from: the project's, each with its numeric properties.
    const candidates = (await call<SceneCandidate[]>("/device/sceneDevice/devices", riverside)).body.data;
    expect(candidates.find((d) => d.id === dev.id)?.properties.map((p) => p.identifier)).toContain(dev.identifier);
    expect(candidates.map((d) => d.id)).not.toContain(foreign.id);
    const list = await call<Page<SceneDevice>>(`/device/sceneDevice/page?sceneId=${scene.id}&size=100`, riverside);
    expect(list.body.data.records.map((r) => [r.deviceId, r.deviceName])).toEqual([[dev.id, dev.name]]);
    expect((await call(`/device/scene/info?id=${scene.id}`, riverside)).body.data).toMatchObject({ deviceNums: 1 });

    // devPointScreen shows the marker with the newest value and the device's open alarm.
    await cloud.db.insert(telemetryLatest).values({ deviceId: dev.id, identifier: dev.identifier, ts: new Date("2026-03-02T07:59:00Z"), num: 12.5 }).onConflictDoUpdate({ target: [telemetryLatest.deviceId, telemetryLatest.identifier], set: { num: 12.5, ts: new Date("2026-03-02T07:59:00Z") } });
    await cloud.db.update(alarms).set({ status: 8 }).where(eq(alarms.deviceId, dev.id));
    await cloud.db.insert(alarms).values({ tenantId: 2, projectId: riverside, deviceId: dev.id, levelNum: 1, levelName: "一级", levelColor: "#FF0000", alarmName: "超限", identifier: dev.identifier, status: 1, count: 3, triggeredAt: new Date(), lastTriggeredAt: new Date() });
    const view = await call<SceneView>(`/device/device/devPointScreen?sceneId=${scene.id}`, riverside);
    expect(view.body.data.scene).toMatchObject({ id: scene.id, sceneName: "放置测试", splitScreen: 4 });
    expect(view.body.data.points).toEqual([expect.objectContaining({ deviceId: dev.id, x: 10, y: 440, value: 12.5, time: Date.parse("2026-03-02T07:59:00Z"), alarm: { levelName: "一级", levelColor: "#FF0000", count: 3 } })]);
    expect((await call(`/device/device/devPointScreen?sceneId=${scene.id}`, metro)).body.code).toBe(404);

    // Deleting the scene takes its placements with it.
    expect((await call("/device/scene/del", riverside, { body: { ids: [scene.id] } })).body.code).toBe(200);
    expect((await call(`/device/sceneDevice/info?id=${placed.body.data.id}`, riverside)).body.code).toBe(404);
  });

  it("saves the screen's configuration and answers its points, series and comparison", async () => {
    const { riverside, metro } = await projectIds();
    // The seed configures every demo project.
    const seeded = await call<ScreenConfig>("/device/devSceneModel/info", riverside);
    expect(seeded.body.data.sceneId).toBeTruthy();
    expect(seeded.body.data.points.length).toBeGreaterThan(0);
    const a = await deviceWithProperty(riverside, 0);
    const b = await deviceWithProperty(riverside, 1);
    const foreign = await deviceWithProperty(metro);
    const config = { sceneId: null, blocks: ["points", "analysis"], points: [{ deviceId: a.id, identifier: a.identifier, chart: true, compare: true }, { deviceId: b.id, identifier: b.identifier, compare: true }] };
    expect((await call("/device/devSceneModel/save", riverside, { body: config })).body.code).toBe(200);
    expect((await call<ScreenConfig>("/device/devSceneModel/info", riverside)).body.data).toEqual({ ...config, points: [config.points[0], { ...config.points[1], chart: false }] });
    expect((await call("/device/devSceneModel/save", riverside, { body: { ...config, points: [{ deviceId: foreign.id, identifier: foreign.identifier }] }, language: "en" })).body.msg).toBe(`The device (ID ${foreign.id}) is not in the current project`);
    expect((await call("/device/devSceneModel/save", riverside, { body: { ...config, points: [config.points[0], config.points[0]] } })).body.code).toBe(400);
    expect((await call("/device/devSceneModel/save", riverside, { body: { ...config, blocks: ["weather"] } })).body.code).toBe(400);
    expect((await call("/device/devSceneModel/save", riverside, { token: operator, body: config })).body.code).toBe(403);

    const now = cloud.now().getTime();
    await insertTelemetry(cloud.db, [
      { deviceId: a.id, identifier: a.identifier, ts: new Date(now - 3 * 3600_000), num: 1 },
      { deviceId: a.id, identifier: a.identifier, ts: new Date(now - 2 * 3600_000), num: 2 },
      { deviceId: a.id, identifier: a.identifier, ts: new Date(now - 30 * 3600_000), num: 9 },
      { deviceId: b.id, identifier: b.identifier, ts: new Date(now - 3600_000), num: 5 },
    ]);
    await rebuildHourly(cloud.db, [a.id, b.id]);
    const data = await call<PointData[]>("/stat/monitorScreen/devicePointData", riverside, { token: operator });
    expect(data.body.data.map((p) => [p.deviceId, p.identifier, p.chart])).toEqual([
      [a.id, a.identifier, true],
      [b.id, b.identifier, false],
    ]);
    expect(data.body.data[0].name).not.toBe(a.identifier);
    // Analysis: the charted points' raw values of the last day; comparison: both points over three days, hourly.
    const analysis = await call<PointSeries[]>("/stat/monitorScreen/dataAnalysisView", riverside);
    expect(analysis.body.data.map((s) => [s.deviceId, s.bucket, s.points.map((p) => p[1])])).toEqual([[a.id, "raw", [1, 2]]]);
    const comparison = await call<PointSeries[]>("/stat/monitorScreen/dataComparisonView?hours=72", riverside);
    expect(comparison.body.data.map((s) => [s.deviceId, s.bucket, s.points.map((p) => p[1])])).toEqual([
      [a.id, "hour", [9, 1, 2]],
      [b.id, "hour", [5]],
    ]);
    const named = await call<PointSeries[]>(`/stat/monitorScreen/dataAnalysisView?points=${b.id}:${b.identifier}`, riverside);
    expect(named.body.data.map((s) => s.deviceId)).toEqual([b.id]);
    expect((await call(`/stat/monitorScreen/dataAnalysisView?points=${foreign.id}:${foreign.identifier}`, riverside)).body.code).toBe(400);
    expect((await call("/stat/monitorScreen/dataAnalysisView?points=1;drop", riverside)).body.code).toBe(400);
    expect((await call("/stat/monitorScreen/dataAnalysisView?hours=5", riverside)).body.code).toBe(400);
    expect((await call("/stat/monitorScreen/devicePointData", riverside, { token: platform })).body.code).toBe(403);
    // A screen names its project in its address: that one, whatever the console has selected since.
    const metroPoints = await call<PointData[]>(`/stat/monitorScreen/devicePointData?projId=${metro}`, riverside);
    expect(metroPoints.body.data.length).toBeGreaterThan(0);
    expect(metroPoints.body.data.map((p) => p.deviceId)).not.toContain(a.id);
    expect((await call<SceneView>(`/device/device/devPointScreen?projId=${metro}`, riverside)).body.data.points.map((p) => p.deviceId)).not.toContain(a.id);
    expect((await cloud.request(`/stat/monitorScreen/devicePointData?projId=${metro}`, { token: admin })).body.code).toBe(200);
    expect((await cloud.request(`/stat/monitorScreen/devicePointData?projId=${riverside}`, { token: platform })).body.code).toBe(403);
    expect((await cloud.request("/stat/monitorScreen/devicePointData?projId=abc", { token: admin })).body.code).toBe(400);
  });
});
