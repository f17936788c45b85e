import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNEL, LINK_TYPE } from "@/lib/contract/alarm/enums";
import { deviceTopic } from "@/lib/contract/device/topics";
import { AlarmEvaluator } from "../alarms/evaluator";
import { openDb, type Db, type DbHandle } from "../db/client";
import { alarmContacts, alarmLevels, alarmRuleRecipients, alarmRules, alarms, devices, projects, pushConfigs } from "../db/schema";
import { Coordinator, type SignalBus } from "../lib/coordination";
import { tenantOf } from "../lib/scope";
import { PushEngine } from "../push/engine";
import { signedIn, SETUP_MS, type TestCloud } from "../testing";
import { addSensorProduct } from "./fixtures";
import { Ingest } from "./pipeline";

/**
 * Issue 33: the engines beside the ingest (alarm rules, data push) take each batch's device context
 * from the ingest, so a device moved or renamed through one instance is seen by another instance's
 * engines at its next batch — not after a cache of their own lapses. Instance A serves the device
 * route; instance B takes the device's messages. On PostgreSQL each instance has its own pool and
 * LISTEN/NOTIFY bus; on PGlite (one process) a second view of the database and an in-process bus.
 */
let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

const pushed: { path: string; deviceName: string; identifier: string; value: number }[] = [];
let receiver: Server;
let port: number;
const closing: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      for (const item of JSON.parse(body).items) if (item.kind === "telemetry") pushed.push({ path: req.url ?? "", deviceName: item.deviceName, identifier: item.identifier, value: item.value });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  port = (receiver.address() as AddressInfo).port;
}, SETUP_MS);
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});

/** Two instances' databases and signal buses: real ones on PostgreSQL, a shared in-process bus on PGlite. */
async function twoInstances(): Promise<{ dbA: Db; dbB: Db; busA?: SignalBus; busB?: SignalBus }> {
  if (cloud.url) {
    const handles: DbHandle[] = [await openDb({ url: cloud.url }), await openDb({ url: cloud.url })];
    closing.push(() => Promise.all(handles.map((h) => h.close())));
    return { dbA: cloud.db, dbB: handles[1].db, busA: handles[0].bus, busB: handles[1].bus };
  }
  const listeners = new Set<(p: string) => void>();
  const bus: SignalBus = { notify: async (p) => listeners.forEach((l) => l(p)), listen: async (on) => (listeners.add(on), async () => void listeners.delete(on)) };
  return { dbA: cloud.db, dbB: Object.create(cloud.db) as Db, busA: bus, busB: bus };
}

