import { fileURLToPath } from "node:url";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fork } from "node:child_process";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import type { SignalBus } from "../lib/coordination";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbHandle = {
  db: Db;
  close: () => Promise<void>;
  kind: "pglite" | "postgres";
  /** PGlite: the whole database as a tarball, which `openDb({ from })` starts another from. */
  dump?: () => Promise<Blob>;
  /** PostgreSQL: signals between the instances sharing the database (LISTEN/NOTIFY). */
  bus?: SignalBus;
};

/** The channel instances signal changes on (cache invalidation). */
const CHANNEL = "cloud_signals";
/** Two instances starting together: one applies the migrations, the other waits for it. */
const MIGRATION_LOCK = 0x10c0_0001;

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
    // The advisory lock lives on one connection: the migrations run on that same connection.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return { db, close: () => pool.end(), kind: "postgres", bus: pgBus(pool, opts.url) };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = opts.dataDir && opts.dataDir !== "memory" ? opts.dataDir : undefined;
  if (dir && !existsSync(join(dir, "PG_VERSION"))) await createDataDir(dir);
  const client = new PGlite({ dataDir: dir, loadDataDir: opts.from });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db, close: () => client.close(), kind: "pglite", dump: async () => (await client.dumpDataDir("none")) as Blob };
}

/**
 * A new PGlite database in `dir`, made by a process of its own. PGlite runs initdb in a second engine instance,
 * closed but left to the garbage collector: the process that ran it peaks at ≈ 950 MB and keeps ≈ 840 MB resident
 * until a major GC, which a server whose JavaScript heap hardly grows may not run for a long time; opening a database
 * that exists holds ≈ 390 MB. Made apart, a first start holds what every later start does (bench/README.md, Reports).
 */
function createDataDir(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const child = fork(fileURLToPath(new URL("./pglite-initdb.mjs", import.meta.url)), [dir], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`PGlite's initdb of ${dir} ended with ${signal ?? code}`))));
  });
}

/**
 * LISTEN on a connection of its own, opened again after it is lost (the server restarted, the
 * network dropped it), with `reconnected` called once it listens again: whatever was signalled
 * meanwhile was missed, so listeners read everything again.
 */
function pgBus(pool: import("pg").Pool, url: string): SignalBus {
  return {
    async notify(payload) {
      await pool.query("select pg_notify($1, $2)", [CHANNEL, payload]);
    },
    async listen(onPayload, reconnected) {
      const { Client } = await import("pg");
      let client: import("pg").Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (again: boolean): Promise<void> => {
        const c = new Client({ connectionString: url });
        c.on("notification", (n) => n.channel === CHANNEL && n.payload !== undefined && onPayload(n.payload));
        c.on("error", (err) => {
          console.warn("[db] signal connection lost:", err.message);
          lost(c);
        });
        c.on("end", () => lost(c));
        try {
          await c.connect();
          await c.query(`listen ${CHANNEL}`);
        } catch (err) {
          await c.end().catch(() => {});
          if (stopped) return;
          if (!again) throw err;
          retry = setTimeout(() => void connect(true), 1000);
          return;
        }
        if (stopped) return void (await c.end().catch(() => {}));
        client = c;
        if (again) reconnected();
      };
      const lost = (c: import("pg").Client) => {
        if (client !== c || stopped) return;
        client = null;
        retry = setTimeout(() => void connect(true), 200);
      };
      await connect(false);
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => {});
      };
    },
  };
}
