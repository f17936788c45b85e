import { CHANNEL } from "@/lib/contract/alarm/enums";
import { ACTION_STATUS, ACTION_TYPE, FIRE_SOURCE, LOG_STATUS, ONLINE_TYPE, TACTIC, TERM_TYPE } from "@/lib/contract/linkage/enums";
import type { ActionResult } from "@/lib/contract/linkage/log";
import type { Action, Trigger } from "@/lib/contract/linkage/rule";
import { previewCron } from "@/lib/contract/cron";
import { formatDateTime } from "@/lib/format";
import type { Db } from "../db/client";
import { commandDevice, deviceNameOf, deviceNames, disableLinkageRule, enabledLinkageRules, linkageRuleById, noticeContacts, recordExecution, type LinkageRuleRecord } from "../db/queries/linkage";
import { tenantZone } from "../db/queries/company";
import { linkageRules, linkageTriggerStates, stationMessages } from "../db/schema";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Coordinator } from "../lib/coordination";
import { CommandRefused, commandsOf } from "../ingest/commands";
import type { Ingest } from "../ingest/pipeline";
import type { Point, StatusChange } from "../ingest/writer";
import type { Delivery } from "../lib/delivery";
import { AppError, badRequest } from "../lib/http";
import { defaultLocale, locales, type Locale } from "@/lib/contract/locale";
import { textIn } from "@/lib/contract/i18n-text";
import type { OutboundOptions, OutboundResult } from "../lib/outbound";
import { t } from "../lib/i18n";
import { openEntries } from "../lib/secrets";
import { FireRateBreaker, combine, isActive, observe, propertyHolds, stateMatches, suppressed, symbolText, type PropertyState } from "./condition";
import { inboxChanged } from "../live/bus";

/** The outbound HTTP call (`safeFetch`: refuses internal targets, caps time and size); tests pass their own. */
export type WebCall = (url: string, opts: OutboundOptions) => Promise<Pick<OutboundResult, "status" | "body" | "durationMs">>;
/** Starts a timer and returns its cancel (tests pass their own). */
export type Timer = (run: () => void, ms: number) => () => void;

export type LinkageOptions = {
  delivery: Delivery;
  webCall: WebCall;
  now?: () => Date;
  timer?: Timer;
  /** Fires per minute above which a rule is taken for a loop and stopped (default 20). */
  maxFiresPerMinute?: number;
  /**
   * The cluster: property triggers' states and the repeat-suppress live in the database (each
   * instance sees some of a device's values), a timer's run is taken by one instance, rule changes
   * are a signal. Without: this process's memory alone.
   */
  cluster?: Coordinator;
};

const RULES_SIGNAL = "linkage-rules";
export type LinkageStats = { points: number; evaluations: number; fired: number; suppressed: number; stopped: number; errors: number };

const WEB_TIMEOUT_MS = 10_000;
const WEB_MAX_BYTES = 64 * 1024;
const KEEP = 2000;
const PLACEHOLDER = /\$\{\s*([A-Za-z_]\w*)\s*\}/g;
const fill = (text: string, vars: Record<string, string>) => text.replace(PLACEHOLDER, (m, name: string) => vars[name] ?? m);
/** What an action said: its text (in the platform language), and the key it came from when the cloud wrote it. */
type Said = { text: string; key?: string; values?: Record<string, string | number> };
const keyed = (key: string, values: Record<string, string | number> = {}): Said => ({ text: localized("zh-cn", key, values), key, values });

/** A message in a language; a value written "@key" is itself a message key (as `fail` in http.ts reads them). */
export function localized(locale: Locale, key: string, values: Record<string, string | number> = {}) {
  return t(locale, key, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "string" && v.startsWith("@") ? t(locale, v.slice(1)) : v])));
}

const realTimer: Timer = (run, ms) => {
  const h = setTimeout(run, ms);
  h.unref();
  return () => clearTimeout(h);
};

