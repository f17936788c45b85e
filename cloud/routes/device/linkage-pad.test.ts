import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COMMAND_STATUS } from "@/lib/contract/device/command";
import { deviceTopic } from "@/lib/contract/device/topics";
import { PAD_SERVICE } from "@/lib/contract/linkage/pad";
import { createCloud } from "../../app";
import { deviceCommands, devices, products, projects } from "../../db/schema";
import { commandsOf } from "../../ingest/commands";
import { Ingest } from "../../ingest/pipeline";
import { DEMO_ACCOUNTS } from "../../seed";
import { padAnswer, type PadState } from "../../simulator/pad";
import { createTestCloud, SETUP_MS, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let ingest: Ingest;
let app: ReturnType<typeof createCloud>;
let admin: string;
let operator: string;
let projectId: number;
let otherProjectId: number;
type Dev = { id: number; sn: string; productId: number };
let gnss: Dev;
let tilt: Dev;
let foreign: Dev;
const sent: { topic: string; body: { id: string; identifier: string; params: Record<string, unknown> } }[] = [];
/** How the device behind the broker answers: as the simulator's camera does, or not at all. */
let answering = true;
const camera: PadState = { pan: 0, tilt: 0 };

beforeAll(async () => {
  cloud = await createTestCloud();
  ingest = new Ingest(cloud.db, { now: cloud.now, writer: { flushMs: 1 } });
  ingest.attach(async (topic, payload) => {
    const body = JSON.parse(payload);
    sent.push({ topic, body });
    if (!answering || body.identifier !== PAD_SERVICE) return;
    const { code, out } = padAnswer(camera, body.params, gnss.sn);
    setImmediate(() => void ingest.handle(topic.replace("service/call", "service/reply"), Buffer.from(JSON.stringify({ id: body.id, identifier: body.identifier, code, params: out }))));
  });
  app = createCloud({ ...cloud.deps, ingest });
  const db = cloud.db;
  [projectId, otherProjectId] = (await db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id))).map((p) => p.id);
  const deviceOf = async (monitorType: string, prj: number, nth = 0) => {
    const [p] = await db.select().from(products).where(tenantOf(2).where(products, eq(products.monitorType, monitorType)));
    const d = (await db.select().from(devices).where(eq(devices.productId, p.id)).orderBy(asc(devices.id)))[nth];
    await db.update(devices).set({ projectId: prj, status: 2 }).where(eq(devices.id, d.id));
    return { id: d.id, sn: d.deviceSn, productId: p.id };
  };
  gnss = await deviceOf("horizontalDis", projectId);
  foreign = await deviceOf("horizontalDis", otherProjectId, 1);
  tilt = await deviceOf("tilt", projectId);
  admin = await cloud.login("demoadmin", DEMO_ACCOUNTS.demoadmin.password, 2);
  operator = await cloud.login("operator01", DEMO_ACCOUNTS.operator01.password, 2);
}, SETUP_MS);
afterAll(async () => {
  commandsOf(ingest).close();
  await ingest?.close();
  await cloud?.close();
});