async function until(what: string, test: () => Promise<boolean> | boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("device context handed to the engines with each batch (issue 33)", () => {
  it("a device moved and renamed through instance A is alarmed and pushed as it is now by instance B's engines at its next batch", async () => {
    const db = cloud.db;
    const tenantId = 2;
    const [p1, p2] = await db.select().from(projects).where(tenantOf(tenantId).where(projects)).orderBy(asc(projects.id)).limit(2);
    const productId = await addSensorProduct(db, tenantId, { verifyType: "none" });
    const [dev] = await db.insert(devices).values({ tenantId, productId, projectId: p1.id, deviceName: "Context sensor", deviceSn: "CTX0001", secretHash: "-" }).returning();
    const [level] = await db.select().from(alarmLevels).where(tenantOf(tenantId).where(alarmLevels)).orderBy(asc(alarmLevels.levelNum)).limit(1);
    const [contact] = await db.select().from(alarmContacts).where(tenantOf(tenantId).where(alarmContacts)).limit(1);
    // One rule per project, on the same product and property: which one a value crosses tells which project the engine saw.
    const rule = async (projectId: number, ruleName: string) => {
      const [r] = await db
        .insert(alarmRules)
        .values({ tenantId, projectId, productId, ruleName, identifier: "temperature", channels: [CHANNEL.sms], conditions: [{ levelId: level.id, compareType: 1, threshold: 50 }] })
        .returning();
      await db.insert(alarmRuleRecipients).values({ ruleId: r.id, linkType: LINK_TYPE.contact, linkId: contact.id });
      return r;
    };
    const [r1, r2] = [await rule(p1.id, "context rule 1"), await rule(p2.id, "context rule 2")];
    for (const [prj, path] of [
      [p1, "/p1"],
      [p2, "/p2"],
    ] as const)
      await db.insert(pushConfigs).values({ tenantId, projectId: prj.id, pushName: `context ${path}`, method: "POST", address: `http://127.0.0.1:${port}${path}`, dataTypes: [1], enableStatus: 1 });

    const { dbA, dbB, busA, busB } = await twoInstances();
    const a = new Coordinator(dbA, { bus: busA });
    const b = new Coordinator(dbB, { bus: busB });
    const ingestA = new Ingest(dbA);
    const ingestB = new Ingest(dbB, { writer: { flushMs: 5 } });
    const offA = ingestA.joinCluster(a);
    const offB = ingestB.joinCluster(b);
    const evaluator = new AlarmEvaluator(dbB, { delivery: cloud.deps.delivery, cluster: b, staleSweepMs: 0 }).attach(ingestB);
    const push = new PushEngine(dbB, { cluster: b, pollMs: 50, outbound: { allowAddresses: ["127.0.0.1"] } }).attach(ingestB, evaluator.events);
    cloud.deps.ingest = ingestA;
    closing.push(async () => {
      cloud.deps.ingest = undefined;
      await push.close();
      await evaluator.close();
      offA();
      offB();
      await Promise.all([ingestA.close(), ingestB.close(), a.close(), b.close()]);
    });
    await Promise.all([a.listening(), b.listening()]);

    const send = async (temperature: number, second: number) => {
      const time = Date.UTC(2026, 2, 2, 8, 0, second);
      const out = await ingestB.handle(deviceTopic(productId, dev.deviceSn, "property/post"), Buffer.from(JSON.stringify({ time, params: { temperature } })));
      expect(out).toEqual({ accepted: 1, rejects: [] });
      await ingestB.drain();
      await evaluator.idle();
      await push.idle();
    };
    // B's engines see the device in project 1 under its first name.
    await send(20, 0);
    await until("the first value pushed", () => pushed.length === 1);
    expect(pushed).toEqual([{ path: "/p1", deviceName: "Context sensor", identifier: "temperature", value: 20 }]);

    // Moved to project 2 and renamed through instance A's device route.
    const moved = await cloud.request("/device/device/upd", { token: admin, headers: { projectid: String(p1.id) }, body: { id: dev.id, projectId: p2.id, deviceName: "Context sensor moved" } });
    expect(moved.body).toMatchObject({ code: 200, data: { projectId: p2.id, deviceName: "Context sensor moved" } });
    await until("instance B told of the change", async () => (await ingestB.catalog.device(dev.deviceSn))?.projectId === p2.id);

    // The next batch on B: project 2's rule raises, in project 2, and the value goes to project 2's receiver under the new name.
    await send(80, 1);
    const raised = await db.select().from(alarms).where(and(eq(alarms.deviceId, dev.id)));
    expect(raised.map((x) => [x.ruleId, x.projectId])).toEqual([[r2.id, p2.id]]);
    expect(raised.some((x) => x.ruleId === r1.id)).toBe(false);
    await until("the second value pushed", () => pushed.length === 2);
    expect(pushed[1]).toEqual({ path: "/p2", deviceName: "Context sensor moved", identifier: "temperature", value: 80 });
    // The alarm's notice names the device and project as they are now.
    await until("the notice sent", () => cloud.outbox.some((m) => m.body.includes("Context sensor moved")));
    expect(cloud.outbox.find((m) => m.body.includes("Context sensor moved"))!.body).toContain(p2.prjName);
  });
});
