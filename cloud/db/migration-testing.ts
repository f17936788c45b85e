import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { sql } from "drizzle-orm";
import { throwawayDatabase } from "../testing";
import type { Db } from "./client";
import * as schema from "./schema";

/** The migrations folder. */
export const MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));

/** The migrations before `tag`, as a folder of their own (a database as an installation before it had it). */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), "mig-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify(journal));
  return dir;
}

/** An empty database to migrate by hand: in-memory PGlite, or a throwaway one on `TEST_DATABASE_URL`'s server. */
export type MigrationTarget = { run: (folder: string) => Promise<void>; exec: (q: ReturnType<typeof sql>) => Promise<unknown>; db: Db; close: () => Promise<void> };

export async function openMigrationTarget(): Promise<MigrationTarget> {
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
