import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDb } from "./db/client";
import { DEMO_ACCOUNTS, seed } from "./seed";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file holding the run's migrated and seeded PGlite database (`setup` below). */
    seededDb?: string;
  }
}

/** The documented passwords, whatever *_PASSWORD variables the machine running the tests has. */
export const DOCUMENTED_PASSWORDS = Object.fromEntries(Object.entries(DEMO_ACCOUNTS).map(([name, a]) => [name, a.password])) as Record<keyof typeof DEMO_ACCOUNTS, string>;

/** A database as `seed` leaves it, with the documented passwords. */
export async function seededDb(from?: Blob) {
  const handle = await openDb({ dataDir: "memory", from });
  if (!from) await seed(handle.db, { passwords: DOCUMENTED_PASSWORDS });
  return handle;
}

/** The run's seeded database, for a test cloud to start from (undefined on PostgreSQL: each file migrates and seeds its own). */
export async function seededCopy(file: string | undefined) {
  return file ? new Blob([await readFile(file)]) : undefined;
}

/**
 * Vitest's global setup: migrates and seeds one PGlite database for the whole run and dumps it to a
 * file; each test cloud starts from that copy (`createTestCloud`), which takes a fraction of the
 * seconds migrating and seeding its own took every test file.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const handle = await seededDb();
  const dir = await mkdtemp(join(tmpdir(), "cloud-seed-"));
  const file = join(dir, "seeded.tar");
  await writeFile(file, Buffer.from(await (await handle.dump!()).arrayBuffer()));
  await handle.close();
  project.provide("seededDb", file);
  return () => rm(dir, { recursive: true, force: true });
}