async function operate<T = unknown>(body: unknown, opts: { token?: string; language?: string; prj?: number } = {}) {
  const res = await app.request("/iotCloud/device/linkage/operate", {
    method: "POST",
    headers: { authorization: `Bearer ${opts.token ?? admin}`, language: opts.language ?? "en", projectid: String(opts.prj ?? projectId), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

describe("linkage pad (operate with a device)", () => {
  it("sends a press as a padControl call at once, and answers a release with the device's reply and id", async () => {
    const press = await operate({ deviceId: gnss.id, controlType: "up", controlValue: "0" });
    expect(press).toMatchObject({ code: 200, data: null });
    expect(sent.at(-1)).toMatchObject({ topic: deviceTopic(gnss.productId, gnss.sn, "service/call"), body: { identifier: PAD_SERVICE, params: { controlType: "up", controlValue: "0" } } });
    const release = await operate<string>({ deviceId: gnss.id, controlType: "up", controlValue: "1" });
    expect(release.code).toBe(200);
    expect(JSON.parse(release.data)).toEqual({ deviceId: gnss.id, pan: 0, tilt: 1 });
    // The press's reply settles its row beside the release's, not before it: wait for both.
    await vi.waitFor(async () => {
      const rows = await cloud.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, gnss.id)).orderBy(asc(deviceCommands.id));
      expect(rows.map((r) => [r.identifier, r.status])).toEqual([
        [PAD_SERVICE, COMMAND_STATUS.success],
        [PAD_SERVICE, COMMAND_STATUS.success],
      ]);
    });
  });

  it("logs one hold as one command with its repeat count; the release ends the hold", async () => {
    const start = camera.tilt;
    const calls = sent.length;
    const before = (await cloud.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, gnss.id))).length;
    for (let i = 0; i < 5; i++) expect((await operate({ deviceId: gnss.id, controlType: "down", controlValue: "0" })).code).toBe(200);
    expect((await operate({ deviceId: gnss.id, controlType: "down", controlValue: "1" })).code).toBe(200);
    expect((await operate({ deviceId: gnss.id, controlType: "down", controlValue: "0" })).code).toBe(200);
    // Every press reached the device; the log has the hold, the release and the next press.
    expect(sent.slice(calls).map((m) => m.body.params.controlValue)).toEqual(["0", "0", "0", "0", "0", "1", "0"]);
    await vi.waitFor(() => expect(camera.tilt).toBe(start - 6));
    const rows = (await cloud.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, gnss.id)).orderBy(asc(deviceCommands.id))).slice(before);
    expect(rows.map((r) => [JSON.parse(r.params!).controlValue, r.repeats])).toEqual([
      ["0", 5],
      ["1", 1],
      ["0", 1],
    ]);
  });

  it("answers stream with the URL the device gave", async () => {
    const res = await operate<string>({ deviceId: gnss.id, controlType: "stream", controlValue: "1" });
    expect(res).toMatchObject({ code: 200, data: `rtsp://${gnss.sn.toLowerCase()}.cam.local:554/live/main` });
  });

  it("refuses a device without the service, outside the project, or offline, and bad values, in the caller's language", async () => {
    const before = sent.length;
    const [t] = await cloud.db.select({ name: devices.deviceName }).from(devices).where(eq(devices.id, tilt.id));
    expect(await operate({ deviceId: tilt.id, controlType: "left", controlValue: "0" })).toMatchObject({ code: 400, msg: `${t.name} has no pad control (its thing model has no padControl service)` });
    expect(await operate({ deviceId: tilt.id, controlType: "left", controlValue: "0" }, { language: "zh-cn" })).toMatchObject({ code: 400, msg: `${t.name} 不支持联动控制（物模型中没有 padControl 服务）` });
    expect(await operate({ deviceId: foreign.id, controlType: "left", controlValue: "0" })).toMatchObject({ code: 400, msg: `Device #${foreign.id} is not a device of the current project` });
    expect(await operate({ deviceId: gnss.id, controlType: "zoom", controlValue: "0" })).toMatchObject({ code: 400 });
    expect(await operate({ deviceId: gnss.id, controlType: "up", controlValue: "2" })).toMatchObject({ code: 400 });
    await cloud.db.update(devices).set({ status: 3 }).where(eq(devices.id, gnss.id));
    expect((await operate({ deviceId: gnss.id, controlType: "up", controlValue: "0" })).code).toBe(400);
    await cloud.db.update(devices).set({ status: 2 }).where(eq(devices.id, gnss.id));
    expect(sent.length).toBe(before);
  });

  it("reports a device that refuses the call", async () => {
    const before = camera.pan;
    answering = false;
    const calls = sent.length;
    const res = operate({ deviceId: gnss.id, controlType: "right", controlValue: "1" });
    // Under load the command may take longer than a tick to go out: wait for it, not a fixed time.
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(calls));
    const call = sent.at(-1)!;
    await ingest.handle(deviceTopic(gnss.productId, gnss.sn, "service/reply"), Buffer.from(JSON.stringify({ id: call.body.id, identifier: PAD_SERVICE, code: 500, params: {} })));
    answering = true;
    expect(await res).toMatchObject({ code: 400, msg: expect.stringContaining("refused the pad control") });
    expect(camera.pan).toBe(before);
  });

  it("needs the right to send commands; a rule id still runs the rule", async () => {
    expect((await operate({ deviceId: gnss.id, controlType: "up", controlValue: "0" }, { token: operator })).code).toBe(403);
    expect((await operate({ id: 999_999 })).code).toBe(404);
  });
});

describe("the simulator's camera", () => {
  it("turns a step per press, stops on release, keeps within its range and refuses unknown controls", () => {
    const s: PadState = { pan: 179.5, tilt: 0 };
    expect(padAnswer(s, { controlType: "right", controlValue: "0" }, "X").out).toEqual({ pan: 180, tilt: 0 });
    expect(padAnswer(s, { controlType: "down", controlValue: "0" }, "X").out).toEqual({ pan: 180, tilt: -1 });
    expect(padAnswer(s, { controlType: "down", controlValue: "1" }, "X").out).toEqual({ pan: 180, tilt: -1 });
    expect(padAnswer(s, { controlType: "zoom", controlValue: "0" }, "X").code).toBe(400);
  });
});
