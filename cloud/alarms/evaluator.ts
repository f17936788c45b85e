import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import { RULE_TYPE, type AlarmCondition, type StatType } from "@/lib/contract/alarm/enums";
import type { Db } from "../db/client";
import { enabledRules, raiseAlarm, recoverAlarm, unrecoveredAlarms, type RuleRow } from "../db/queries/alarms";
import { alarmRules, alarms, devices, projects, telemetry, telemetryLatest } from "../db/schema";
import type { Ingest } from "../ingest/pipeline";
import type { Point, StatusChange } from "../ingest/writer";
import type { Delivery } from "../lib/delivery";
import { conditionText, crosses, recovers } from "./condition";
import { notifyAlarm } from "./notify";
import { alarmRaised } from "../db/queries/alarm-workflow";
import { t } from "../lib/i18n";

type DeviceCtx = { id: number; tenantId: number; productId: number; projectId: number | null; deviceName: string; prjName: string };
/** The rules of one product in one project, and which (rule, device) pairs are alarmed now. */
type RuleSet = { rules: RuleRow[]; active: Set<string> };

/** How long a device's project and name are trusted (a device moved to another project is picked up after this). */
const DEVICE_TTL_MS = 60_000;
/** A daily rate's value of a day ago is looked up again after this much data time. */
const BASELINE_TTL_MS = 3600_000;
const DAY_MS = 86_400_000;

export type EvaluatorOptions = { delivery: Delivery; now?: () => Date; staleSweepMs?: number };
export type EvaluatorStats = { points: number; raised: number; joined: number; recovered: number; errors: number };

const pair = (ruleId: number, deviceId: number) => `${ruleId}:${deviceId}`;

export function conditionOf(r: RuleRow): AlarmCondition {
  return {
    ruleType: r.ruleType,
    statType: r.statType as StatType,
    compareType: r.compareType,
    threshold: r.threshold,
    minValue: r.minValue,
    maxValue: r.maxValue,
    deadband: r.deadband,
    staleCycles: r.staleCycles,
  };
}

/**
 * Evaluates the alarm rules on live data, beside the ingest rather than in it: the ingest's
 * `telemetry` and `status` events only queue work, which runs one batch at a time after the
 * values are stored, so ingest throughput does not depend on the number of rules. Rules are cached
 * per product and project (a message costs no query) and dropped by `invalidate` when a rule
 * changes. A crossing raises an alarm once (a crossing while one is open, or inside the rule's
 * convergence window, joins it); back in range by the dead band, it recovers. Offline rules follow
 * the device's status; stale-data rules are checked by a periodic sweep.
 */
export class AlarmEvaluator {
  readonly stats: EvaluatorStats = { points: 0, raised: 0, joined: 0, recovered: 0, errors: 0 };
  private readonly now: () => Date;
  private readonly ruleSets = new Map<string, Promise<RuleSet>>();
  private readonly deviceCache = new Map<number, { at: number; v: Promise<DeviceCtx | null> }>();
  private readonly firstValues = new Map<string, Promise<number | null>>();
  private readonly dayAgo = new Map<string, { at: number; v: Promise<number | null> }>();
  private queue: Promise<void> = Promise.resolve();
  private sweep: NodeJS.Timeout | null = null;
  private detach: (() => void) | null = null;