type PropTrigger = Extract<Trigger, { termType: 1 }>;
/** A rule as the engine holds it: the record, and what its triggers have seen. */
type Live = {
  rule: LinkageRuleRecord;
  /** The tenant's time zone: timers run on its clock and messages show its time. */
  zone: string;
  states: Map<number, PropertyState>;
  lastFired: Date | null;
  cancelTimers: (() => void)[];
};
/** What set an execution off, for its log. */
/**
 * A notice's text in `locale`: the rule's own text, or its text in `locale` while the rule still
 * has the texts it was written with in several languages (its own is their default language's; a
 * text edited since is that text alone).
 */
export function noticeText(a: Pick<Extract<Action, { actionType: 2 }>, "content" | "contentI18n">, locale: Locale): string {
  return a.contentI18n?.[defaultLocale] === a.content ? textIn(locale, a.content, a.contentI18n) : a.content;
}

/** `deviceId`: the device the firing is about (its name is written to each notice's recipient in their language). */
type Firing = { source: number; text: string; vars: Record<string, string>; deviceId?: number };

/**
 * Linkage rules on live data. The ingest's `telemetry` and `status` events are evaluated in
 * memory against an index of the enabled rules by device and identifier, so a value costs a map
 * lookup and no query; a rule that fires is executed off the ingest path (actions in order, each
 * after its delay) and its log is written when it ends. Timer triggers run on croner's schedule.
 * The index is read again (`reload`) whenever a rule changes; the state of an unchanged rule
 * (held-since, last fired) survives the reload. A rule that fires faster than the loop guard
 * allows is disabled, with a "stopped" log entry.
 */
export class LinkageEngine {
  readonly stats: LinkageStats = { points: 0, evaluations: 0, fired: 0, suppressed: 0, stopped: 0, errors: 0 };
  private readonly now: () => Date;
  private readonly timer: Timer;
  private readonly breaker: FireRateBreaker;
  private live = new Map<number, Live>();
  /** deviceId → identifier → [rule id, trigger index]. */
  private byProperty = new Map<number, Map<string, [number, number][]>>();
  private byState = new Map<number, [number, number][]>();
  private names = new Map<number, string>();
  private running = new Set<Promise<unknown>>();
  private loading: Promise<void> = Promise.resolve();
  /** The cluster's property evaluations, one batch after another. */
  private shared: Promise<unknown> = Promise.resolve();
  private ingest: Ingest | null = null;
  private detach: (() => void) | null = null;
  private closed = false;

  constructor(
    readonly db: Db,
    private readonly opts: LinkageOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
    this.timer = opts.timer ?? realTimer;
    this.breaker = new FireRateBreaker(opts.maxFiresPerMinute ?? 20, 60_000);
  }

  /** Listens to an ingest (and sends device commands through it), then loads the rules. */
  attach(ingest: Ingest) {
    this.ingest = ingest;
    const onTelemetry = (points: Point[]) => this.telemetry(points);
    const onStatus = (changes: StatusChange[]) => this.status(changes);
    ingest.on("telemetry", onTelemetry);
    ingest.on("status", onStatus);
    const unsignal = this.opts.cluster?.on(RULES_SIGNAL, () => void this.reloadHere());
    this.detach = () => {
      ingest.off("telemetry", onTelemetry);
      ingest.off("status", onStatus);
      unsignal?.();
    };
    this.reloadHere();
    return this;
  }

  /** A rule changed: the index is read again — on every instance of the cluster (the returned promise resolves once this one has). */
  invalidate(): Promise<void> {
    const { cluster } = this.opts;
    if (!cluster) return this.reloadHere();
    return cluster
      .signal(RULES_SIGNAL)
      .catch((err) => console.error("[linkage] signalling a change:", (err as Error).message))
      .then(() => this.reloadHere());
  }

  private reloadHere(): Promise<void> {
    this.loading = this.loading.then(() => this.reload()).catch((err) => {
      this.stats.errors++;
      console.error("[linkage] loading rules failed:", (err as Error).message);
    });
    return this.loading;
  }

