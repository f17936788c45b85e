import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { clusterJobs } from "../db/schema";
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

  constructor(
    private readonly db: Db,
    private readonly opts: { pollMs?: number } = {},
  ) {}

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

  /** Stops polling, waits for running jobs and lets another instance take the jobs at once. */
  async close() {
    this.closed = true;
    clearInterval(this.poller);
    await this.ticking;
    await this.idle();
  }

  private async claimAndRun(): Promise<string[]> {
    if (this.closed) return [];
    try {
      await Promise.all(this.registered.splice(0));
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
        returning j.name`);
      const names = rowsOf(claimed).map((r) => String(r.name));
      for (const name of names) {
        const job = this.jobs.get(name);
        if (job) this.running.set(name, this.runOne(job).finally(() => this.running.delete(name)));
      }
      return names;
    } catch (err) {
      if (!this.closed) console.error("[cluster] claiming jobs:", (err as Error).message);
      return [];
    }
  }

  private async runOne(job: Job) {
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
      .set({ dueAt: sql`now() + ${job.everyMs} * interval '1 millisecond'`, holder: null, leasedUntil: null, lastRunAt: sql`now()`, lastError: error })
      .where(mine)
      .catch((err) => console.error(`[cluster] job ${job.name} finished but could not be rescheduled:`, (err as Error).message));
  }
}