  constructor(
    readonly db: Db,
    private readonly opts: EvaluatorOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** Listens to an ingest, and sweeps for stale data every `staleSweepMs` (default a minute; 0: never). */
  attach(ingest: Ingest) {
    const onTelemetry = (points: Point[]) => this.enqueue(() => this.telemetry(points));
    const onStatus = (changes: StatusChange[]) => this.enqueue(() => this.status(changes));
    ingest.on("telemetry", onTelemetry);
    ingest.on("status", onStatus);
    this.detach = () => {
      ingest.off("telemetry", onTelemetry);
      ingest.off("status", onStatus);
    };
    const every = this.opts.staleSweepMs ?? 60_000;
    if (every > 0) {
      this.sweep = setInterval(() => this.enqueue(() => this.sweepStale()), every);
      this.sweep.unref();
    }
    return this;
  }

  /** A rule of this product changed (added, edited, enabled, disabled, deleted): its rules are read again. */
  invalidate(productId?: number) {
    if (productId === undefined) return this.ruleSets.clear();
    for (const key of [...this.ruleSets.keys()]) if (key.startsWith(`${productId}:`)) this.ruleSets.delete(key);
  }

  /** Resolves when everything queued so far is evaluated (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  async close() {
    if (this.sweep) clearInterval(this.sweep);
    this.detach?.();
    await this.queue;
  }

  private enqueue(task: () => Promise<void>) {
    this.queue = this.queue.then(task).catch((err) => {
      this.stats.errors++;
      console.error("[alarms] evaluation failed:", (err as Error).message);
    });
  }

  /** Evaluates stored values (the `telemetry` event); public so a test or a replay can feed it directly. */
  async telemetry(points: Point[]) {
    const byDevice = new Map<number, Point[]>();
    for (const p of points) if (p.num !== null) (byDevice.get(p.deviceId) ?? byDevice.set(p.deviceId, []).get(p.deviceId)!).push(p);
    for (const [deviceId, pts] of byDevice) {
      const device = await this.device(deviceId);
      if (!device || device.projectId === null) continue;
      const set = await this.rulesOf(device);
      const rules = set.rules.filter((r) => r.ruleType === RULE_TYPE.value && (r.deviceId === null || r.deviceId === deviceId));
      if (!rules.length) continue;
      pts.sort((a, b) => a.ts.getTime() - b.ts.getTime());
      for (const p of pts) {
        this.stats.points++;
        for (const rule of rules) {
          if (rule.identifier !== p.identifier) continue;
          const v = await this.statValue(rule, p);
          if (v === null) continue;
          await this.judge(set, rule, device, v, p.ts, p.identifier);
        }
      }
    }
  }

  /** Offline rules (the `status` event): offline raises, back online recovers. */
  async status(changes: StatusChange[]) {
    for (const ch of changes) {
      const device = await this.device(ch.deviceId);
      if (!device || device.projectId === null) continue;
      const set = await this.rulesOf(device);
      for (const rule of set.rules) {
        if (rule.ruleType !== RULE_TYPE.offline || (rule.deviceId !== null && rule.deviceId !== device.id)) continue;
        await this.transition(set, rule, device, ch.status === 3, ch.status === 2, null, ch.at, null);
      }
    }
  }

  /** Stale-data rules: a device whose value (or any report) is older than N of its reporting cycles. */
  async sweepStale() {
    const now = this.now();
    const rules = await this.db.select().from(alarmRules).where(and(eq(alarmRules.ruleType, RULE_TYPE.stale), eq(alarmRules.enableStatus, 1))).orderBy(asc(alarmRules.id));
    for (const rule of rules) {
      const last = rule.identifier ? telemetryLatest.ts : devices.lastReportTime;
      const rows = await this.db
        .select({ id: devices.id, cycle: devices.reportCycle, last })
        .from(devices)
        .leftJoin(telemetryLatest, and(eq(telemetryLatest.deviceId, devices.id), eq(telemetryLatest.identifier, rule.identifier ?? "")))
        .where(and(eq(devices.productId, rule.productId), eq(devices.projectId, rule.projectId), rule.deviceId ? eq(devices.id, rule.deviceId) : undefined, sql`${devices.reportCycle} > 0`));
      for (const r of rows) {
        if (!r.last) continue;
        const device = await this.device(r.id);
        if (!device) continue;
        const stale = now.getTime() - r.last.getTime() > (rule.staleCycles ?? 1) * r.cycle * 1000;
        const set = await this.rulesOf(device);
        await this.transition(set, rule, device, stale, !stale, null, now, rule.identifier);
      }
    }
  }

  /** A value rule's verdict on one value: crossing, still alarmed (latest value kept), or recovered by the dead band. */
  private async judge(set: RuleSet, rule: RuleRow, device: DeviceCtx, v: number, at: Date, identifier: string) {
    const key = pair(rule.id, device.id);
    if (set.active.has(key) && !recovers(rule, v)) {
      await this.db
        .update(alarms)
        .set({ latestValue: v })
        .where(and(eq(alarms.ruleId, rule.id), eq(alarms.deviceId, device.id), sql`${alarms.recoveredAt} is null`));
      return;
    }
    await this.transition(set, rule, device, crosses(rule, v), recovers(rule, v), v, at, identifier);
  }

  private async transition(set: RuleSet, rule: RuleRow, device: DeviceCtx, raise: boolean, recover: boolean, value: number | null, at: Date, identifier: string | null) {
    const key = pair(rule.id, device.id);
    if (set.active.has(key)) {
      if (!recover) return;
      set.active.delete(key);
      const done = await recoverAlarm(this.db, rule.id, device.id, at);
      this.stats.recovered += done.length;
      return;
    }
    if (!raise) return;
    set.active.add(key);
    const { alarm, created } = await raiseAlarm(this.db, {
      tenantId: device.tenantId,
      projectId: device.projectId,
      deviceId: device.id,
      ruleId: rule.id,
      levelId: rule.levelId,
      alarmName: rule.ruleName,
      identifier,
      value,
      condition: conditionOf(rule),
      content: value === null ? "" : `${identifier} = ${value} (${conditionText(rule)})`,
      at,
      convergeMinutes: rule.convergeMinutes,
    });
    if (!created) {
      this.stats.joined++;
      return;
    }
    this.stats.raised++;
    try {
      // Into the workflow: the "raised" step and a pending to-do for each user who may handle it.
      await alarmRaised(this.db, alarm, { userId: null, userName: t("zh-cn", "cloud.alarmCentre.system") }, "zh-cn");
    } catch (err) {
      this.stats.errors++;
      console.error(`[alarms] to-dos of alarm ${alarm.id} failed:`, (err as Error).message);
    }
    try {
      await notifyAlarm(this.db, this.opts.delivery, alarm, rule.channels, { prjName: device.prjName, deviceName: device.deviceName, conditionText: conditionText(rule) });
    } catch (err) {
      this.stats.errors++;
      console.error(`[alarms] notifying alarm ${alarm.id} failed:`, (err as Error).message);
    }
  }

  /** The value a rule compares: the reading, its change since the first reading, or its change over the last day. */
  private async statValue(rule: RuleRow, p: Point): Promise<number | null> {
    const v = p.num;
    if (v === null) return null;
    if (rule.statType === "total") {
      const key = `${p.deviceId}:${p.identifier}`;
      let first = this.firstValues.get(key);
      if (!first) {
        first = this.valueAt(p.deviceId, p.identifier, null);
        this.firstValues.set(key, first);
      }
      const f = await first;
      return f === null ? null : v - f;
    }
    if (rule.statType === "dayRate") {
      const key = `${p.deviceId}:${p.identifier}`;
      let hit = this.dayAgo.get(key);
      if (!hit || Math.abs(p.ts.getTime() - hit.at) > BASELINE_TTL_MS) {
        hit = { at: p.ts.getTime(), v: this.valueAt(p.deviceId, p.identifier, new Date(p.ts.getTime() - DAY_MS)) };
        this.dayAgo.set(key, hit);
      }
      const past = await hit.v;
      return past === null ? null : v - past;
    }
    return v;
  }

  /** The stored value at or before `at` (null `at`: the first one ever). */
  private async valueAt(deviceId: number, identifier: string, at: Date | null): Promise<number | null> {
    const [row] = await this.db
      .select({ num: telemetry.num })
      .from(telemetry)
      .where(and(eq(telemetry.deviceId, deviceId), eq(telemetry.identifier, identifier), at ? lte(telemetry.ts, at) : undefined, sql`${telemetry.num} is not null`))
      .orderBy(at ? desc(telemetry.ts) : asc(telemetry.ts))
      .limit(1);
    return row?.num ?? null;
  }

  private device(id: number): Promise<DeviceCtx | null> {
    const hit = this.deviceCache.get(id);
    if (hit && Date.now() - hit.at < DEVICE_TTL_MS) return hit.v;
    const v = this.db
      .select({ id: devices.id, tenantId: devices.tenantId, productId: devices.productId, projectId: devices.projectId, deviceName: devices.deviceName, prjName: projects.prjName })
      .from(devices)
      .leftJoin(projects, eq(projects.id, devices.projectId))
      .where(eq(devices.id, id))
      .then(([d]) => (d ? { ...d, prjName: d.prjName ?? "" } : null));
    this.deviceCache.set(id, { at: Date.now(), v });
    v.catch(() => this.deviceCache.delete(id));
    return v;
  }

  private rulesOf(device: DeviceCtx): Promise<RuleSet> {
    const key = `${device.productId}:${device.projectId}`;
    let set = this.ruleSets.get(key);
    if (!set) {
      set = (async () => {
        const rules = await enabledRules(this.db, device.productId, device.projectId!);
        const open = await unrecoveredAlarms(
          this.db,
          rules.map((r) => r.id),
        );
        return { rules, active: new Set(open.map((o) => pair(o.ruleId, o.deviceId))) };
      })();
      this.ruleSets.set(key, set);
      set.catch(() => this.ruleSets.delete(key));
    }
    return set;
  }
}
