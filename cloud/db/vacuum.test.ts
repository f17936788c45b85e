import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestCloud, type TestCloud } from "../testing";
import { rowsOf } from "../ingest/writer";
import { vacuumHotTables } from "./vacuum";

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await createTestCloud();
});
afterAll(() => cloud.close());

const size = async () => Number(rowsOf(await cloud.db.execute(sql`select pg_total_relation_size('devices') as s`))[0].s);
/** What every ingest batch does to a device's row: its last report. */
const rewriteAll = () => cloud.db.execute(sql`update devices set last_report_time = now()`);

describe("vacuumHotTables", () => {
  it("keeps a table rewritten all day at its size, where it grew with every rewrite before", async () => {
    await vacuumHotTables(cloud.db);
    const start = await size();
    for (let i = 0; i < 40; i++) await rewriteAll();
    const without = (await size()) - start;
    expect(without).toBeGreaterThan(0);
    // The same rewrites with the upkeep between them reuse the space instead of adding to it.
    await vacuumHotTables(cloud.db);
    const again = await size();
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 5; i++) await rewriteAll();
      await vacuumHotTables(cloud.db);
    }
    expect((await size()) - again).toBeLessThan(without / 4);
  });
});
