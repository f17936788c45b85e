import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { rowsOf } from "../ingest/writer";
import { SETUP_MS, throwawayDatabase } from "../testing";
import { addDevices } from "../ingest/fixtures";
import type { Db } from "./client";
import * as schema from "./schema";
import { products, tenants } from "./schema";

/**
 * Migration 0059 (issue 41): `telemetry` made again with property ids, in its new column order —
 * values stored before it, in monthly partitions and in the default one, come through with their
 * identifiers, and the readers' index is there. Run on PGlite, and on PostgreSQL with `npm run test:pg`.
 */
const MIGRATION = "0059_telemetry-prop-ids";
const folder = fileURLToPath(new URL("./migrations", import.meta.url));

type Exec = (q: ReturnType<typeof sql>) => Promise<unknown>;
type Target = { run: (folder: string) => Promise<void>; exec: Exec; db: Db; close: () => Promise<void> };

/** The migrations up to the one before 0059, as a folder of their own. */
function before(): string {
  const dir = mkdtempSync(join(tmpdir(), "mig-"));
  cpSync(folder, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === MIGRATION);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify(journal));
  return dir;
}

async function open(): Promise<Target> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = new PGlite();
    const db = drizzle(client, { schema });
    return { run: (f) => migrate(db, { migrationsFolder: f }), exec: (q) => db.execute(q), db: db as unknown as Db, close: () => client.close() };
  }
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const fresh = await throwawayDatabase(server, "mig");
  const pool = new Pool({ connectionString: fresh.url, max: 2 });
  const db = drizzle(pool, { schema });
  return {
    run: (f) => migrate(db, { migrationsFolder: f }),
    exec: (q) => db.execute(q),
    db: db as unknown as Db,
    async close() {
      await pool.end();
      await fresh.drop();
    },
  };
}

describe("migration 0059: telemetry with property ids", () => {
  let t: Target;
  let old: string;
  beforeAll(async () => {
    old = before();
    t = await open();
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

    await t.run(folder);

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
