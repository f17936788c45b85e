import { fileURLToPath } from "node:url";
import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbHandle = {
  db: Db;
  close: () => Promise<void>;
  kind: "pglite" | "postgres";
  /** PGlite: the whole database as a tarball, which `openDb({ from })` starts another from. */
  dump?: () => Promise<Blob>;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Opens the database and applies the committed migrations.
 * `DATABASE_URL` → PostgreSQL through node-postgres; otherwise embedded PGlite, on disk under
 * `dataDir` or in memory when `dataDir` is "memory" (tests: one database per test file), starting
 * from a dump when given one (`from`: tests start from one migrated and seeded database).
 */
export async function openDb(opts: { url?: string; dataDir?: string; from?: Blob } = {}): Promise<DbHandle> {
  if (opts.url) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: opts.url, max: 10 });
    // An idle client cut off by the server (restart, failover, a dropped test database) must not
    // take the process down: the pool drops it and the next query opens a new connection.
    pool.on("error", (err) => console.warn("[db] idle connection lost:", err.message));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db, close: () => pool.end(), kind: "postgres" };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = opts.dataDir && opts.dataDir !== "memory" ? opts.dataDir : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const client = new PGlite({ dataDir: dir, loadDataDir: opts.from });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db, close: () => client.close(), kind: "pglite", dump: async () => (await client.dumpDataDir("none")) as Blob };
}
