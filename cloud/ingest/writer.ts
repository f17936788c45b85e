import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { pgArray } from "./pg-array";
import { propIds } from "../db/queries/telemetry-props";
import { upsertRollups } from "../db/queries/telemetry-hourly";
import { rowStepDue } from "../db/queries/device-heard";
import { rawValues } from "../db/queries/telemetry-raw";
import { ingestDeadLetters } from "../db/schema";
import { PerMinute } from "./per-minute";
import { storable } from "./storable";
import type { DeviceContext } from "./catalog";

/** One stored value. `num` for numbers (and bools as 0/1), `txt` for anything else. */
export type Point = { deviceId: number; identifier: string; ts: Date; num: number | null; txt: string | null };
export type Reject = {
  deviceId: number | null;
  at: Date;
  topic: string;
  identifier?: string | null;
  reason: string;
  detail?: string | null;
  /**
   * What the refusal quotes of the message: text, or a value as the device sent it, made text
   * (JSON, cut at 2,000 characters) only if the refusal is kept as a row — a device flooding junk
   * costs no text for the refusals that are only counted.
   */
  payload?: string | { value: unknown } | null;
  /** False once the device's limit of refusal rows is spent: it is counted only (set by the writer). */
  sampled?: boolean;
};
/** What one incoming message turned into: its values, its refusals, and the device it came from. */
export type Message = {
  topic?: string;
  points: Point[];
  rejects: Reject[];
  heard?: { deviceId: number; at: Date; battery?: number; signal?: number };
  /** Sent again by the broker (MQTT's DUP flag): it may already be stored. */
  redelivered?: boolean;
  /** The device its values belong to, as the ingest read it: handed on with the batch (`Flushed.devices`). */
  device?: DeviceContext;
};
export type StatusChange = { deviceId: number; status: number; at: Date };
/** A committed batch: its values with the contexts of their devices (those the messages carried), refusals and devices come online. */
export type Flushed = { points: Point[]; devices: Map<number, DeviceContext>; rejects: Reject[]; online: StatusChange[] };
/** Told once the batch holding a message is committed (null), or that not even its dead letter could be written. */
export type Committed = (err: Error | null) => void;
/** A queued message, with when it arrived (ms). */
type Entry = { m: Message; committed?: Committed; at: number };

export type WriterOptions = {
  /** Values per batch before it is written at once. */
  maxBatch?: number;
  /** How long a partial batch waits for company. */
  flushMs?: number;
  /** Queued values beyond which `push` makes the sender wait (back-pressure). */
  highWater?: number;
  /** Tries of a batch while the database is away before it is dead-lettered. */
  maxAttempts?: number;
  /** First pause between tries, doubled each time (at most 5 s). */
  retryMs?: number;
  /** Called after each committed batch; a promise it answers holds back the batch's acknowledgements (`committed`) until it settles. */
  onFlushed?: (f: Flushed) => void | Promise<unknown>;
  /**
   * Called after each written batch with the rows it rewrote in the hot tables (latest values, both
   * roll-ups, last-heard); the next batch waits for a promise it answers. PGlite's vacuum, paced by
   * the rows written (`RowPacedVacuum`): its one connection serves one or the other anyway.
   */
  upkeep?: (rows: number) => Promise<unknown> | undefined;
};

const REJECT_PAYLOAD_MAX = 2000;
const DEAD_LETTER_ROWS = 1000;
/** Refusal rows kept per device and minute: a device flooding junk leaves samples, not millions of rows; all are counted. */
const REJECT_SAMPLES = 60;
/** Log lines per device and minute: one device's trouble cannot flood the log. */
const LOG_LINES = 5;

/** The text a refusal quotes. */
const quoted = (payload: Reject["payload"]): string | null => {
  if (payload == null || typeof payload === "string") return payload ?? null;
  return JSON.stringify(payload.value)?.slice(0, REJECT_PAYLOAD_MAX) ?? null;
};

/** A refusal as the database always takes it (see `storable`), the columns' lengths kept. */
const storableReject = (r: Reject): Reject & { payload?: string | null } => ({
  ...r,
  topic: storable(r.topic, 200),
  identifier: r.identifier == null ? null : storable(r.identifier, 64),
  reason: storable(r.reason, 64),
  detail: r.detail == null ? null : storable(r.detail, 500),
  payload: r.payload == null ? null : storable(quoted(r.payload) ?? "", REJECT_PAYLOAD_MAX),
});
const storablePoint = (p: Point): Point => (p.txt === null ? p : { ...p, txt: storable(p.txt) });
/**
 * Refusals counted per device and reason here, not in SQL: a device flooding junk sends one row per
 * reason with a batch, not a row per refusal (thousands, each through the statement's arrays).
 */
