import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { DbHandle } from "../db/client";
import { propId } from "../db/queries/telemetry-props";
import { rawPages } from "../db/queries/telemetry";
import { openTestDb, SETUP_MS } from "../testing";
import { ensurePartitions, packClosedPartitions, PACK_AFTER_MS } from "./partitions";
import { rowsOf } from "./writer";

/**
 * A closed month is packed once — its values moved into packed hours, its emptied index rebuilt full — and still
 * serves the readers (issue 41; every reader: cloud/db/queries/telemetry-raw.test.ts). On PGlite, and on
 * PostgreSQL with `npm run test:pg`.
 */
const MONTH = new Date("2026-01-01T00:00:00Z");
const NEXT = new Date("2026-02-01T00:00:00Z");

let handle: DbHandle;
const indexBytes = async () =>
  Number(rowsOf(await handle.db.execute(sql`select pg_relation_size(x.indexrelid)::float8 as n from pg_index x where x.indrelid = 'telemetry_y2026m01'::regclass`))[0].n);

describe("packClosedPartitions", () => {
  beforeAll(async () => {
    handle = await openTestDb();
    await ensurePartitions(handle.db, MONTH, NEXT);
    // 40 devices × 3 properties every 30 minutes for the month, written as the ingest writes them: every series at once.
    const ids = [await propId(handle.db, "temperature"), await propId(handle.db, "humidity"), await propId(handle.db, "battery")];
    await handle.db.execute(sql`insert into telemetry (ts, num, device_id, prop_id)
      select ${MONTH.toISOString()}::timestamptz + (k * interval '30 minutes'), d + k / 1000.0, d, p
      from generate_series(0, ${31 * 48 - 1}::int) k, generate_series(1, 40) d, unnest(${`{${ids.join(",")}}`}::int[]) p
      order by k, d, p`);
  }, SETUP_MS);
  afterAll(async () => handle?.close());

  it("leaves a month alone until it has been closed for a while, then packs it once", async () => {
    expect(await packClosedPartitions(handle.db, new Date(NEXT.getTime() + PACK_AFTER_MS - 1000))).toEqual([]);
    const before = await indexBytes();
    expect(await packClosedPartitions(handle.db, new Date(NEXT.getTime() + PACK_AFTER_MS + 1000))).toEqual(["telemetry_y2026m01"]);
    const after = await indexBytes();
    // The values moved into packed hours: the raw index is left a page or two.
    const values = 31 * 48 * 40 * 3;
    expect(after / values).toBeLessThan(1);
    expect(after).toBeLessThan(before * 0.85);
    // Done once: the next run finds it packed (February, still open then, is left alone).
    expect(await packClosedPartitions(handle.db, new Date(NEXT.getTime() + PACK_AFTER_MS + 3_600_000))).toEqual([]);
    // 40 devices × 31 days, a statement each: longer than a test's default on a loaded machine.
  }, SETUP_MS);

  it("keeps answering a series' values from the packed hours", async () => {
    const pages: number[][] = [];
    for await (const page of rawPages(handle.db, 17, "humidity", "2026-01-10T00:00:00Z", "2026-01-11T00:00:00Z")) pages.push(page.map((r) => r.value));
    const values = pages.flat();
    expect(values).toHaveLength(48);
    expect(values[0]).toBeCloseTo(17 + (9 * 48) / 1000, 9);
  });
});