  /** Resolves when the rules are loaded and every execution started so far has ended. */
  async idle(): Promise<void> {
    await this.loading;
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  async close() {
    this.closed = true;
    this.detach?.();
    for (const l of this.live.values()) l.cancelTimers.forEach((c) => c());
    await this.idle();
  }

  private async reload() {
    const rules = await enabledLinkageRules(this.db);
    const next = new Map<number, Live>();
    const byProperty = new Map<number, Map<string, [number, number][]>>();
    const byState = new Map<number, [number, number][]>();
    const deviceIds: number[] = [];
    for (const rule of rules) {
      const zone = await tenantZone(this.db, rule.tenantId);
      const old = this.live.get(rule.id);
      old?.cancelTimers.forEach((c) => c());
      const same = old && old.rule.updatedAt.getTime() === rule.updatedAt.getTime();
      const live: Live = same ? { ...old, rule, zone, cancelTimers: [] } : { rule, zone, states: new Map(), lastFired: rule.lastFireTime, cancelTimers: [] };
      next.set(rule.id, live);
      rule.triggers.forEach((tr, i) => {
        if (tr.termType === TERM_TYPE.property) {
          deviceIds.push(tr.deviceId);
          const ids = byProperty.get(tr.deviceId) ?? byProperty.set(tr.deviceId, new Map()).get(tr.deviceId)!;
          (ids.get(tr.identifier) ?? ids.set(tr.identifier, []).get(tr.identifier)!).push([rule.id, i]);
        } else if (tr.termType === TERM_TYPE.deviceState) {
          deviceIds.push(tr.deviceId);
          (byState.get(tr.deviceId) ?? byState.set(tr.deviceId, []).get(tr.deviceId)!).push([rule.id, i]);
        } else if (!this.closed) this.arm(live, i, tr.cron);
      });
      for (const a of rule.actions) if (a.actionType === ACTION_TYPE.device) deviceIds.push(a.deviceId);
    }
    for (const [id, l] of this.live) if (!next.has(id)) l.cancelTimers.forEach((c) => c());
    this.names = await deviceNames(this.db, deviceIds);
    this.live = next;
    this.byProperty = byProperty;
    this.byState = byState;
  }

  /** Schedules a timer trigger's next run (on the tenant's clock), and again after each. */
  private arm(live: Live, index: number, cron: string) {
    const next = previewCron(cron, this.now(), { count: 1, timezone: live.zone }).runs[0];
    if (!next) return;
    // setTimeout holds at most ~24.8 days: a later run is re-armed when that wait ends.
    const wait = Math.min(Math.max(0, next.getTime() - this.now().getTime()), 2 ** 31 - 1);
    const cancel = this.timer(() => {
      if (this.live.get(live.rule.id) !== live || this.closed) return;
      live.cancelTimers = live.cancelTimers.filter((c) => c !== cancel);
      if (this.now() >= next) {
        const firing = { source: FIRE_SOURCE.timer, text: `⏱ ${cron}`, vars: { time: formatDateTime(this.now(), live.zone) } };
        // Every instance arms the timer; the one whose mark of this run lands first fires it.
        const { cluster } = this.opts;
        if (!cluster) this.evaluate(live, index, firing);
        else this.track(cluster.once(`linkage-timer:${live.rule.id}:${index}`, next).then((mine) => (mine ? this.evaluateShared(live, index, firing) : undefined)));
      }
      this.arm(live, index, cron);
    }, wait);
    live.cancelTimers.push(cancel);
  }

  /** Stored values (the `telemetry` event): evaluated in memory; public so tests and the benchmark can feed it. */
  telemetry(points: Point[]) {
    if (this.opts.cluster) {
      const run = this.shared.then(() => this.telemetryShared(points));
      this.shared = run.catch(() => {});
      return this.track(run);
    }
    for (const p of points) {
      if (p.num === null) continue;
      const ids = this.byProperty.get(p.deviceId)?.get(p.identifier);
      if (!ids) continue;
      this.stats.points++;
      for (const [ruleId, i] of ids) {
        const live = this.live.get(ruleId);
        if (!live) continue;
        const tr = live.rule.triggers[i] as PropTrigger;
        live.states.set(i, observe(tr, live.states.get(i), p.num, p.ts));
        this.evaluate(live, i, this.propertyFiring(tr, p, live.zone));
      }
    }
  }

  /** Devices going online or offline (the `status` event). */
  status(changes: StatusChange[]) {
    for (const ch of changes) {
      for (const [ruleId, i] of this.byState.get(ch.deviceId) ?? []) {
        const live = this.live.get(ruleId);
        const tr = live?.rule.triggers[i];
        if (!live || tr?.termType !== TERM_TYPE.deviceState || !stateMatches(tr.onlineType, ch.status)) continue;
        const device = this.names.get(ch.deviceId) ?? `#${ch.deviceId}`;
        const what = ch.status === 2 ? ONLINE_TYPE.up : ONLINE_TYPE.down;
        const firing = { source: FIRE_SOURCE.deviceState, text: `${device} · ${what === ONLINE_TYPE.up ? "online" : "offline"}`, vars: { deviceName: device, value: String(ch.status), time: formatDateTime(ch.at, live.zone) }, deviceId: ch.deviceId };
        if (this.opts.cluster) this.track(this.evaluateShared(live, i, firing));
        else this.evaluate(live, i, firing);
      }
    }
  }

  /** The rule's verdict on an event of trigger `current`; fires it when it holds, is active and is not suppressed. */
  private evaluate(live: Live, current: number, firing: Firing) {
    if (this.verdict(live, current, this.now())) this.fire(live, firing);
  }

  /** Whether the rule fires on an event of trigger `current` (and, if so, notes it as fired). */
  private verdict(live: Live, current: number, now: Date): boolean {
    this.stats.evaluations++;
    const { rule } = live;
    const holds = combine(rule.triggerMode, rule.triggers, (i) => {
      const tr = rule.triggers[i];
      if (tr.termType === TERM_TYPE.property) return propertyHolds(tr, live.states.get(i), now, rule.validitySec);
      return i === current;
    });
    if (!holds || !isActive(rule.activeTime, rule.activeWindows, now)) return false;
    if (suppressed(rule.tactic, rule.suppressMinutes, live.lastFired, now)) {
      this.stats.suppressed++;
      return false;
    }
    live.lastFired = now;
    return true;
  }

  private fire(live: Live, firing: Firing) {
    if (this.breaker.trip(live.rule.id, this.now().getTime())) {
      this.stop(live, firing);
      return;
    }
    this.track(this.execute(live.rule, firing));
  }

  /**
   * A device-state or timer event in a cluster: the repeat-suppress is decided by the rule's last
   * fire in the database, taken by one conditional update, so two instances never both fire.
   */
  private async evaluateShared(live: Live, current: number, firing: Firing) {
    const now = this.now();
    await this.loadStates(this.db, [live]);
    if (!this.verdict(live, current, now)) return;
    if (!(await this.takeFire(this.db, live.rule, now))) {
      this.stats.suppressed++;
      return;
    }
    this.fire(live, firing);
  }

  /** Marks the rule fired at `now` unless, repeat-suppressed, another instance fired it inside the window. */
  private async takeFire(db: Db, rule: LinkageRuleRecord, now: Date): Promise<boolean> {
    const window = rule.tactic === TACTIC.suppress ? new Date(now.getTime() - (rule.suppressMinutes ?? 0) * 60_000) : null;
    const rows = await db
      .update(linkageRules)
      .set({ lastFireTime: now })
      .where(and(eq(linkageRules.id, rule.id), window ? or(isNull(linkageRules.lastFireTime), lte(linkageRules.lastFireTime, window)) : undefined))
      .returning({ id: linkageRules.id });
    return rows.length > 0;
  }

  /** The property triggers' shared states of these rules, into their live copies. */
  private async loadStates(db: Db, lives: Live[]) {
    const ids = lives.map((l) => l.rule.id);
    if (!ids.length) return;
    const rows = await db.select().from(linkageTriggerStates).where(inArray(linkageTriggerStates.ruleId, ids));
    const byId = new Map(lives.map((l) => [l.rule.id, l]));
    for (const l of lives) l.states.clear();
    for (const r of rows) byId.get(r.ruleId)?.states.set(r.triggerIndex, { value: r.value, at: r.at, heldSince: r.heldSince });
  }

  /**
   * Stored values in a cluster: each rule they touch is locked (its row), its triggers' states read
   * from the database, the values folded in time order, the states and the last fire written back,
   * all in one transaction; the firings run after it commits.
   */
  private async telemetryShared(points: Point[]) {
    const hits = new Map<number, { i: number; p: Point }[]>();
    for (const p of points) {
      if (p.num === null) continue;
      for (const [ruleId, i] of this.byProperty.get(p.deviceId)?.get(p.identifier) ?? []) (hits.get(ruleId) ?? hits.set(ruleId, []).get(ruleId)!).push({ i, p });
    }
    const lives = [...hits.keys()]
      .sort((a, b) => a - b)
      .map((id) => this.live.get(id))
      .filter((l): l is Live => !!l);
    if (!lives.length) return;
    const firings = await this.db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const locked = await tx
        .select({ id: linkageRules.id, lastFireTime: linkageRules.lastFireTime })
        .from(linkageRules)
        .where(inArray(linkageRules.id, lives.map((l) => l.rule.id)))
        .orderBy(asc(linkageRules.id))
        .for("update");
      const last = new Map(locked.map((r) => [r.id, r.lastFireTime]));
      await this.loadStates(tx, lives);
      const out: [Live, Firing][] = [];
      const touched: (typeof linkageTriggerStates.$inferInsert)[] = [];
      for (const live of lives) {
        live.lastFired = last.get(live.rule.id) ?? null;
        const firedBefore = live.lastFired;
        const seen = new Set<number>();
        for (const { i, p } of hits.get(live.rule.id)!.sort((a, b) => a.p.ts.getTime() - b.p.ts.getTime())) {
          this.stats.points++;
          const tr = live.rule.triggers[i] as PropTrigger;
          live.states.set(i, observe(tr, live.states.get(i), p.num!, p.ts));
          seen.add(i);
          if (this.verdict(live, i, this.now())) out.push([live, this.propertyFiring(tr, p, live.zone)]);
        }
        for (const i of seen) {
          const st = live.states.get(i)!;
          touched.push({ ruleId: live.rule.id, triggerIndex: i, value: st.value, at: st.at, heldSince: st.heldSince });
        }
        if (live.lastFired !== firedBefore && live.lastFired) {
          await tx.update(linkageRules).set({ lastFireTime: live.lastFired }).where(eq(linkageRules.id, live.rule.id));
        }
      }
      if (touched.length)
        await tx
          .insert(linkageTriggerStates)
          .values(touched)
          .onConflictDoUpdate({
            target: [linkageTriggerStates.ruleId, linkageTriggerStates.triggerIndex],
            set: { value: sql`excluded.value`, at: sql`excluded.at`, heldSince: sql`excluded.held_since` },
          });
      return out;
    });
    for (const [live, firing] of firings) this.fire(live, firing);
  }

  private propertyFiring(tr: PropTrigger, p: Point, zone: string): Firing {
    const device = this.names.get(p.deviceId) ?? `#${p.deviceId}`;
    const cond = `${symbolText(tr.symbol, tr.value, tr.value2)}${tr.durationSec ? `, ${tr.durationSec} s` : ""}`;
    return {
      source: FIRE_SOURCE.property,
      text: `${device} · ${p.identifier} = ${p.num} (${cond})`,
      vars: { deviceName: device, identifier: p.identifier, value: String(p.num), time: formatDateTime(p.ts, zone) },
      deviceId: p.deviceId,
    };
  }

  /** The run-time loop guard: the rule is disabled and taken out of the index, with a "stopped" log entry. */
  private stop(live: Live, firing: Firing) {
    this.stats.stopped++;
    this.live.delete(live.rule.id);
    live.cancelTimers.forEach((c) => c());
    this.breaker.reset(live.rule.id);
    const { rule } = live;
    this.track(
      (async () => {
        await disableLinkageRule(this.db, rule.id);
        await recordExecution(this.db, {
          tenantId: rule.tenantId,
          projectId: rule.projectId,
          ruleId: rule.id,
          ruleName: rule.ruleName,
          source: firing.source,
          triggerText: firing.text,
          logStatus: LOG_STATUS.stopped,
          actionCount: rule.actions.length,
          fireTime: this.now(),
        });
        console.warn(`[linkage] rule ${rule.id} fired more than ${this.breaker.max} times in a minute: stopped as a loop`);
      })(),
    );
  }

  private track(p: Promise<unknown>) {
    const tracked = p.catch((err) => {
      this.stats.errors++;
      console.error("[linkage] execution failed:", (err as Error).message);
    });
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  /** `operate`: runs a rule's actions now, whatever its triggers; resolves with its log row. */
  async operate(ruleId: number, by: string) {
    const rule = await linkageRuleById(this.db, ruleId);
    if (!rule) return null;
    const missing = rule.actions.flatMap((a) => (a.actionType === ACTION_TYPE.device && !this.names.has(a.deviceId) ? [a.deviceId] : []));
    for (const [id, name] of await deviceNames(this.db, missing)) this.names.set(id, name);
    const run = this.execute(rule, { source: FIRE_SOURCE.manual, text: by, vars: { time: formatDateTime(this.now(), await tenantZone(this.db, rule.tenantId)) } });
    this.running.add(run);
    try {
      return await run;
    } finally {
      this.running.delete(run);
    }
  }

  /** Runs the actions in order, each after its delay, and stores the execution with each action's result. */
  private async execute(rule: LinkageRuleRecord, firing: Firing) {
    this.stats.fired++;
    const started = Date.now();
    const fireTime = this.now();
    // Every firing names its time (in the tenant's zone) among its vars.
    const vars = { ruleName: rule.ruleName, trigger: firing.text, deviceName: "", identifier: "", value: "", ...firing.vars };
    const results: ActionResult[] = [];
    for (const [index, action] of rule.actions.entries()) {
      if (action.delaySec > 0) await new Promise<void>((resolve) => this.timer(resolve, action.delaySec * 1000));
      results.push(await this.run(rule, action, index, vars, firing.deviceId));
    }
    const failed = results.filter((r) => r.status === ACTION_STATUS.failed).length;
    return recordExecution(this.db, {
      tenantId: rule.tenantId,
      projectId: rule.projectId,
      ruleId: rule.id,
      ruleName: rule.ruleName,
      source: firing.source,
      triggerText: firing.text.slice(0, KEEP),
      logStatus: failed ? LOG_STATUS.failed : LOG_STATUS.success,
      actionCount: results.length,
      failedCount: failed,
      durationMs: Date.now() - started,
      results,
      fireTime,
    });
  }

  private async run(rule: LinkageRuleRecord, action: Action, index: number, vars: Record<string, string>, deviceId?: number): Promise<ActionResult> {
    const started = Date.now();
    const at = this.now().toISOString();
    const base = { index, actionType: action.actionType, at };
    let target = "";
    try {
      let response: Said;
      if (action.actionType === ACTION_TYPE.device) {
        target = this.names.get(action.deviceId) ?? `#${action.deviceId}`;
        response = await this.command(rule, action);
      } else if (action.actionType === ACTION_TYPE.notice) {
        target = action.recipients.map((r) => `${r.linkType === 2 ? "G" : "C"}#${r.linkId}`).join(", ");
        response = await this.notice(rule, action, vars, deviceId);
      } else {
        target = `${action.method} ${action.url}`;
        response = await this.web(action, vars);
      }
      return { ...base, target, status: ACTION_STATUS.success, response: response.text.slice(0, KEEP), error: null, messageKey: response.key ?? null, messageValues: response.values, durationMs: Date.now() - started };
    } catch (err) {
      // A cloud refusal (outbound guard, command refused) carries its message key: the log reads it in the reader's language.
      const said = err instanceof AppError ? keyed(err.key, err.values) : { text: (err as Error).message };
      return { ...base, target, status: ACTION_STATUS.failed, response: null, error: said.text.slice(0, KEEP), messageKey: said.key ?? null, messageValues: said.values, durationMs: Date.now() - started };
    }
  }

  private async command(rule: LinkageRuleRecord, a: Extract<Action, { actionType: 1 }>): Promise<Said> {
    const device = await commandDevice(this.db, rule.tenantId, a.deviceId);
    if (!device) throw badRequest("cloud.linkage.deviceGone", { id: a.deviceId });
    if (!this.ingest) throw badRequest("deviceOps.refused.noChannel", { name: device.name });
    try {
      const row = await commandsOf(this.ingest).send({ device, cmdType: a.cmdType, identifier: a.identifier || null, params: a.params, by: rule.createdBy ? { userId: rule.createdBy, name: t(defaultLocale, "cloud.linkage.noticeTitle", { ruleName: rule.ruleName }).slice(0, 64), names: Object.fromEntries(locales.map((l) => [l, t(l, "cloud.linkage.noticeTitle", { ruleName: rule.ruleName }).slice(0, 64)])) } : undefined });
      return keyed("cloud.linkage.commandSent", { id: row.id, name: device.name });
    } catch (err) {
      if (err instanceof CommandRefused) throw badRequest(`deviceOps.refused.${err.reason}`, { name: device.name });
      throw err;
    }
  }

  /**
   * An in-site message to each contact joined to a user, an SMS or e-mail through the delivery to the
   * others' addresses, each in the recipient's language: the title is the cloud's words, the body the
   * rule's text (in the recipient's language when the rule has it in several), the rule's and the
   * device's names in it too.
   */
  private async notice(rule: LinkageRuleRecord, a: Extract<Action, { actionType: 2 }>, vars: Record<string, string>, deviceId?: number): Promise<Said> {
    const contacts = await noticeContacts(this.db, rule.tenantId, a.recipients);
    if (!contacts.length) throw badRequest("cloud.linkage.noRecipients");
    const words = new Map<Locale, Promise<{ title: string; body: string }>>();
    const wordsIn = (locale: Locale) => {
      if (!words.has(locale))
        words.set(
          locale,
          (async () => {
            const ruleName = textIn(locale, rule.ruleName, rule.i18n?.ruleName);
            const deviceName = deviceId === undefined ? vars.deviceName : ((await deviceNameOf(this.db, deviceId, locale)) ?? vars.deviceName);
            return { title: t(locale, "cloud.linkage.noticeTitle", { ruleName }).slice(0, 200), body: fill(noticeText(a, locale), { ...vars, ruleName, deviceName }) };
          })(),
        );
      return words.get(locale)!;
    };
    let sent = 0;
    const errors: string[] = [];
    for (const c of contacts) {
      const { title, body } = await wordsIn(c.locale);
      for (const channel of a.channels) {
        try {
          if (channel === CHANNEL.site && c.userId !== null) {
            await this.db.insert(stationMessages).values({ tenantId: rule.tenantId, userId: c.userId, msgTitle: title, msgContent: body, msgType: "notice", bizId: rule.id });
            inboxChanged([c.userId]);
            sent++;
          } else if (channel === CHANNEL.sms && c.phone) {
            await this.opts.delivery.send({ channel: "sms", target: c.phone, subject: title, body });
            sent++;
          } else if (channel === CHANNEL.email && c.email) {
            await this.opts.delivery.send({ channel: "email", target: c.email, subject: title, body });
            sent++;
          }
        } catch (err) {
          errors.push(`${c.linkName}: ${(err as Error).message}`);
        }
      }
    }
    if (errors.length) throw new Error(errors.join("; "));
    if (!sent) throw badRequest("cloud.linkage.noReach");
    return keyed("cloud.linkage.noticeSent", { n: sent, names: [...new Set(contacts.map((c) => c.linkName))].join(", ") });
  }

  private async web(a: Extract<Action, { actionType: 3 }>, vars: Record<string, string>): Promise<Said> {
    const headers: Record<string, string> = Object.fromEntries(openEntries(a.headers).map((h) => [h.key, fill(h.value, vars)]));
    let url = fill(a.url, Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, encodeURIComponent(v)])));
    let body: string | undefined;
    const text = fill(a.body, vars);
    if (a.method === "POST") {
      body = text;
      const type = Object.keys(headers).find((k) => k.toLowerCase() === "content-type");
      if (!type) headers["content-type"] = `${text.trim().startsWith("{") ? "application/json" : "text/plain"}; charset=${a.encoding === "GBK" ? "GBK" : "UTF-8"}`;
    } else if (text) url += (url.includes("?") ? "&" : "?") + text;
    const res = await this.opts.webCall(url, { method: a.method, headers, body, encoding: a.encoding, timeoutMs: WEB_TIMEOUT_MS, maxBytes: WEB_MAX_BYTES });
    const reply = `HTTP ${res.status} · ${res.durationMs} ms${res.body ? ` · ${res.body}` : ""}`;
    if (res.status < 200 || res.status >= 300) throw new Error(reply);
    return { text: reply };
  }
}
