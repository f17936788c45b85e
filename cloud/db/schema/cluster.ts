import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per periodic job of the cloud: when it is due next and which instance holds it while it
 * runs. Instances claim a due job with one conditional update, so it runs once across the cluster;
 * a claim left by a dead instance lapses at `leased_until`. Leases (`Coordinator.hold`, `role`)
 * are rows of the same table that are never due.
 */
export const clusterJobs = pgTable("cluster_jobs", {
  name: text("name").primaryKey(),
  dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  holder: text("holder"),
  leasedUntil: timestamp("leased_until", { withTimezone: true }),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  lastError: text("last_error"),
});

/**
 * The latest occurrence of each named event the cluster has taken (`Coordinator.once`): a timer
 * run keyed by its scheduled time is taken by the first instance whose insert moves the mark.
 */
export const clusterMarks = pgTable("cluster_marks", {
  name: text("name").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull(),
});
