import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf, type StatusChange } from "./writer";

/**
 * Marks offline every online device silent for longer than its product's active cycle, and logs
 * each change at the moment the device became overdue (its last report plus the cycle).
 */
export async function sweepOffline(db: Db, now: Date): Promise<StatusChange[]> {
  const rows = await db.execute(sql`with u as (
      update devices d set status = 3
      from products p
      where p.id = d.product_id and d.status = 2
        and d.last_report_time < ${now.toISOString()}::timestamptz - make_interval(mins => p.active_cycle)
      returning d.id, least(d.last_report_time + make_interval(mins => p.active_cycle), ${now.toISOString()}::timestamptz) as at
    ), logged as (
      insert into device_status_log (device_id, status, at) select id, 3, at from u returning device_id, at
    ) select device_id as "deviceId", at from logged`);
  return rowsOf(rows).map((r) => ({ deviceId: Number(r.deviceId), status: 3, at: new Date(r.at as string) }));
}
