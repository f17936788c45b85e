import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { rowsOf } from "../ingest/writer";
import { SETUP_MS } from "../testing";
import { MIGRATIONS, migrationsBefore, openMigrationTarget, type MigrationTarget } from "./migration-testing";
import { addDevices } from "../ingest/fixtures";
import { products, tenants } from "./schema";

/**
 * Migration 0059 (issue 41): `telemetry` made again with property ids, in its new column order —
 * values stored before it, in monthly partitions and in the default one, come through with their
 * identifiers, and the readers' index is there. Run on PGlite, and on PostgreSQL with `npm run test:pg`.
 */
const MIGRATION = "0059_telemetry-prop-ids";

describe("migration 0059: telemetry with property ids", () => {
  let t: MigrationTarget;
  let old: string;
  beforeAll(async () => {
    old = migrationsBefore(MIGRATION);
    t = await openMigrationTarget();
    await t.run(old);
  }, SETUP_MS);
  afterAll(async () => {
    await t?.close();
    rmSync(old, { recursive: true, force: true });
  });

  it("keeps every value stored before it, in partitions and in the default one, with its property", async () => {
    await t.exec(sql.raw(`create table "telemetry_y2026m01" (like telemetry including defaults)`));
    await t.exec(sql.raw(`alter table telemetry attach partition "telemetry_y2026m01" for values from ('2026-01-01T00:00:00Z') to ('2026-02-01T00:00:00Z')`));
    await t.exec(sql`insert into telemetry (device_id, identifier, ts, num, txt) values
      (1, 'temperature', '2026-01-05T10:00:00Z', 21.5, null),
      (1, 'humidity', '2026-01-05T10:00:00Z', 40, null),
      (2, 'points', '2026-01-06T00:00:00Z', null, '[{"depth":1}]'),
      (1, 'temperature', '2025-06-01T00:00:00Z', 19, null)`);
    const [tenant] = await t.db.insert(tenants).values({ name: "migration", code: "migration" }).returning();
    // A bare product: its functions' table has columns of later migrations (0063), which this database has not run yet.
    const [product] = await t.db.insert(products).values({ tenantId: tenant.id, prodName: "migration", prodCategory: "sensor", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret" }).returning({ id: products.id });
    const [device] = await addDevices(t.db, { tenantId: tenant.id, productId: product.id, count: 1 });
    await t.exec(sql`insert into telemetry_latest (device_id, identifier, ts, num) values (${device.id}, 'pressure', '2026-01-07T00:00:00Z', 1)`);

    await t.run(MIGRATIONS);

    const rows = rowsOf(
      await t.exec(sql`select t.tableoid::regclass::text as part, t.device_id, p.identifier, t.ts, t.num, t.txt
        from telemetry t join telemetry_props p on p.id = t.prop_id order by t.ts, p.identifier`),
    );
    expect(rows.map((r) => [r.part, r.device_id, r.identifier, new Date(r.ts as string).toISOString(), r.num, r.txt])).toEqual([
      ["telemetry_default", 1, "temperature", "2025-06-01T00:00:00.000Z", 19, null],
      ["telemetry_y2026m01", 1, "humidity", "2026-01-05T10:00:00.000Z", 40, null],
      ["telemetry_y2026m01", 1, "temperature", "2026-01-05T10:00:00.000Z", 21.5, null],
      ["telemetry_y2026m01", 2, "points", "2026-01-06T00:00:00.000Z", null, '[{"depth":1}]'],
    ]);
    // Identifiers known only from the latest values get their id too; the old tables are gone.
    expect(rowsOf(await t.exec(sql`select identifier from telemetry_props order by 1`)).map((r) => r.identifier)).toEqual(["humidity", "points", "pressure", "temperature"]);
    expect(rowsOf(await t.exec(sql`select count(*)::int as n from pg_class where relname like '%\\_old%' and relname like 'telemetry%'`))[0].n).toBe(0);
    // The new column order (storage order) and the readers' index on every partition.
    expect(rowsOf(await t.exec(sql`select attname from pg_attribute where attrelid = 'telemetry_y2026m01'::regclass and attnum > 0 and not attisdropped order by attnum`)).map((r) => r.attname)).toEqual(["ts", "num", "device_id", "prop_id", "txt"]);
    const indexed = rowsOf(await t.exec(sql`select tablename from pg_indexes where indexdef like '%(device_id, prop_id, ts DESC%' order by 1`)).map((r) => r.tablename);
    expect(indexed).toEqual(["telemetry", "telemetry_default", "telemetry_y2026m01"]);
  });
});
