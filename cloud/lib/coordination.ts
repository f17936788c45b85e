import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { clusterJobs, clusterMarks } from "../db/schema";
import { rowsOf } from "../ingest/writer";

export type JobOptions = {
  /** Due as soon as the job is first registered in the cluster, else one period later. */
  atStart?: boolean;
  /**
   * How long a claim holds without renewal. The holder renews it while the job runs, so this only
   * bounds how soon another instance takes over a job whose instance died mid-run.
   */
  leaseMs?: number;
};

type Job = { name: string; everyMs: number; leaseMs: number; run: () => Promise<void> };
/** A long-held lease: started while this instance holds it, stopped when it loses it or closes. */
type Role = { name: string; leaseMs: number; start: () => Promise<{ close: () => Promise<void> }>; held?: Promise<{ close: () => Promise<void> } | null> };

/**
 * Cluster-wide signals (cache invalidation): on PostgreSQL `LISTEN`/`NOTIFY` on one connection
 * (`listen` gets every payload and, after a lost connection is back, `reconnected` — anything may
 * have been missed meanwhile); on PGlite (one instance) none is given and signals stay in-process.
 */
export type SignalBus = {
  notify: (payload: string) => Promise<void>;
  listen: (onPayload: (payload: string) => void, reconnected: () => void) => Promise<() => Promise<void>>;
};
/** A signal handler; `null`: everything may have changed (the bus reconnected), read it all again. */
export type SignalHandler = (payload: unknown) => void;

const DEFAULT_LEASE_MS = 15_000;
const DEFAULT_POLL_MS = 1000;

/**
 * Periodic work of the cloud, run once across any number of instances sharing one database.
 * Each job is a row of `cluster_jobs`; every instance polls, and one conditional update claims
 * the due jobs nobody holds. A job is due again one period after its run ends. Polling the
 * database (rather than trusting each process's own timer) is what makes a job fire once when
 * two instances run, and fire at all when the one that ran it last has died.
 */
export class Coordinator {
  readonly instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly jobs = new Map<string, Job>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly registered: Promise<unknown>[] = [];
  private poller?: NodeJS.Timeout;
  private ticking?: Promise<string[]>;
  private closed = false;
  private readonly roles = new Map<string, Role>();
  private readonly handlers = new Map<string, Set<SignalHandler>>();
  private unlisten?: Promise<() => Promise<void>>;

  constructor(
    private readonly db: Db,
    private readonly opts: { pollMs?: number; bus?: SignalBus } = {},
  ) {}

  /**
   * Runs `run` only if no other instance holds the lease `name`, holding it (renewed) while it
   * runs; answers whether it ran. For work that must not run twice at once (a push queue's sender).
   */
  async hold(name: string, run: () => Promise<void>, leaseMs = DEFAULT_LEASE_MS): Promise<boolean> {
    if (!(await this.take(name, leaseMs))) return false;
    const renew = setInterval(() => void this.take(name, leaseMs).catch(() => {}), leaseMs / 3);
    renew.unref();
    try {
      await run();
    } finally {
      clearInterval(renew);
      await this.release(name);
    }
    return true;
  }

  /**
   * A role one instance of the cluster plays at a time (the demo simulator): every poll, the
   * instance holding it renews it and the others try to take it; the one that takes it calls
   * `start`, and stops what it started when it loses the lease or closes.
   */
  role(name: string, start: Role["start"], leaseMs = DEFAULT_LEASE_MS) {
    if (this.roles.has(name)) throw new Error(`role "${name}" is registered twice`);
    this.roles.set(name, { name, leaseMs, start });
  }

  /**
   * Takes the occurrence `at` of the event `name` (a timer's run) for this instance: true for the
   * one instance whose mark moves it forward, false for any other (and for an earlier occurrence).
   */
  async once(name: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .insert(clusterMarks)
      .values({ name, at })
      .onConflictDoUpdate({ target: clusterMarks.name, set: { at }, setWhere: sql`${clusterMarks.at} < excluded.at` })
      .returning({ name: clusterMarks.name });
    return rows.length > 0;
  }

