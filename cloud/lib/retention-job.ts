import type { Db } from "../db/client";
import { applyRetention } from "../db/queries/retention";
import type { Coordinator } from "./coordination";

export const RETENTION_JOB = "telemetry-retention";
const EVERY_MS = 3600_000;

/** Retention (cloud/db/queries/retention.ts) once an hour on one instance of the cluster, and at start. */
export function scheduleRetention(cluster: Coordinator, db: Db, now: () => Date = () => new Date()) {
  return cluster.every(
    RETENTION_JOB,
    EVERY_MS,
    async () => {
      const run = await applyRetention(db, now());
      if (run.dropped.length || run.foldedHours) console.log(`[cloud] retention: dropped ${run.dropped.join(", ") || "no partition"}, folded ${run.foldedHours} hourly rows into days`);
    },
    { atStart: true },
  );
}
