import { sql } from "drizzle-orm";
import { OTA_DEVICE_STATUS as DS } from "@/lib/contract/ota/enums";
import type { Db } from "../db/client";
import type { Auth } from "../lib/context";
import { rowsOf } from "../ingest/writer";

/**
 * How long a rollout takes: the dry run's projection and the task page's time left are this one computation, so the two
 * never disagree on what sets the pace (the rate, or the cap on devices downloading at once).
 */

/** What a projection assumes a device downloads when the product has no past download to go by (bytes a second). */
export const ESTIMATED_SPEED = 50 * 1024;

/**
 * A rollout's pace and the minutes it takes: `queued` devices still to be offered at `rate` a minute with at most `cap`
 * downloading at once, a download holding its place `downloadS` seconds, and `underWay` devices already offered. The cap
 * lets `cap` devices start every `downloadS` seconds; the slower of the two sets the pace. Those under way finish within a
 * download's time (at least a minute: verifying, installing and restarting follow it). Minutes to a tenth; the download
 * time to a second (at least one).
 */
export function projectedPace(queued: number, rate: number, cap: number, downloadS: number, underWay = 0) {
  const seconds = Math.max(1, Math.round(downloadS));
  const capPerMin = Math.round(((cap * 60) / seconds) * 10) / 10;
  const perMin = Math.min(rate, (cap * 60) / seconds);
  const tail = underWay > 0 ? Math.max(1, seconds / 60) : 0;
  return { projectedMin: Math.round((queued / perMin + tail) * 10) / 10, downloadS: seconds, capPerMin, bound: perMin < rate ? ("cap" as const) : ("rate" as const) };
}

/**
 * How long a download of `fileSize` bytes of the product's takes: from the median speed of its last 200 upgrades that
 * succeeded (bytes served over the time from the offer to verifying, within the caller's tasks), or estimated at
 * `ESTIMATED_SPEED` when none did yet.
 */
export async function downloadTime(db: Db, auth: Pick<Auth, "isPlatform" | "tenantId">, productId: number, fileSize: number) {
  const mine = auth.isPlatform ? sql`true` : sql`t.tenant_id = ${auth.tenantId}`;
  const [row] = rowsOf(
    await db.execute(sql`
      select percentile_cont(0.5) within group (order by bytes / secs)::float8 speed from (
        select td.bytes_served::float8 bytes,
          extract(epoch from (select min(e.at) from ota_events e where e.task_device_id = td.id and e.phase = 'verifying') - td.notified_at)::float8 secs
        from ota_task_devices td join ota_tasks t on t.id = td.task_id join ota_packages p on p.id = t.package_id
        where p.product_id = ${productId} and ${mine} and td.status = ${DS.success} and td.bytes_served > 0 and td.notified_at is not null
        order by td.id desc limit 200) x
      where secs > 0`),
  );
  const speed = Number(row?.speed);
  const known = Number.isFinite(speed) && speed > 0;
  return { downloadS: fileSize / (known ? speed : ESTIMATED_SPEED), basis: known ? ("history" as const) : ("estimate" as const) };
}