function tally(rejects: Reject[]) {
  type Count = { deviceId: number | null; reason: string; count: number; unsampled: number; lastAt: Date };
  // Per device, per reason as the column takes it (a few distinct ones): two that come out the same share a row.
  const counts = new Map<number | null, Map<string, Count>>();
  const reasons = new Map<string, string>();
  for (const r of rejects) {
    let reason = reasons.get(r.reason);
    if (reason === undefined) reasons.set(r.reason, (reason = storable(r.reason, 64)));
    let device = counts.get(r.deviceId);
    if (!device) counts.set(r.deviceId, (device = new Map()));
    const c = device.get(reason);
    if (!c) device.set(reason, { deviceId: r.deviceId, reason, count: 1, unsampled: r.sampled === false ? 1 : 0, lastAt: r.at });
    else {
      c.count++;
      if (r.sampled === false) c.unsampled++;
      if (r.at > c.lastAt) c.lastAt = r.at;
    }
  }
  return [...counts.values()].flatMap((device) => [...device.values()]);
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity): retrying the same rows cannot help. */
const isRowProblem = (err: unknown) => {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^2[23]/.test(code)) return true;
  }
  return false;
};
/** The database's own words: drivers and drizzle wrap them as the cause of their own error. */
const errorText = (err: unknown) => {
  let e: unknown = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
};

/**
 * Writes messages in batches, one transaction and one multi-row statement per table per batch,
 * batches strictly one after another in arrival order. Counts every value it stored, refused or
 * dead-lettered, so `stored + rejected + deadLettered` always equals what was pushed once `drain()` resolves.
 * A batch's senders are told together once it is committed (group commit): what a transport
 * acknowledges then survives a crash.
 */
export class BatchWriter {
  private queue: Entry[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The batch being written and acknowledged: one at a time, in arrival order. */
  private running: Promise<void> | null = null;
  /** When the last batch was committed: the next one may gather company for a flush interval from then. */
  private freeAt = 0;
  private waiters: (() => void)[] = [];
  private drainers: (() => void)[] = [];
  /** `rejected` counts every refusal, `unsampled` those of them kept as a count only. */
  readonly stats = { stored: 0, rejected: 0, unsampled: 0, deadLettered: 0, batches: 0, failures: 0 };
  private readonly samples = new PerMinute<number | null>(REJECT_SAMPLES);
  private readonly logLines = new PerMinute<number | null>(LOG_LINES);
  private readonly maxBatch: number;
  private readonly flushMs: number;
  private readonly highWater: number;
  private readonly maxAttempts: number;
  private readonly retryMs: number;
  /** What the last batch's listeners must finish before it is acknowledged (`onFlushed`'s promise). */
  private after: Promise<unknown> | null = null;
  /** Hot-table rows rewritten by the batches since `upkeep` was last told. */
  private rewritten = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: WriterOptions = {},
  ) {
    this.maxBatch = opts.maxBatch ?? 20_000;
    this.flushMs = opts.flushMs ?? 50;
    this.highWater = opts.highWater ?? 40_000;
    this.maxAttempts = opts.maxAttempts ?? 8;
    this.retryMs = opts.retryMs ?? 200;
  }

