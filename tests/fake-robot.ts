import { asc, eq } from "drizzle-orm";
import type { Db } from "@/cloud/db/client";
import { devices, productFunctions, products } from "@/cloud/db/schema";
import { tenantOf } from "@/cloud/lib/scope";
import type { ThingFunction } from "@/lib/contract/device/thing-model";
import { ROBOT_CAMERA_SERVICES } from "@/lib/contract/robot/control";
import { ROBOT_CONTROL_CODES, ROBOT_CONTROL_PARAMS, ROBOT_LIFTER_CODES, ROBOT_LIFTER_PARAMS, ROBOT_MODE_PARAMS, ROBOT_SERVICES } from "@/lib/contract/robot/robot";

/** The robot's services as its thing model declares them (the data half's product has the same identifiers). */
const service = (identifier: string, inputs: string[]): ThingFunction => ({
  funcName: identifier,
  identifier,
  funcType: 3,
  callMode: "sync",
  inputParams: inputs.map((id) => ({ identifier: id, name: id, dataType: { type: "text", length: 16 } })) as ThingFunction["inputParams"],
});
export const ROBOT_TEST_FUNCTIONS: ThingFunction[] = [
  service(ROBOT_SERVICES.control, [ROBOT_CONTROL_PARAMS.code, ROBOT_CONTROL_PARAMS.ttl]),
  service(ROBOT_SERVICES.lifter, [ROBOT_LIFTER_PARAMS.code, ROBOT_LIFTER_PARAMS.ttl]),
  service(ROBOT_SERVICES.mode, [ROBOT_MODE_PARAMS.mode]),
  service(ROBOT_CAMERA_SERVICES.picture, ["deviceNum", "controlType"]),
  service(ROBOT_CAMERA_SERVICES.info, ["deviceNum", "controlType"]),
  service(ROBOT_SERVICES.audio, ["url", "format", "size", "sha256", "durationMs"]),
];

/**
 * A robot device for tests (the control half has no simulated robot): a product of the tenant with
 * the robot's services, and one of the tenant's devices moved to it, online, in `projectId`.
 */
export async function robotDevice(db: Db, tenantId: number, projectId: number, nth = 0) {
  const [base] = await db.select().from(products).where(tenantOf(tenantId).where(products)).orderBy(asc(products.id)).limit(1);
  const { id: _id, ...rest } = base;
  const [p] = await db.insert(products).values({ ...rest, prodName: `Robot ${nth}`, prodCategory: "robot", monitorType: "robot", i18n: null }).returning();
  await db.insert(productFunctions).values(ROBOT_TEST_FUNCTIONS.map((f, i) => ({ tenantId, productId: p.id, funcName: f.funcName, identifier: f.identifier, funcType: f.funcType, definition: f, sort: i })));
  const [d] = await db.select().from(devices).where(tenantOf(tenantId).where(devices)).orderBy(asc(devices.id)).offset(nth).limit(1);
  await db.update(devices).set({ productId: p.id, projectId, status: 2, enableStatus: 1 }).where(eq(devices.id, d.id));
  return { id: d.id, sn: d.deviceSn, name: d.deviceName, productId: p.id };
}

export type RobotCall = { id: string; identifier: string; params: Record<string, unknown> };
export type RobotMotion = { at: number; axis: "travel" | "lifter"; code: string; why: "command" | "ttl" };

/**
 * The robot's side of the protocol as the data half's simulated robot obeys it: a direction moves
 * until stop or until its time-to-live lapses; every call is answered with code 200 unless
 * `answering` is off (a lost reply: the console must send the stop again).
 */
export class FakeRobot {
  travel: string = ROBOT_CONTROL_CODES.stop;
  lifter: string = ROBOT_LIFTER_CODES.stop;
  mode = 1;
  recording = new Map<string, boolean>();
  answering = true;
  readonly calls: RobotCall[] = [];
  readonly motions: RobotMotion[] = [];
  private readonly ttl = new Map<"travel" | "lifter", NodeJS.Timeout>();
  private readonly watchers = new Set<() => void>();

  get moving() {
    return this.travel !== ROBOT_CONTROL_CODES.stop || this.lifter !== ROBOT_LIFTER_CODES.stop;
  }

  private set(axis: "travel" | "lifter", code: string, why: RobotMotion["why"]) {
    if (this[axis] === code) return;
    this[axis] = code;
    this.motions.push({ at: Date.now(), axis, code, why });
    for (const w of this.watchers) w();
  }

  private hold(axis: "travel" | "lifter", code: string, stop: string, ttlMs: unknown) {
    clearTimeout(this.ttl.get(axis));
    this.set(axis, code, "command");
    if (code === stop) return;
    const ms = Number(ttlMs);
    if (ms > 0) this.ttl.set(axis, setTimeout(() => this.set(axis, stop, "ttl"), ms));
  }

  /** A service call; the reply's params, or null when the robot does not answer. */
  call(c: RobotCall): { code: number; params: Record<string, unknown> } | null {
    this.calls.push(c);
    const p = c.params;
    if (c.identifier === ROBOT_SERVICES.control) this.hold("travel", String(p[ROBOT_CONTROL_PARAMS.code]), ROBOT_CONTROL_CODES.stop, p[ROBOT_CONTROL_PARAMS.ttl]);
    else if (c.identifier === ROBOT_SERVICES.lifter) this.hold("lifter", String(p[ROBOT_LIFTER_PARAMS.code]), ROBOT_LIFTER_CODES.stop, p[ROBOT_LIFTER_PARAMS.ttl]);
    else if (c.identifier === ROBOT_SERVICES.mode) this.mode = Number(p[ROBOT_MODE_PARAMS.mode]);
    else if (c.identifier === ROBOT_CAMERA_SERVICES.picture) {
      if (p.controlType === "beginVideo") this.recording.set(String(p.deviceNum), true);
      if (p.controlType === "endVideo") this.recording.set(String(p.deviceNum), false);
    }
    if (!this.answering) return null;
    const recording = this.recording.get(String(p.deviceNum)) ?? false;
    return { code: 200, params: c.identifier.startsWith("get") || c.identifier === ROBOT_CAMERA_SERVICES.picture ? { recording } : {} };
  }

  /** Resolves when `test` holds (checked on every change), or rejects after `ms`. */
  until(test: (r: FakeRobot) => boolean, ms = 10_000): Promise<void> {
    if (test(this)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!test(this)) return;
        this.watchers.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.watchers.delete(check);
        reject(new Error(`robot: not so within ${ms} ms (travel ${this.travel}, lifter ${this.lifter})`));
      }, ms);
      this.watchers.add(check);
    });
  }

  close() {
    for (const t of this.ttl.values()) clearTimeout(t);
  }
}
