import { EventEmitter } from "node:events";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { ALARM_STATUS, RULE_TYPE, type AlarmAttachment } from "@/lib/contract/alarm/enums";
import type { I18nTexts } from "@/lib/contract/i18n-text";
import type { Db } from "../db/client";
import { PropertyRules } from "./rule-index";
import { applyCrossings, enabledRules, RAISE_LOCK, raiseAlarm, unrecoveredOf, recoverAlarm, recoverAlarms, ruleRecipients, unrecoveredAlarms, updateLatestValues, type AlarmRow, type NoticeRecipient, type Crossing, type EnabledRule, type Escalated, type Escalation, type LevelCopy, type RuleRow } from "../db/queries/alarms";
import { alarmEvalMarks, alarmRules, alarms, devices, pointGroups, telemetryLatest } from "../db/schema";
import type { DeviceContexts, Ingest } from "../ingest/pipeline";
import { loadDeviceContexts, type DeviceContext } from "../ingest/catalog";
import { rowsOf, type Point, type StatusChange } from "../ingest/writer";
import type { Delivery } from "../lib/delivery";
import { conditionOf, conditionText, levelCrossed, recoversAll, valueAlarmText } from "./condition";
import { notifyAlarms, type AlarmNotice } from "./notify";
import { alarmEscalated, alarmsRaised } from "../db/queries/alarm-workflow";
import { t } from "../lib/i18n";
import { pgArray } from "../ingest/pg-array";
import type { Coordinator } from "../lib/coordination";
import { heardColumns } from "../db/queries/device-heard";
import { rawValues } from "../db/queries/telemetry-raw";

/** The batch's devices are locked with the key a single raise takes: one decision per device at a time, cluster-wide. */
const EVAL_LOCK = RAISE_LOCK;
const RULES_SIGNAL = "alarm-rules";
/** A batch evaluated this soon after a newer one of the same device was overtaken (two instances); a later one is a backlog. */
const OVERTAKEN_MS = 30_000;

/** An abnormal inspection reading as the robot's records hand it to the inspection rules. */
export type InspectionReading = { deviceId: number; at: Date; alarmName: string; identifier: string; value: number | null; content: string; attachments: AlarmAttachment[]; i18n?: I18nTexts };
type DeviceCtx = DeviceContext;
/**
 * The rules a device of one product in one project answers to, the levels they raise, and which
 * (rule, device) pairs are alarmed now with the index of the most severe level reached.
 */
type RuleSet = {
  rules: EnabledRule[];
  byIdentifier: Map<string, EnabledRule[]>;
  levels: Map<number, LevelCopy>;
  active: Map<number, number>;
  /**
   * `deviceId:identifier` → the value rules that device answers to on that property, indexed by their
   * lines (found on first use): the property's shared index (`byProperty`) when no rule of the
   * property names devices, else one of the device's own.
   */
  byDeviceProperty: Map<string, PropertyRules | null>;
  /** identifier → the index of its rules when every one watches every device of the set (built once, shared by the devices). */
  byProperty: Map<string, PropertyRules | null>;
};

/** A daily rate's value of a day ago is looked up again after this much data time. */
const BASELINE_TTL_MS = 3600_000;
const DAY_MS = 86_400_000;

export type EvaluatorOptions = {
  delivery: Delivery;
  now?: () => Date;
  staleSweepMs?: number;
  /** The cluster: the stale-data and escalation sweep is its job, rule changes its signal (without: this process's timer, `invalidate` here only). */
  cluster?: Coordinator;
};
/**
 * `points`: values some rule watches; `evaluated`: (value, rule) pairs evaluated — the rules a value could cross or alarmed now;
 * `indexed`: rules placed in property indexes (what building them cost).
 */
export type EvaluatorStats = { points: number; evaluated: number; indexed: number; raised: number; joined: number; escalated: number; recovered: number; errors: number };
/** `raised`: each new alarm, once; `escalated`: an open alarm moved to a more severe level (its row after the move). Data push forwards both. */
export type EscalatedBy = { value: number; at: Date };
export type AlarmEvents = { raised: [AlarmRow]; escalated: [AlarmRow, EscalatedBy] };

/** A (rule, device) pair as one number: cheaper than a string key on the per-value path (ids stay below 2^31). */
const pair = (ruleId: number, deviceId: number) => ruleId * 2 ** 31 + deviceId;