  /**
   * Queues a message; `committed` is called once its batch is in the database. Resolves at once
   * unless the queue is over its high-water mark.
   */
  push(m: Message, committed?: Committed): Promise<void> | undefined {
    // Decided once here, not at each try of the batch.
    for (const r of m.rejects) r.sampled = this.samples.take(r.deviceId, r.at.getTime()) >= 0;
    this.queue.push({ m, committed, at: Date.now() });
    this.queued += m.points.length + m.rejects.length + 1;
    this.schedule();
    if (this.queued < this.highWater) return undefined;
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Resolves when everything pushed so far is written. */
  drain(): Promise<void> {
    if (!this.queue.length && !this.running) return Promise.resolve();
    const drained = new Promise<void>((resolve) => this.drainers.push(resolve));
    this.schedule();
    return drained;
  }

  /**
   * Group commit. While a batch is written and acknowledged the next one gathers in the queue; it
   * is written as soon as it is full (or someone waits for `drain`), otherwise once `flushMs` has
   * passed since its oldest message arrived or since the last commit, whichever is later. So under
   * load the messages that arrive around a commit — the devices that were just acknowledged send
   * their next ones — go out as one batch instead of a small batch right after the commit and
   * another behind it, each paying the tables' fixed cost (roll-ups, latest values and device rows
   * rewritten per batch); and no message waits for company longer than one flush interval once
   * the writer could take it, so a device that sends now and then is acknowledged within
   * `flushMs` plus one write, as before.
   */
  private schedule() {
    if (this.running || !this.queue.length) return;
    if (this.queued >= this.maxBatch || this.drainers.length) return this.start();
    if (this.timer) return;
    const due = Math.max(this.freeAt, this.queue[0].at) + this.flushMs;
    this.timer = setTimeout(() => this.start(), Math.max(0, due - Date.now()));
  }

  private start() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running || !this.queue.length) return;
    this.running = this.writeNext().finally(() => {
      this.running = null;
      this.freeAt = Date.now();
      if (!this.queue.length) for (const d of this.drainers.splice(0)) d();
      this.schedule();
    });
  }

  /** Writes the queue's next batch (at most `maxBatch` values' worth), then tells its senders. */
  private async writeNext() {
    let size = 0;
    let n = 0;
    while (n < this.queue.length && size < this.maxBatch) {
      const { m } = this.queue[n++];
      size += m.points.length + m.rejects.length + 1;
    }
    // One splice per batch: shifting a long queue message by message costs quadratic time.
    const entries = this.queue.splice(0, n);
    this.queued -= size;
    const lost = new Set(await this.writeSafely(entries.map((e) => e.m)));
    const after = this.after;
    this.after = null;
    const settle = () => {
      for (const e of entries) e.committed?.(lost.has(e.m) ? new Error("not stored: the database is unavailable") : null);
    };
    if (after) void after.then(settle, settle);
    else settle();
    if (this.queued < this.highWater) for (const w of this.waiters.splice(0)) w();
    const rows = this.rewritten;
    this.rewritten = 0;
    // The values are stored and acknowledged: upkeep that fails is told, never the senders.
    if (rows && this.opts.upkeep) await this.opts.upkeep(rows)?.catch((err) => console.error("[ingest] upkeep after a batch failed:", errorText(err)));
  }

  /**
   * A batch a value spoils (one the checks let through but the database refuses, e.g. of a device
   * deleted meanwhile) is written again in halves until the spoiling messages stand alone, those
   * kept as refusals: a few more statements, not one per message of a 20,000-value batch. A
   * database that is away is retried `maxAttempts` times. What still cannot be stored is
   * dead-lettered: never retried for ever. Resolves with the messages not even that could keep.
   */
  private writeSafely(batch: Message[]): Promise<Message[]> {
    return this.attempt(batch, async (err) => {
      if (batch.length > 1) {
        const half = batch.length >> 1;
        return [...(await this.writeSafely(batch.slice(0, half))), ...(await this.writeSafely(batch.slice(half)))];
      }
      const [m] = batch;
      if (!m.points.length) return this.deadLetter(batch, err, 1);
      const detail = errorText(err).slice(0, 500);
      const rejects = [...m.rejects, ...m.points.map((p) => ({ deviceId: p.deviceId, at: p.ts, topic: m.topic ?? "", identifier: p.identifier, reason: "storeFailed", detail }))];
      // Refusals the database refuses too (the device is gone): the original values go to the dead letters.
      return this.attempt([{ topic: m.topic, points: [], rejects, heard: m.heard }], (again) => this.deadLetter(batch, again, 1), batch);
    });
  }

  /** Writes `batch`, retrying a database that is away; `onRowProblem` decides what a refused row means. */
  private async attempt(batch: Message[], onRowProblem: (err: unknown) => Promise<Message[]>, original = batch): Promise<Message[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.write(batch);
        return [];
      } catch (err) {
        this.stats.failures++;
        if (isRowProblem(err)) return onRowProblem(err);
        if (attempt >= this.maxAttempts) return this.deadLetter(original, err, attempt);
        console.error(`[ingest] writing a batch failed (attempt ${attempt} of ${this.maxAttempts}), retrying:`, errorText(err));
        await new Promise((r) => setTimeout(r, Math.min(5000, this.retryMs * 2 ** (attempt - 1))));
      }
    }
  }

  /**
   * Keeps what could not be stored in `ingest_dead_letters` (no keys there to break), counted so
   * `stored + rejected + deadLettered` still equals what was pushed; when even that fails the
   * values go to the log whole, so an operator can replay them, and the messages are answered as lost.
   */
  private async deadLetter(batch: Message[], err: unknown, attempts: number): Promise<Message[]> {
    const error = storable(errorText(err), 500);
    const rows = batch.map((m) => ({
      topic: storable(m.topic ?? "", 200),
      deviceId: m.points[0]?.deviceId ?? m.rejects.find((r) => r.deviceId != null)?.deviceId ?? m.heard?.deviceId ?? null,
      values: m.points.length + m.rejects.length,
      points: m.points.map(storablePoint),
      rejects: m.rejects.map(storableReject),
      error,
      attempts,
    }));
    const values = rows.reduce((n, r) => n + r.values, 0);
    this.stats.deadLettered += values;
    try {
      // A bounded number of rows per statement: a whole batch of messages would pass the parameter limit.
      for (let i = 0; i < rows.length; i += DEAD_LETTER_ROWS) await this.db.insert(ingestDeadLetters).values(rows.slice(i, i + DEAD_LETTER_ROWS));
      this.log(rows[0].deviceId, `${values} values dead-lettered in ingest_dead_letters after ${attempts} attempt(s):`, error);
      return [];
    } catch (again) {
      this.log(rows[0].deviceId, `dead letter not stored (${errorText(again)}); its values:`, JSON.stringify(rows));
      return batch;
    }
  }

  /** A line about one device's messages, within its per-minute share of the log. */
  private log(deviceId: number | null, text: string, detail: string) {
    const over = this.logLines.take(deviceId, Date.now());
    if (over >= 0) console.error(`[ingest] ${text}`, detail, ...(over ? [`(${over} more such lines about device ${deviceId} left out)`] : []));
  }

  private async write(batch: Message[]) {
    const points = batch.flatMap((m) => m.points);
    const rejects = batch.flatMap((m) => m.rejects);
    // Devices with a message sent again in this batch: their values are checked against those stored.
    const redelivered = new Set(batch.flatMap((m) => (m.redelivered ? m.points.map((p) => p.deviceId) : [])));
    const rows = rejects.filter((r) => r.sampled !== false).map(storableReject);
    const texts = points.map((p) => (p.txt === null ? null : storable(p.txt)));
    // Newest value per device and property: one upsert row each (a statement may not touch a row twice).
    const latest = new Map<string, Point>();
    for (const p of points) {
      const k = `${p.deviceId}\u0000${p.identifier}`;
      const cur = latest.get(k);
      if (!cur || cur.ts <= p.ts) latest.set(k, p);
    }
    const heard = new Map<number, NonNullable<Message["heard"]>>();
    for (const m of batch) {
      if (!m.heard) continue;
      const cur = heard.get(m.heard.deviceId);
      // The latest time; a battery or signal reading from the latest message that had one.
      heard.set(m.heard.deviceId, {
        deviceId: m.heard.deviceId,
        at: cur && cur.at > m.heard.at ? cur.at : m.heard.at,
        battery: m.heard.battery ?? cur?.battery,
        signal: m.heard.signal ?? cur?.signal,
      });
    }
    let online: StatusChange[] = [];
    // Property ids before the transaction: a new identifier's row is committed before any value names it.
    const props = points.length ? await propIds(this.db, points.map((p) => p.identifier)) : null;
    await this.db.transaction(async (tx) => {
      if (points.length && props) {
        // The values and their roll-ups (10 minutes, hours) in one statement: the arrays travel once.
        await tx.execute(sql`with v as (
            select * from unnest(${pgArray(points.map((p) => p.deviceId))}::int[], ${pgArray(points.map((p) => p.identifier))}::varchar[],
              ${pgArray(points.map((p) => props.get(p.identifier)!))}::int[],
              ${pgArray(points.map((p) => p.ts))}::timestamptz[], ${pgArray(points.map((p) => p.num))}::float8[], ${pgArray(texts)}::text[])
              as v(device_id, identifier, prop_id, ts, num, txt)
          ), stored as (insert into telemetry (ts, num, device_id, prop_id, txt) select ts, num, device_id, prop_id, txt from v
            -- A message the broker sent again (an instance died between storing and acknowledging it) adds only what is not stored yet.
            ${redelivered.size ? sql`where not (${pgArray([...redelivered])}::int[] @> array[v.device_id] and exists (select 1 from (${rawValues({ device: sql`v.device_id`, propId: sql`v.prop_id`, from: sql`v.ts`, to: sql`v.ts`, through: true })}) t))` : sql``}
            ${redelivered.size ? sql`returning device_id, prop_id, ts, num` : sql``}),
          ${upsertRollups(redelivered.size ? sql`select s.device_id, p.identifier, s.ts, s.num from stored s join telemetry_props p on p.id = s.prop_id` : sql`select device_id, identifier, ts, num from v`)}`);
        const l = [...latest.values()];
        await tx.execute(sql`insert into telemetry_latest (device_id, identifier, ts, num, txt)
          select * from unnest(${pgArray(l.map((p) => p.deviceId))}::int[], ${pgArray(l.map((p) => p.identifier))}::varchar[],
            ${pgArray(l.map((p) => p.ts))}::timestamptz[], ${pgArray(l.map((p) => p.num))}::float8[], ${pgArray(l.map((p) => (p.txt === null ? null : storable(p.txt))))}::text[])
          on conflict (device_id, identifier) do update set ts = excluded.ts, num = excluded.num, txt = excluded.txt
          where telemetry_latest.ts <= excluded.ts`);
      }
      if (rows.length) {
        await tx.execute(sql`insert into device_rejects (device_id, at, topic, identifier, reason, detail, payload)
          select * from unnest(${pgArray(rows.map((r) => r.deviceId))}::int[], ${pgArray(rows.map((r) => r.at))}::timestamptz[],
            ${pgArray(rows.map((r) => r.topic))}::varchar[], ${pgArray(rows.map((r) => r.identifier ?? null))}::varchar[],
            ${pgArray(rows.map((r) => r.reason))}::varchar[], ${pgArray(rows.map((r) => r.detail ?? null))}::varchar[],
            ${pgArray(rows.map((r) => r.payload ?? null))}::text[])`);
      }
      if (rejects.length) {
        const t = tally(rejects);
        await tx.execute(sql`insert into device_reject_counts (device_id, reason, count, unsampled, last_at)
          select * from unnest(${pgArray(t.map((r) => r.deviceId))}::int[], ${pgArray(t.map((r) => r.reason))}::varchar[],
            ${pgArray(t.map((r) => r.count))}::bigint[], ${pgArray(t.map((r) => r.unsampled))}::bigint[], ${pgArray(t.map((r) => r.lastAt))}::timestamptz[])
          on conflict (device_id, reason) do update set count = device_reject_counts.count + excluded.count,
            unsampled = device_reject_counts.unsampled + excluded.unsampled, last_at = greatest(device_reject_counts.last_at, excluded.last_at)`);
      }
      if (heard.size) {
        const h = [...heard.values()];
        // The exact time, battery and signal go to the narrow `device_heard` (rewritten on its page, no
        // vacuum needed); the device's own row, whose time is indexed, only when the device comes online
        // or its time crosses a step (issue 41). The self-join reads each row as it was before this
        // update: the old status tells who came online.
        const rows = await tx.execute(sql`with v as (
            select * from unnest(${pgArray(h.map((x) => x.deviceId))}::int[], ${pgArray(h.map((x) => x.at))}::timestamptz[],
              ${pgArray(h.map((x) => x.battery ?? null))}::float8[], ${pgArray(h.map((x) => x.signal ?? null))}::float8[]) as v(id, at, battery, signal)
          ), heard as (
            insert into device_heard as h (device_id, at, battery, signal) select id, at, battery, signal from v
            on conflict (device_id) do update set at = greatest(h.at, excluded.at), battery = coalesce(excluded.battery, h.battery), signal = coalesce(excluded.signal, h.signal)
            where h.at < excluded.at or h.battery is distinct from coalesce(excluded.battery, h.battery) or h.signal is distinct from coalesce(excluded.signal, h.signal)
          ), u as (
            update devices d set status = 2, last_report_time = greatest(d.last_report_time, v.at), active_time = coalesce(d.active_time, v.at),
              battery = coalesce(v.battery, d.battery), signal = coalesce(v.signal, d.signal)
            from v, devices old where d.id = v.id and old.id = d.id
              and (d.status <> 2 or d.last_report_time is null or ${rowStepDue(sql`d.id`, sql`d.last_report_time`, sql`v.at`)})
            returning d.id, old.status as prev, v.at
          ), logged as (
            insert into device_status_log (device_id, status, at) select id, 2, at from u where prev <> 2 returning device_id, at
          ) select device_id as "deviceId", at from logged`);
        online = (rowsOf(rows) as { deviceId: number; at: Date | string }[]).map((r) => ({ deviceId: r.deviceId, status: 2, at: new Date(r.at) }));
      }
    });
    // Each newest value rewrites its latest row and its 10-minute and hourly buckets' rows.
    this.rewritten += 3 * latest.size + heard.size;
    this.stats.stored += points.length;
    this.stats.rejected += rejects.length;
    this.stats.unsampled += rejects.length - rows.length;
    this.stats.batches++;
    const contexts = new Map<number, DeviceContext>();
    for (const m of batch) if (m.device && m.points.length) contexts.set(m.device.id, m.device);
    const after = this.opts.onFlushed?.({ points, devices: contexts, rejects, online });
    if (after) this.after = after;
  }
}

/** node-postgres answers `{ rows }`, PGlite too; drizzle passes either through. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);
}
