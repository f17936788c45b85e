import type { EventEmitter } from "node:events";
import { PUSH_DATA_KIND, PUSH_DEVICE_SCOPE, PUSH_STATUS } from "@/lib/contract/push/enums";
import type { Db } from "../db/client";
import type { PushItem } from "../db/schema";
import type { AlarmRow } from "../db/queries/alarms";
import type { AlarmEvents, EscalatedBy } from "../alarms/evaluator";
import {
  batchItems,
  enabledPushConfigs,
  enqueuePush,
  logPushAttempt,
  outboxDead,
  outboxDelivered,
  outboxHead,
  outboxRetry,
  pendingConfigIds,
  sweepPushBatches,
  type NewPushBatch,
  type PushConfigRecord,
} from "../db/queries/push";
import type { DeviceContexts, Ingest } from "../ingest/pipeline";
import { loadDeviceContexts } from "../ingest/catalog";
import type { Point } from "../ingest/writer";
import { DEFAULT_RETRY, retryDelay, type RetryPolicy } from "./retry";
import { sendBatch, type Attempt, type SendOptions } from "./senders";
import type { Coordinator } from "../lib/coordination";

export type PushEngineOptions = {
  now?: () => Date;
  retry?: RetryPolicy;
  /** Queued batches (one per device and ingest batch) sent together at most. */
  batchRows?: number;
  /** How often the outbox is looked at when nothing new arrives (retries that came due). */
  pollMs?: number;
  timeoutMs?: number;
  outbound?: SendOptions["outbound"];
  /**
   * The cluster: each configuration's queue is sent by the one instance holding its lease (so its
   * order holds and nothing is sent twice), the orphan sweep is a job, configuration changes a signal.
   */
  cluster?: Coordinator;
};

const CONFIGS_SIGNAL = "push-configs";
/** A sender's lease on its queue: renewed while it sends, so this bounds the takeover after a crash. */
const SENDER_LEASE_MS = 10_000;

/** Batches whose items are kept in memory for the senders (the newest; older ones are read back). */
const CACHED_BATCHES = 10_000;
const SWEEP_MS = 60_000;

/**
 * Data push delivery, beside the ingest: stored values (the ingest's `telemetry` event) and new
 * alarms (the evaluator's `raised`) are matched against the enabled configurations and queued in
 * the persistent outbox — each device's items stored once, shared by the configurations that deliver
 * them, each configuration with its own queue rows —; the ingest only hands the batch over. A sender
 * per configuration drains its queue in order — the head batch must be delivered (or given up as
 * a dead letter after the last try) before anything behind it goes, so each device's values
 * arrive in the order they were stored. Failed tries wait longer each time (`retryDelay`). Every
 * try is logged. What is queued survives a restart: the next start sends it.
 */
export class PushEngine {
  readonly stats = { enqueued: 0, delivered: 0, failed: 0, dead: 0 };
  private readonly now: () => Date;
  private readonly retry: RetryPolicy;
  private configs: Promise<Map<number, PushConfigRecord[]>> | null = null;
  /** Items of queued batches as they were stored, and how many configurations have yet to send them. */
  private readonly batches = new Map<number, { items: PushItem[]; refs: number }>();
  private sweptAt = Date.now();
  private queue: Promise<void> = Promise.resolve();
  private readonly busy = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private kicked = false;
  private closed = false;
  private detach: (() => void)[] = [];

  constructor(
    readonly db: Db,
    private readonly opts: PushEngineOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.retry = opts.retry ?? DEFAULT_RETRY;
  }

  /** Listens to the ingest and the alarm evaluator, and starts sending what an earlier run left queued. */
  attach(ingest: Ingest, alarms?: EventEmitter<AlarmEvents>) {
    // Values are queued before they are acknowledged: one stored and acknowledged is also pushed.
    this.detach.push(ingest.takeDurably((points, devices) => this.enqueue(() => this.telemetry(points, devices))));
    if (alarms) {
      const onAlarm = (alarm: AlarmRow) => this.enqueue(() => this.alarm(alarm));
      const onEscalated = (alarm: AlarmRow, by: EscalatedBy) => this.enqueue(() => this.alarm(alarm, by));
      alarms.on("raised", onAlarm);
      alarms.on("escalated", onEscalated);
      this.detach.push(() => alarms.off("raised", onAlarm), () => alarms.off("escalated", onEscalated));
    }
    return this.start();
  }