  /** Signals reach other instances (PostgreSQL); without a bus (PGlite) there is only this one. */
  get shared() {
    return !!this.opts.bus;
  }

  /** Tells every instance (this one included) that `topic` changed; `payload` says what (JSON). */
  async signal(topic: string, payload: unknown = null) {
    const text = JSON.stringify({ topic, payload });
    if (this.opts.bus) await this.opts.bus.notify(text);
    else queueMicrotask(() => this.deliver(text));
  }

  /** Listens to a topic's signals from every instance (see `SignalHandler` for `null`). */
  on(topic: string, handler: SignalHandler) {
    (this.handlers.get(topic) ?? this.handlers.set(topic, new Set()).get(topic)!).add(handler);
    if (this.opts.bus && !this.unlisten) this.unlisten = this.opts.bus.listen((p) => this.deliver(p), () => this.reconnected());
    return () => void this.handlers.get(topic)?.delete(handler);
  }

  /** Resolves once signals from other instances are being received. */
  async listening() {
    await this.unlisten;
  }

  private deliver(text: string) {
    let m: { topic: string; payload: unknown };
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    for (const h of this.handlers.get(m.topic) ?? []) this.safely(h, m.payload);
  }

  private reconnected() {
    for (const set of this.handlers.values()) for (const h of set) this.safely(h, null);
  }

  private safely(h: SignalHandler, payload: unknown) {
    try {
      h(payload);
    } catch (err) {
      console.error("[cluster] signal handler:", (err as Error).message);
    }
  }

  /** Takes or renews the lease `name` for this instance; false when another instance holds it. */
  private async take(name: string, leaseMs: number): Promise<boolean> {
    const until = sql`now() + ${leaseMs} * interval '1 millisecond'`;
    const rows = await this.db
      .insert(clusterJobs)
      .values({ name, dueAt: sql`'infinity'::timestamptz`, holder: this.instance, leasedUntil: until })
      .onConflictDoUpdate({
        target: clusterJobs.name,
        set: { holder: this.instance, leasedUntil: until },
        setWhere: sql`${clusterJobs.holder} is null or ${clusterJobs.holder} = ${this.instance} or ${clusterJobs.leasedUntil} < now()`,
      })
      .returning({ name: clusterJobs.name });
    return rows.length > 0;
  }

  private async release(name: string) {
    await this.db
      .update(clusterJobs)
      .set({ holder: null, leasedUntil: null })
      .where(and(eq(clusterJobs.name, name), eq(clusterJobs.holder, this.instance)))
      .catch((err) => console.error(`[cluster] releasing ${name}:`, (err as Error).message));
  }

  /** Each role: renewed (or taken) by this instance, started when taken, stopped when lost. */
  private async playRoles() {
    for (const role of this.roles.values()) {
      let mine = false;
      try {
        mine = await this.take(role.name, role.leaseMs);
      } catch (err) {
        console.error(`[cluster] role ${role.name}:`, (err as Error).message);
      }
      if (mine && !role.held) {
        role.held = role.start().catch((err) => {
          console.error(`[cluster] starting ${role.name}:`, (err as Error).message);
          return null;
        });
        // A start that failed is released: another instance (or the next poll) tries again.
        if (!(await role.held)) {
          role.held = undefined;
          await this.release(role.name);
        }
      } else if (!mine && role.held) await this.stopRole(role);
    }
  }

  private async stopRole(role: Role) {
    const held = await role.held;
    role.held = undefined;
    await held?.close().catch((err) => console.error(`[cluster] stopping ${role.name}:`, (err as Error).message));
  }

  /** Runs `run` every `everyMs` on one instance of the cluster at a time; answers the unregister. */
  every(name: string, everyMs: number, run: () => Promise<void>, o: JobOptions = {}): () => void {
    if (this.jobs.has(name)) throw new Error(`job "${name}" is registered twice`);
    this.jobs.set(name, { name, everyMs, leaseMs: o.leaseMs ?? DEFAULT_LEASE_MS, run });
    const due = o.atStart ? sql`now()` : sql`now() + ${everyMs} * interval '1 millisecond'`;
    this.registered.push(this.db.insert(clusterJobs).values({ name, dueAt: due }).onConflictDoNothing());
    return () => void this.jobs.delete(name);
  }

