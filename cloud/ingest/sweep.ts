import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf, type StatusChange } from "./writer";

/**
 * Marks offline every online device silent for longer than its product's active cycle, and logs
 * each change at the moment the device became overdue (its last report plus the cycle). Silence is
 * judged by the exact last-heard time (`device_heard`); the row's own time, which trails it by at
 * most a step and is indexed, picks the candidates. Going offline writes the exact time to the row.
 */
export async function sweepOffline(db: Db, now: Date): Promise<StatusChange[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db.execute(sql`with silent as (
      select d.id, greatest(d.last_report_time, h.at) as heard, make_interval(mins => p.active_cycle) as cycle
      from devices d join products p on p.id = d.product_id left join device_heard h on h.device_id = d.id
      where d.status = 2 and d.last_report_time < ${at} - make_interval(mins => p.active_cycle)
        and greatest(d.last_report_time, h.at) < ${at} - make_interval(mins => p.active_cycle)
    ), u as (
      update devices d set status = 3, last_report_time = s.heard
      from silent s where d.id = s.id and d.status = 2
      returning d.id, least(s.heard + s.cycle, ${at}) as at
    ), logged as (
      insert into device_status_log (device_id, status, at) select id, 3, at from u returning device_id, at
    ) select device_id as "deviceId", at from logged`);
  return rowsOf(rows).map((r) => ({ deviceId: Number(r.deviceId), status: 3, at: new Date(r.at as string) }));
}
