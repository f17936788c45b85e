import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per periodic job of the cloud: when it is due next and which instance holds it while it
 * runs. Instances claim a due job with one conditional update, so it runs once across the cluster;
 * a claim left by a dead instance lapses at `leased_until`.
 */
export const clusterJobs = pgTable("cluster_jobs", {
  name: text("name").primaryKey(),
  dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  holder: text("holder"),
  leasedUntil: timestamp("leased_until", { withTimezone: true }),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  lastError: text("last_error"),
});
