import type { Db } from "../db/client";
import type { Coordinator } from "../lib/coordination";
import type { Carriers } from "./carriers";
import { remindExpiring } from "./expiry";
import { syncAll } from "./sync";
import type { AlarmSink } from "./alarms";

/** Carriers report use a day late: a sync every few hours keeps status changes and the T+1 figure fresh without wasting calls. */
export const SYNC_EVERY_MS = 4 * 3600_000;
export const EXPIRY_EVERY_MS = 3600_000;

/** Registers the carrier sync and the expiry reminders with the cluster's jobs, so N instances run each once. */
export function scheduleSim(cluster: Coordinator, db: Db, carriers: Carriers, alarms?: AlarmSink) {
  // A full sync can take minutes at 5 calls a second: the lease is renewed while it runs. Each run ends with the pool and card alarm check.
  const sync = cluster.every("sim-sync", SYNC_EVERY_MS, () => syncAll(db, carriers, alarms), { atStart: true, leaseMs: 60_000 });
  const expiry = cluster.every("sim-expiry", EXPIRY_EVERY_MS, async () => void (await remindExpiring(db, new Date())), { atStart: true });
  return () => {
    sync();
    expiry();
  };
}