  /** Makes a job due now (new work arrived) and checks at once, instead of at the next poll. */
  async soon(name: string) {
    await this.db.update(clusterJobs).set({ dueAt: sql`now()` }).where(eq(clusterJobs.name, name));
    await this.tick();
  }

  /** Starts polling. Tests call `tick` instead. */
  start() {
    if (this.poller || this.closed) return this;
    this.poller = setInterval(() => void this.tick(), this.opts.pollMs ?? DEFAULT_POLL_MS);
    this.poller.unref();
    void this.tick();
    return this;
  }

  /** Claims the due jobs nobody holds and starts them; answers the names it started. Never throws. */
  tick(): Promise<string[]> {
    this.ticking ??= this.claimAndRun().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  /** Waits for the runs this instance has started. */
  async idle() {
    while (this.running.size) await Promise.all([...this.running.values()]);
  }

  /** Stops polling, waits for running jobs, stops the roles it plays and lets another instance take them at once. */
  async close() {
    this.closed = true;
    clearInterval(this.poller);
    await this.ticking;
    await this.idle();
    for (const role of this.roles.values())
      if (role.held) {
        await this.stopRole(role);
        await this.release(role.name);
      }
    this.handlers.clear();
    const unlisten = await this.unlisten?.catch(() => undefined);
    await unlisten?.();
  }

  private async claimAndRun(): Promise<string[]> {
    if (this.closed) return [];
    try {
      await Promise.all(this.registered.splice(0));
      await this.playRoles();
      const free = [...this.jobs.values()].filter((j) => !this.running.has(j.name));
      if (!free.length) return [];
      const leases = sql.join(
        free.map((j) => sql`(${j.name}::text, ${j.leaseMs}::int)`),
        sql`, `,
      );
      const claimed = await this.db.execute(sql`
        update ${clusterJobs} j set holder = ${this.instance}, leased_until = now() + v.lease * interval '1 millisecond'
        from (values ${leases}) as v(name, lease)
        where j.name = v.name and j.due_at <= now() and (j.leased_until is null or j.leased_until < now())
        returning j.name, now()::text as at`);
      const rows = rowsOf(claimed);
      const names = rows.map((r) => String(r.name));
      for (const r of rows) {
        const job = this.jobs.get(String(r.name));
        if (job) this.running.set(job.name, this.runOne(job, String(r.at)).finally(() => this.running.delete(job.name)));
      }
      return names;
    } catch (err) {
      if (!this.closed) console.error("[cluster] claiming jobs:", (err as Error).message);
      return [];
    }
  }

  /** `claimedAt`: the claim's time as the database wrote it (text: a JavaScript Date would drop its microseconds). */
  private async runOne(job: Job, claimedAt: string) {
    const mine = and(eq(clusterJobs.name, job.name), eq(clusterJobs.holder, this.instance));
    const lease = sql`now() + ${job.leaseMs} * interval '1 millisecond'`;
    // A long run keeps its claim; a dead instance stops renewing and the claim lapses.
    const renew = setInterval(() => void this.db.update(clusterJobs).set({ leasedUntil: lease }).where(mine).catch(() => {}), job.leaseMs / 3);
    renew.unref();
    let error: string | null = null;
    try {
      await job.run();
    } catch (err) {
      error = (err as Error).message ?? String(err);
      console.error(`[cluster] job ${job.name}:`, error);
    } finally {
      clearInterval(renew);
    }
    await this.db
      .update(clusterJobs)
      // Made due again (`soon`) while it ran: new work arrived that this run may have missed.
      .set({ dueAt: sql`case when ${clusterJobs.dueAt} > ${claimedAt}::timestamptz then now() else now() + ${job.everyMs} * interval '1 millisecond' end`, holder: null, leasedUntil: null, lastRunAt: sql`now()`, lastError: error })
      .where(mine)
      .catch((err) => console.error(`[cluster] job ${job.name} finished but could not be rescheduled:`, (err as Error).message));
  }
}