  /** Sends on its own from now on: a look at the outbox every `pollMs`. */
  start() {
    const every = this.opts.pollMs ?? 1000;
    this.timer = setInterval(() => void this.drain(), every);
    this.timer.unref();
    const { cluster } = this.opts;
    if (cluster) {
      this.detach.push(cluster.on(CONFIGS_SIGNAL, () => void (this.configs = null)));
      this.detach.push(cluster.every("push-batch-sweep", SWEEP_MS, () => sweepPushBatches(this.db)));
    }
    this.kick();
    return this;
  }

  /** A configuration was added, changed, switched or deleted: read again, on every instance. */
  invalidate() {
    if (!this.opts.cluster) return void (this.configs = null);
    void this.opts.cluster.signal(CONFIGS_SIGNAL).catch((err) => console.error("[push] signalling a change:", (err as Error).message));
  }

  /** Resolves when everything handed over so far is queued (tests, shutdown). */
  idle() {
    return this.queue;
  }

  async close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const off of this.detach) off();
    await this.queue;
    while (this.busy.size) await new Promise((r) => setTimeout(r, 10));
  }

  private enqueue(job: () => Promise<void>) {
    this.queue = this.queue.then(job).catch((err) => console.error("[push] queueing failed:", (err as Error).message));
    return this.queue;
  }

  private byProject(): Promise<Map<number, PushConfigRecord[]>> {
    this.configs ??= enabledPushConfigs(this.db).then((rows) => {
      const map = new Map<number, PushConfigRecord[]>();
      for (const r of rows) map.set(r.projectId, [...(map.get(r.projectId) ?? []), r]);
      return map;
    });
    return this.configs;
  }

  private matches(config: PushConfigRecord, kind: number, deviceId: number | null) {
    if (!config.dataTypes.includes(kind)) return false;
    return config.deviceScope !== PUSH_DEVICE_SCOPE.chosen || (deviceId !== null && config.deviceIds.includes(deviceId));
  }

  /**
   * A stored batch, with its devices as the ingest read them (`known`; one missing is read now): no
   * device cache here, so a device moved to another project or renamed through any instance is
   * pushed to its new project's configurations under its new name from its next batch.
   */
  private async telemetry(points: Point[], known?: DeviceContexts) {
    const configs = await this.byProject();
    if (!configs.size) return;
    const byDevice = new Map<number, Point[]>();
    for (const p of points) {
      const list = byDevice.get(p.deviceId);
      if (list) list.push(p);
      else byDevice.set(p.deviceId, [p]);
    }
    const missing = [...byDevice.keys()].filter((id) => !known?.has(id));
    const read = missing.length ? await loadDeviceContexts(this.db, missing) : null;
    const info = (id: number) => known?.get(id) ?? read?.get(id);
    const rows: NewPushBatch[] = [];
    for (const [deviceId, pts] of byDevice) {
      const d = info(deviceId);
      if (!d?.projectId) continue;
      const targets = (configs.get(d.projectId) ?? []).filter((c) => this.matches(c, PUSH_DATA_KIND.telemetry, deviceId));
      if (!targets.length) continue;
      const items = pts.map((p) => ({ kind: "telemetry", deviceId, deviceSn: d.sn, deviceName: d.deviceName, identifier: p.identifier, ts: p.ts.toISOString(), value: p.num ?? p.txt }));
      rows.push({ deviceId, items, configIds: targets.map((c) => c.id) });
    }
    await this.store(rows);
  }

  /** A new alarm, or one that reached a more severe level (`escalated`: the value that took it there): one item with its level and values. */
  private async alarm(a: AlarmRow, escalated?: EscalatedBy) {
    if (!a.projectId) return;
    const configs = (await this.byProject()).get(a.projectId) ?? [];
    const targets = configs.filter((c) => this.matches(c, PUSH_DATA_KIND.alarm, a.deviceId));
    if (!targets.length) return;
    const d = a.deviceId ? (await loadDeviceContexts(this.db, [a.deviceId])).get(a.deviceId) : null;
    const item: PushItem = {
      kind: "alarm",
      event: escalated ? "escalated" : "raised",
      alarmId: a.id,
      alarmName: a.alarmName,
      levelNum: a.levelNum,
      levelName: a.levelName,
      levelColor: a.levelColor,
      value: a.value,
      latestValue: a.latestValue,
      raisingValue: escalated ? escalated.value : a.value,
      deviceId: a.deviceId,
      deviceSn: d?.sn ?? null,
      deviceName: d?.deviceName ?? null,
      identifier: a.identifier,
      content: a.content,
      // The receiver has no reader's language: the stored text, and beside it the text in each language it was written in.
      i18n: a.i18n ?? null,
      ts: (escalated ? escalated.at : a.triggeredAt).toISOString(),
    };
    await this.store([{ deviceId: a.deviceId, items: [item], configIds: targets.map((c) => c.id) }]);
  }

  private async store(rows: NewPushBatch[]) {
    if (!rows.length) return;
    const ids = await enqueuePush(this.db, rows, this.now());
    rows.forEach((r, k) => {
      this.batches.set(ids[k], { items: r.items, refs: r.configIds.length });
      this.stats.enqueued += r.items.length * r.configIds.length;
    });
    while (this.batches.size > CACHED_BATCHES) this.batches.delete(this.batches.keys().next().value!);
    this.kick();
  }

  /** A configuration is done with these batches (delivered or given up): memory is kept for the others' only. */
  private release(batchIds: number[]) {
    for (const id of batchIds) {
      const b = this.batches.get(id);
      if (b && --b.refs <= 0) this.batches.delete(id);
    }
  }

  /** The items of queued batches, in queue order: from memory, else read back (after a restart, or evicted). */
  private async itemsOf(batchIds: number[]): Promise<PushItem[]> {
    const missing = batchIds.filter((id) => !this.batches.has(id));
    const read = new Map((await batchItems(this.db, missing)).map((r) => [r.id, r.items]));
    return batchIds.flatMap((id) => this.batches.get(id)?.items ?? read.get(id) ?? []);
  }

  /** Something new is queued: send soon, once for all the batches arriving meanwhile. */
  private kick() {
    if (this.kicked || this.closed) return;
    this.kicked = true;
    setImmediate(() => {
      this.kicked = false;
      void this.drain();
    });
  }

  /** Every configuration with a queue sends its head batches, each configuration one batch at a time. */
  async drain() {
    if (this.closed) return;
    const configs = new Map([...(await this.byProject()).values()].flat().map((c) => [c.id, c]));
    if (!this.opts.cluster && Date.now() - this.sweptAt > SWEEP_MS) {
      this.sweptAt = Date.now();
      await sweepPushBatches(this.db);
    }
    const pending = await pendingConfigIds(this.db);
    await Promise.all(
      pending
        .map((p) => configs.get(p.configId))
        .filter((c): c is PushConfigRecord => !!c && !this.busy.has(c.id))
        .map(async (c) => {
          this.busy.add(c.id);
          const send = async () => {
            while (!this.closed && (await this.sendHead(c)));
          };
          try {
            if (this.opts.cluster) await this.opts.cluster.hold(`push:${c.id}`, send, SENDER_LEASE_MS);
            else await send();
          } catch (err) {
            console.error(`[push] configuration ${c.id}:`, (err as Error).message);
          } finally {
            this.busy.delete(c.id);
          }
        }),
    );
  }

  /** Tries the head batch of a queue; true when it left the queue (delivered or dead) and the next may go. */
  private async sendHead(config: PushConfigRecord): Promise<boolean> {
    const rows = await outboxHead(this.db, config.id, this.opts.batchRows ?? 50);
    if (!rows.length) return false;
    const now = this.now();
    // The batch waits for its next try; nothing behind it may overtake it.
    if (rows[0].nextAt.getTime() > now.getTime()) return false;
    const batchIds = rows.map((r) => r.batchId);
    const items = await this.itemsOf(batchIds);
    const attempt = Math.max(...rows.map((r) => r.attempts)) + 1;
    const result = await sendBatch(config, items, { now, timeoutMs: this.opts.timeoutMs ?? 10_000, outbound: this.opts.outbound });
    const ids = rows.map((r) => r.id);
    const delay = result.status === PUSH_STATUS.success ? 0 : retryDelay(attempt, this.retry);
    await this.log(config, result, items.length, attempt, delay === null);
    if (result.status === PUSH_STATUS.success) {
      await outboxDelivered(this.db, ids, batchIds);
      this.release(batchIds);
      this.stats.delivered += items.length;
      return true;
    }
    this.stats.failed++;
    if (delay === null) {
      await outboxDead(this.db, ids, attempt);
      this.release(batchIds);
      this.stats.dead += items.length;
      return true;
    }
    await outboxRetry(this.db, ids, attempt, new Date(now.getTime() + delay));
    return false;
  }

  private log(config: PushConfigRecord, r: Attempt, items: number, attempt: number, final: boolean) {
    return logPushAttempt(this.db, { tenantId: config.tenantId, projectId: config.projectId, configId: config.id, at: this.now(), status: r.status, httpStatus: r.httpStatus, durationMs: r.durationMs, items, attempt, final, error: r.error, response: r.response });
  }
}
