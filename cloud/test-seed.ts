import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDb, type DbHandle } from "./db/client";
import { DEMO_ACCOUNTS, seed } from "./seed";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file holding the run's migrated and seeded PGlite database (`setup` below). */
    seededDb?: string;
    /** The file holding the run's migrated PGlite database, not seeded. */
    migratedDb?: string;
    /** With `TEST_DATABASE_URL`: the run's template databases on that server, migrated, and migrated and seeded. */
    pgTemplates?: { migrated: string; seeded: string };
  }
}

/** The documented passwords, whatever *_PASSWORD variables the machine running the tests has. */
export const DOCUMENTED_PASSWORDS = Object.fromEntries(Object.entries(DEMO_ACCOUNTS).map(([name, a]) => [name, a.password])) as Record<keyof typeof DEMO_ACCOUNTS, string>;

/** One of the run's PGlite databases (`setup` below), for a test to start from (undefined on PostgreSQL). */
export async function seededCopy(file: string | undefined) {
  return file ? new Blob([await readFile(file)]) : undefined;
}

/**
 * A fresh database on the PostgreSQL server `server` (as `npm run test:pg` starts one), empty or a copy of
 * `template`: its name, URL, and the drop that removes it (connections closed by force).
 */
export async function throwawayDatabase(server: string, prefix = "test", template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const { Client } = await import("pg");
  const name = `${prefix}_${process.pid}_${randomBytes(6).toString("hex")}`;
  const query = async (q: string) => {
    const c = new Client({ connectionString: server });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await query(`create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => query(`drop database if exists ${name} with (force)`) };
}

/**
 * On PostgreSQL: two template databases for the run, one migrated and a copy of it seeded; each test file's
 * database is a copy the server makes of one (`create database … template`), not migrated and seeded again.
 */
async function pgTemplates(server: string) {
  const migrated = await throwawayDatabase(server, "tmpl_migrated");
  await (await openDb({ url: migrated.url })).close();
  const seeded = await throwawayDatabase(server, "tmpl_seeded", migrated.name);
  const handle = await openDb({ url: seeded.url });
  await seed(handle.db, { passwords: DOCUMENTED_PASSWORDS });
  await handle.close();
  return { names: { migrated: migrated.name, seeded: seeded.name }, drop: () => Promise.all([seeded.drop(), migrated.drop()]) };
}

/**
 * Vitest's global setup: migrates and seeds one database for the whole run, which each test cloud starts from
 * (`createTestCloud`) instead of migrating and seeding its own every test file; `openTestDb` starts from the
 * migrated state. PGlite's are dumped to files; on PostgreSQL (`TEST_DATABASE_URL`) they are template databases.
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const templates = await pgTemplates(server);
    project.provide("pgTemplates", templates.names);
    return async () => void (await templates.drop());
  }
  const dir = await mkdtemp(join(tmpdir(), "cloud-seed-"));
  const dump = async (handle: DbHandle, name: string) => {
    const file = join(dir, name);
    await writeFile(file, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    return file;
  };
  const handle = await openDb({ dataDir: "memory" });
  project.provide("migratedDb", await dump(handle, "migrated.tar"));
  await seed(handle.db, { passwords: DOCUMENTED_PASSWORDS });
  project.provide("seededDb", await dump(handle, "seeded.tar"));
  await handle.close();
  return () => rm(dir, { recursive: true, force: true });
}