/** Whether a rule watches this device: a point rule its point's devices, a product rule all the product's devices or its one. */
const watches = (rule: EnabledRule, deviceId: number) => (rule.pointDevices ? rule.pointDevices.includes(deviceId) : rule.deviceId === null || rule.deviceId === deviceId);

/** Whether a rule watches every device of its set (not one device, not a point's devices). */
const general = (rule: EnabledRule) => !rule.pointDevices && rule.deviceId === null;

/**
 * The value rules a device answers to on a property, indexed once per rule set (`null`: none). Rules
 * of the whole product share one index per property: building one per device cost the evaluator more
 * than the comparisons at 1,000 rules (issue 41); a property with rules of chosen devices or points
 * gets one per device.
 */
function propertyRules(set: RuleSet, deviceId: number, identifier: string, stats: EvaluatorStats): PropertyRules | null {
  const key = `${deviceId}:${identifier}`;
  let index = set.byDeviceProperty.get(key);
  if (index === undefined) {
    const all = set.byIdentifier.get(identifier) ?? [];
    if (all.every(general)) {
      index = set.byProperty.get(identifier);
      if (index === undefined) {
        set.byProperty.set(identifier, (index = all.length ? new PropertyRules(all) : null));
        stats.indexed += all.length;
      }
    } else {
      const rules = all.filter((r) => watches(r, deviceId));
      index = rules.length ? new PropertyRules(rules) : null;
      stats.indexed += rules.length;
    }
    set.byDeviceProperty.set(key, index);
  }
  return index;
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
  /** `raised`: each new alarm, once (data push forwards them). */
  readonly events = new EventEmitter<AlarmEvents>();
  readonly stats: EvaluatorStats = { points: 0, evaluated: 0, indexed: 0, raised: 0, joined: 0, escalated: 0, recovered: 0, errors: 0 };
  private readonly now: () => Date;
  private readonly ruleSets = new Map<string, Promise<RuleSet>>();
  /** The rules of the cached sets by id (the notices of a batch's new alarms). */
  private readonly ruleById = new Map<number, EnabledRule>();
  private readonly firstValues = new Map<string, Promise<number | null>>();
  private readonly dayAgo = new Map<string, { at: number; v: Promise<number | null> }>();
  /** Latest values of active alarms seen in the batch being evaluated, written in one statement at its end. */
  private readonly latest = new Map<number, { ruleId: number; deviceId: number; value: number; escalation?: Escalation }>();
  private queue: Promise<void> = Promise.resolve();
  private sweep: NodeJS.Timeout | null = null;
  private detach: (() => void) | null = null;

  constructor(
    readonly db: Db,
    private readonly opts: EvaluatorOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** Listens to an ingest, and sweeps for stale data and alarms to escalate every `staleSweepMs` (default a minute; 0: never). */
  attach(ingest: Ingest) {
    const onTelemetry = (points: Point[], known: DeviceContexts) => this.enqueue(() => this.telemetry(points, known));
    const onStatus = (changes: StatusChange[]) => this.enqueue(() => this.status(changes));
    ingest.on("telemetry", onTelemetry);
    ingest.on("status", onStatus);
    const off: (() => void)[] = [
      () => void ingest.off("telemetry", onTelemetry),
      () => void ingest.off("status", onStatus),
    ];
    const every = this.opts.staleSweepMs ?? 60_000;
    const sweep = async () => {
      await this.sweepStale();
      await this.escalate();
    };
    const { cluster } = this.opts;
    if (cluster) {
      off.push(cluster.on(RULES_SIGNAL, (productId) => this.forget(typeof productId === "number" ? productId : undefined)));
      if (every > 0) off.push(cluster.every("alarm-sweep", every, () => new Promise<void>((resolve) => this.enqueue(() => sweep().finally(resolve)))));
    } else if (every > 0) {
      this.sweep = setInterval(() => this.enqueue(sweep), every);
      this.sweep.unref();
    }
    this.detach = () => off.forEach((f) => f());
    return this;
  }

  /**
   * A rule of this product changed (added, edited, enabled, disabled, deleted): its rules are read
   * again — on every instance of the cluster; none given (a point rule, a point's devices): all.
   */
  invalidate(productId?: number) {
    if (!this.opts.cluster) return this.forget(productId);
    void this.opts.cluster.signal(RULES_SIGNAL, productId ?? null).catch((err) => console.error("[alarms] signalling a rule change:", (err as Error).message));
  }

  private forget(productId?: number) {
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

  /**
   * Evaluates stored values (the `telemetry` event) with their devices as the ingest read them
   * (`known`: the batch's device context; a device missing there is read now, as a test or a replay
   * feeding values directly leaves them all out); no device is cached here, so a device moved or
   * renamed through any instance is evaluated as it is now from its next batch. The verdicts are
   * decided in memory against the active set; the database sees at most four statements per batch
   * (joins, new alarms, recoveries, latest values) whatever its size.
   */
  async telemetry(points: Point[], known?: DeviceContexts) {
    const byDevice = new Map<number, Point[]>();
    for (const p of points) if (p.num !== null) (byDevice.get(p.deviceId) ?? byDevice.set(p.deviceId, []).get(p.deviceId)!).push(p);
    const ctx = await this.contexts(byDevice.keys(), known);
    // Only the devices some value rule watches are evaluated (and locked).
    const watched: { device: DeviceCtx; set: RuleSet; pts: Point[] }[] = [];
    for (const [deviceId, pts] of byDevice) {
      const device = ctx.get(deviceId);
      if (!device || device.projectId === null) continue;
      const set = await this.rulesOf(device);
      if (set.byIdentifier.size) watched.push({ device, set, pts });
    }
    if (!watched.length) return;
    // What the batch decided is told after its commit: the timeline steps, the events and the notices.
    const { created, escalated } = await this.db.transaction((tx) => this.decide(tx as unknown as Db, watched));
    for (const e of escalated) await this.escalated(e);
    await this.notify(
      created.flatMap((alarm) => {
        const rule = this.ruleById.get(alarm.ruleId!);
        const device = ctx.get(alarm.deviceId!);
        return rule && device ? [{ alarm, rule, device }] : [];
      }),
    );
  }

  /**
   * The verdicts of one batch, taken under a lock per device and from the state in the database,
   * not this instance's memory: another instance may have taken some of the same device's messages
   * (a broker spreading them round robin) and raised or recovered meanwhile. Values older than the
   * device's evaluation mark were overtaken by a newer batch and are not decided on late.
   */
  private async decide(db: Db, watched: { device: DeviceCtx; set: RuleSet; pts: Point[] }[]): Promise<{ created: AlarmRow[]; escalated: Escalated[] }> {
    const ids = watched.map((w) => w.device.id).sort((a, b) => a - b);
    await db.execute(sql`select pg_advisory_xact_lock(${EVAL_LOCK}, k) from (select k from unnest(${pgArray(ids)}::int[]) as k order by k) as s`);
    // One instance alone evaluates in arrival order: only a cluster needs the marks.
    const marks = this.opts.cluster
      ? new Map(
          (await db.select().from(alarmEvalMarks).where(and(inArray(alarmEvalMarks.deviceId, ids), sql`${alarmEvalMarks.evaluatedAt} > now() - ${OVERTAKEN_MS} * interval '1 millisecond'`))).map((m) => [
            m.deviceId,
            m.ts.getTime(),
          ]),
        )
      : new Map<number, number>();
    const open = await unrecoveredOf(db, ids);
    // The batch's devices' alarmed pairs are read again just below: walk each set's alarmed pairs once (few), not
    // every rule for every device (1,000 rules × 200 devices a batch otherwise).
    const devicesOf = new Map<RuleSet, Set<number>>();
    for (const { device, set } of watched) (devicesOf.get(set) ?? devicesOf.set(set, new Set()).get(set)!).add(device.id);
    for (const [set, devs] of devicesOf) for (const key of set.active.keys()) if (devs.has(key % 2 ** 31)) set.active.delete(key);
    const setOf = new Map(watched.map((w) => [w.device.id, w.set]));
    // The rules alarmed now per device: a value decides their recovery whatever it crosses.
    const activeOf = new Map<number, Set<number>>();
    const activeSet = (deviceId: number) => activeOf.get(deviceId) ?? activeOf.set(deviceId, new Set()).get(deviceId)!;
    for (const o of open) {
      const set = setOf.get(o.deviceId);
      if (!set) continue;
      set.active.set(pair(o.ruleId, o.deviceId), o.levelIndex);
      activeSet(o.deviceId).add(o.ruleId);
    }
    const pairs = new Map<number, Crossing>();
    const recoveries = new Map<number, { ruleId: number; deviceId: number; at: Date; value: number }>();
    const newest: { deviceId: number; ts: Date }[] = [];
    for (const { device, set, pts: all } of watched) {
      const deviceId = device.id;
      const mark = marks.get(deviceId) ?? -Infinity;
      const pts = all.filter((p) => p.ts.getTime() > mark).sort((a, b) => a.ts.getTime() - b.ts.getTime());
      if (!pts.length) continue;
      newest.push({ deviceId, ts: pts[pts.length - 1].ts });
      for (const p of pts) {
        const index = propertyRules(set, deviceId, p.identifier, this.stats);
        if (!index) continue;
        this.stats.points++;
        // Only the rules this value can cross and those alarmed now: the others cannot change state.
        for (const rule of index.candidates(p.num!, activeOf.get(deviceId) ?? [])) {
          this.stats.evaluated++;
          const v = rule.statType === "not" ? p.num! : await this.statValue(db, rule, p);
          if (v === null) continue;
          const key = pair(rule.id, deviceId);
          const pending = pairs.get(key);
          const stage = set.active.get(key);
          if (stage !== undefined) {
            if (!recoversAll(rule.conditions, v, rule.deadband)) {
              // Still alarmed; a more severe level of the same rule escalates the alarm (never a second one).
              const reached = levelCrossed(rule.conditions, v);
              const up = reached > stage;
              if (up) set.active.set(key, reached);
              if (pending) {
                pending.last = { value: v, at: p.ts };
                if (reached > pending.levelIndex) Object.assign(pending, this.levelOf(rule, set, reached, v, p));
              } else {
                const escalation = up ? { ruleId: rule.id, deviceId, ...this.levelOf(rule, set, reached, v, p) } : this.latest.get(key)?.escalation;
                this.latest.set(key, { ruleId: rule.id, deviceId, value: v, escalation });
              }
              continue;
            }
            set.active.delete(key);
            activeOf.get(deviceId)?.delete(rule.id);
            this.latest.delete(key);
            if (pending) pending.recovered = { value: v, at: p.ts };
            else recoveries.set(key, { ruleId: rule.id, deviceId, at: p.ts, value: v });
          } else {
            const reached = levelCrossed(rule.conditions, v);
            if (reached < 0) continue;
            set.active.set(key, reached);
            activeSet(deviceId).add(rule.id);
            if (pending) {
              pending.crossings++;
              pending.last = { value: v, at: p.ts };
              pending.recovered = null;
              if (reached > pending.levelIndex) Object.assign(pending, this.levelOf(rule, set, reached, v, p));
            } else {
              pairs.set(key, this.crossing(rule, set, device, reached, v, p));
            }
          }
        }
      }
    }
    // Recoveries first: a pair that recovered and crossed again in this batch then joins (or replaces) a recovered alarm.
    this.stats.recovered += await recoverAlarms(db, [...recoveries.values()]);
    const { created, joined, escalated } = await applyCrossings(db, [...pairs.values()]);
    this.stats.joined += joined;
    this.stats.raised += created.length;
    const latest = [...this.latest.values()];
    this.latest.clear();
    escalated.push(...(await updateLatestValues(db, latest)));
    if (newest.length && this.opts.cluster)
      await db
        .insert(alarmEvalMarks)
        .values(newest)
        .onConflictDoUpdate({ target: alarmEvalMarks.deviceId, set: { ts: sql`greatest(${alarmEvalMarks.ts}, excluded.ts)`, evaluatedAt: sql`now()` } });
    return { created, escalated };
  }

  /** Level `index` of a value rule as an alarm takes it: the level, the condition kept and the text. */
  private levelOf(rule: EnabledRule, set: RuleSet, index: number, v: number, p: Point): Pick<Crossing, "level" | "levelIndex" | "condition" | "content" | "contentIn" | "reachedBy"> {
    const condition = conditionOf(rule, set.levels, index);
    return { level: set.levels.get(rule.conditions[index].levelId) ?? null, levelIndex: index, condition, ...valueAlarmText(p.identifier, rule.property, v, condition), reachedBy: { value: v, at: p.ts } };
  }

  private crossing(rule: EnabledRule, set: RuleSet, device: DeviceCtx, index: number, v: number, p: Point): Crossing {
    return {
      tenantId: device.tenantId,
      projectId: device.projectId,
      deviceId: device.id,
      ruleId: rule.id,
      pointId: rule.pointId,
      alarmName: rule.ruleName,
      identifier: p.identifier,
      ...this.levelOf(rule, set, index, v, p),
      convergeMinutes: rule.convergeMinutes,
      crossings: 1,
      first: { value: v, at: p.ts },
      last: { value: v, at: p.ts },
      recovered: null,
    };
  }

  /** An alarm reached a more severe level: a step on its timeline with the value that took it there, and an `escalated` event (data push). */
  private async escalated(e: Escalated) {
    this.stats.escalated++;
    try {
      await alarmEscalated(this.db, e.alarm, e.value, e.at, { userId: null, userName: t("zh-cn", "cloud.alarmCentre.system") });
    } catch (err) {
      this.stats.errors++;
      console.error(`[alarms] escalation of alarm ${e.alarm.id} failed:`, (err as Error).message);
    }
    this.events.emit("escalated", e.alarm, { value: e.value, at: e.at });
  }

  /**
   * New alarms told (or, `only` the leaders, alarms escalated): the events, the workflow's "raised" steps and to-dos,
   * then each rule's recipients. The alarms of one batch share their look-ups (their names, each rule's recipients,
   * each tenant's templates): an alarm storm costs a few statements, not a few per alarm.
   */
  private async notify(list: { alarm: AlarmRow; rule: RuleRow; device: DeviceCtx }[], only?: { leaders: true }) {
    if (!list.length) return;
    if (!only) {
      for (const { alarm } of list) this.events.emit("raised", alarm);
      // New alarms enter the workflow: the "raised" step and a pending to-do for each user who may handle them.
      try {
        await alarmsRaised(
          this.db,
          list.map((x) => x.alarm),
          { userId: null, userName: t("zh-cn", "cloud.alarmCentre.system") },
        );
      } catch (err) {
        this.stats.errors++;
        console.error(`[alarms] to-dos of alarms ${list.map((x) => x.alarm.id).join(", ")} failed:`, (err as Error).message);
      }
    }
    const recipients = new Map<number, Promise<NoticeRecipient[]>>();
    const notices: AlarmNotice[] = [];
    for (const { alarm, rule, device } of list) {
      try {
        const contacts = await (recipients.get(rule.id) ?? recipients.set(rule.id, ruleRecipients(this.db, rule.id, only?.leaders)).get(rule.id)!);
        const text = alarm.condition && rule.ruleType === RULE_TYPE.value ? conditionText(alarm.condition) : "";
        notices.push({ alarm, channels: rule.channels, contacts, ctx: { deviceName: device.deviceName, conditionText: text } });
      } catch (err) {
        this.stats.errors++;
        console.error(`[alarms] notifying alarm ${alarm.id} failed:`, (err as Error).message);
      }
    }
    this.stats.errors += await notifyAlarms(this.db, this.opts.delivery, notices);
  }

  /** Offline rules (the `status` event): offline raises, back online recovers. */
  async status(changes: StatusChange[]) {
    const ctx = await loadDeviceContexts(this.db, changes.map((ch) => ch.deviceId));
    for (const ch of changes) {
      const device = ctx.get(ch.deviceId);
      if (!device || device.projectId === null) continue;
      const set = await this.rulesOf(device);
      const rules = set.rules.filter((r) => r.ruleType === RULE_TYPE.offline && watches(r, device.id));
      if (!rules.length) continue;
      const open = new Set((await unrecoveredOf(this.db, [device.id])).map((o) => o.ruleId));
      for (const rule of rules) await this.transition(set, rule, device, open.has(rule.id), ch.status === 3, ch.status === 2, null, ch.at, null);
    }
  }

  /**
   * Inspection rules: an abnormal reading a robot recorded raises an alarm through each enabled
   * inspection rule watching the robot — with the rule's level, recipients and convergence, the
   * "raised" step and to-dos, its notices and the `raised` event data push and linkage follow —
   * or joins the rule's open alarm on that robot for the same point and item (its name): one alarm per
   * point and item while it is open, its count the abnormal readings. Answers the alarm of the first rule (null: no rule).
   */
  async inspection(r: InspectionReading): Promise<number | null> {
    const device = (await loadDeviceContexts(this.db, [r.deviceId])).get(r.deviceId);
    if (!device || device.projectId === null) return null;
    const set = await this.rulesOf(device);
    let first: number | null = null;
    for (const rule of set.rules.filter((x) => x.ruleType === RULE_TYPE.inspection && watches(x, device.id))) {
      const { alarm, created } = await raiseAlarm(this.db, {
        tenantId: device.tenantId,
        projectId: device.projectId,
        deviceId: device.id,
        ruleId: rule.id,
        levelId: rule.levelId,
        alarmName: r.alarmName,
        identifier: r.identifier,
        value: r.value,
        condition: conditionOf(rule, set.levels),
        content: r.content,
        at: r.at,
        convergeMinutes: rule.convergeMinutes,
        attachments: r.attachments,
        joinSameName: true,
        i18n: r.i18n ?? null,
      });
      first ??= alarm.id;
      if (!created) {
        this.stats.joined++;
        continue;
      }
      this.stats.raised++;
      await this.notify([{ alarm, rule, device }]);
    }
    return first;
  }

  /** Stale-data rules: a device whose value (or any report) is older than N of its reporting cycles. */
  async sweepStale() {
    const now = this.now();
    const rules = await this.db.select().from(alarmRules).where(and(eq(alarmRules.ruleType, RULE_TYPE.stale), eq(alarmRules.enableStatus, 1))).orderBy(asc(alarmRules.id));
    for (const rule of rules) {
      // Which devices this rule has an open alarm on, from the database: another instance may have raised or recovered it.
      const open = new Set((await this.db.select({ deviceId: alarms.deviceId }).from(alarms).where(and(eq(alarms.ruleId, rule.id), isNull(alarms.recoveredAt)))).map((a) => a.deviceId));
      const last = rule.identifier ? telemetryLatest.ts : heardColumns().lastReportTime;
      const rows = await this.db
        .select({ id: devices.id, cycle: devices.reportCycle, last })
        .from(devices)
        .leftJoin(telemetryLatest, and(eq(telemetryLatest.deviceId, devices.id), eq(telemetryLatest.identifier, rule.identifier ?? "")))
        .where(
          and(
            rule.pointId === null ? eq(devices.productId, rule.productId ?? 0) : sql`${devices.id} = any(select unnest(g.device_ids) from ${pointGroups} g where g.id = ${rule.pointId})`,
            eq(devices.projectId, rule.projectId),
            rule.deviceId ? eq(devices.id, rule.deviceId) : undefined,
            sql`${devices.reportCycle} > 0`,
          ),
        );
      const contexts = await loadDeviceContexts(
        this.db,
        rows.filter((r) => r.last).map((r) => r.id),
      );
      for (const r of rows) {
        if (!r.last) continue;
        const device = contexts.get(r.id);
        if (!device) continue;
        const stale = now.getTime() - r.last.getTime() > (rule.staleCycles ?? 1) * r.cycle * 1000;
        const set = await this.rulesOf(device);
        await this.transition(set, rule, device, open.has(r.id), stale, !stale, null, now, rule.identifier);
      }
    }
  }

  /**
   * Escalation: an alarm still pending longer than its rule's escalation time is sent, once, to
   * the leaders of the rule's contact groups (nobody has accepted it yet).
   */
  async escalate() {
    const now = this.now();
    const due = await this.db
      .select({ alarm: alarms, rule: alarmRules })
      .from(alarms)
      .innerJoin(alarmRules, eq(alarmRules.id, alarms.ruleId))
      .where(
        and(
          eq(alarms.status, ALARM_STATUS.pending),
          isNull(alarms.escalatedAt),
          isNotNull(alarmRules.escalateMinutes),
          sql`${alarms.triggeredAt} < ${now}::timestamptz - make_interval(mins => ${alarmRules.escalateMinutes})`,
        ),
      )
      .limit(500);
    for (const { alarm, rule } of due) {
      // Escalated once, whichever instance sweeps: the update that sets the time is the one that sends.
      const [taken] = await this.db.update(alarms).set({ escalatedAt: now }).where(and(eq(alarms.id, alarm.id), isNull(alarms.escalatedAt))).returning({ id: alarms.id });
      if (!taken) continue;
      const device = alarm.deviceId === null ? null : ((await loadDeviceContexts(this.db, [alarm.deviceId])).get(alarm.deviceId) ?? null);
      if (device) await this.notify([{ alarm, rule, device }], { leaders: true });
    }
  }

  /**
   * An offline or stale-data rule's verdict on a device whose open alarm the database holds or not
   * (`active`): recovered by a conditional update, raised under the (rule, device) raise lock, so
   * two instances deciding at once change it once.
   */
  private async transition(set: RuleSet, rule: RuleRow, device: DeviceCtx, active: boolean, raise: boolean, recover: boolean, value: number | null, at: Date, identifier: string | null) {
    const key = pair(rule.id, device.id);
    if (active) {
      set.active.set(key, set.active.get(key) ?? 0);
      if (!recover) return;
      set.active.delete(key);
      const done = await recoverAlarm(this.db, rule.id, device.id, at, value);
      this.stats.recovered += done.length;
      return;
    }
    set.active.delete(key);
    if (!raise) return;
    set.active.set(key, 0);
    const { alarm, created } = await raiseAlarm(this.db, {
      tenantId: device.tenantId,
      projectId: device.projectId,
      deviceId: device.id,
      ruleId: rule.id,
      pointId: rule.pointId,
      levelId: rule.levelId,
      alarmName: rule.ruleName,
      identifier,
      value,
      condition: conditionOf(rule, set.levels),
      content: "",
      at,
      convergeMinutes: rule.convergeMinutes,
    });
    if (!created) {
      this.stats.joined++;
      return;
    }
    this.stats.raised++;
    await this.notify([{ alarm, rule, device }]);
  }

  /** The value a rule compares: the reading, its change since the first reading, or its change over the last day. */
  private async statValue(db: Db, rule: RuleRow, p: Point): Promise<number | null> {
    const v = p.num;
    if (v === null) return null;
    if (rule.statType === "total") {
      const key = `${p.deviceId}:${p.identifier}`;
      let first = this.firstValues.get(key);
      if (!first) {
        first = this.valueAt(db, p.deviceId, p.identifier, null);
        this.firstValues.set(key, first);
      }
      const f = await first;
      return f === null ? null : v - f;
    }
    if (rule.statType === "dayRate") {
      const key = `${p.deviceId}:${p.identifier}`;
      let hit = this.dayAgo.get(key);
      if (!hit || Math.abs(p.ts.getTime() - hit.at) > BASELINE_TTL_MS) {
        hit = { at: p.ts.getTime(), v: this.valueAt(db, p.deviceId, p.identifier, new Date(p.ts.getTime() - DAY_MS)) };
        this.dayAgo.set(key, hit);
      }
      const past = await hit.v;
      return past === null ? null : v - past;
    }
    return v;
  }

  /** The stored value at or before `at` (null `at`: the first one ever). */
  private async valueAt(db: Db, deviceId: number, identifier: string, at: Date | null): Promise<number | null> {
    const [row] = rowsOf(await db.execute(sql`select num from (${rawValues({ device: deviceId, identifier, ...(at ? { to: at, through: true } : {}), numeric: true, order: at ? "desc" : "asc", limit: 1 })}) t`));
    return row ? Number(row.num) : null;
  }

  /** The batch's devices: as the ingest handed them, the others read now. */
  private async contexts(ids: Iterable<number>, known?: DeviceContexts): Promise<DeviceContexts> {
    const missing = [...ids].filter((id) => !known?.has(id));
    if (!missing.length) return known ?? new Map();
    const read = await loadDeviceContexts(this.db, missing);
    if (known) for (const [id, d] of known) read.set(id, d);
    return read;
  }

  private rulesOf(device: DeviceCtx): Promise<RuleSet> {
    const key = `${device.productId}:${device.projectId}`;
    let set = this.ruleSets.get(key);
    if (!set) {
      set = (async () => {
        const { rules, levels } = await enabledRules(this.db, device.productId, device.projectId!);
        const open = await unrecoveredAlarms(
          this.db,
          rules.map((r) => r.id),
        );
        const byIdentifier = new Map<string, EnabledRule[]>();
        for (const r of rules) {
          this.ruleById.set(r.id, r);
          if (r.ruleType === RULE_TYPE.value && r.identifier && r.conditions.length) (byIdentifier.get(r.identifier) ?? byIdentifier.set(r.identifier, []).get(r.identifier)!).push(r);
        }
        return { rules, byIdentifier, levels, active: new Map(open.map((o) => [pair(o.ruleId, o.deviceId), o.levelIndex])), byDeviceProperty: new Map(), byProperty: new Map() };
      })();
      this.ruleSets.set(key, set);
      set.catch(() => this.ruleSets.delete(key));
    }
    return set;
  }
}
