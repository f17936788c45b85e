import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { and, eq, sql } from "drizzle-orm";
import type { DbHandle } from "./db/client";
import { tenants, users } from "./db/schema";
import { DEMO_ACCOUNTS } from "./seed";
import { rowsOf } from "./ingest/writer";
import { createTestCloud, openTestDb, SETUP_MS, type TestCloud } from "./testing";

/**
 * The run's databases (`test-seed.ts`): every test cloud is a copy of one seeded database and every
 * `openTestDb` a copy of one migrated database, made once per run on PGlite and on PostgreSQL alike
 * (`npm run test:pg`), yet each test's own: what one changes the others never see.
 */
const journal = JSON.parse(readFileSync(fileURLToPath(new URL("./db/migrations/meta/_journal.json", import.meta.url)), "utf8")) as { entries: unknown[] };
const hashOf = async (cloud: TestCloud) => (await cloud.db.select({ hash: users.passwordHash }).from(users).where(and(eq(users.username, "demoadmin"), eq(users.tenantId, 2))))[0]?.hash;

describe("the run's seeded database", () => {
  let one: TestCloud;
  let two: TestCloud;
  beforeAll(async () => {
    one = await createTestCloud();
  }, SETUP_MS);
  beforeAll(async () => {
    two = await createTestCloud();
  }, SETUP_MS);
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it("is seeded once: two test clouds hold the same salted password hash", async () => {
    expect(await hashOf(one)).toMatch(/^scrypt\$/);
    expect(await hashOf(two)).toBe(await hashOf(one));
    expect(await one.login("demoadmin", DEMO_ACCOUNTS.demoadmin.password, 2)).toBeTruthy();
  });

  it("is copied: a change in one test cloud is not in another", async () => {
    await one.db.update(tenants).set({ name: "changed by one" }).where(eq(tenants.id, 2));
    expect((await two.db.select().from(tenants).where(eq(tenants.id, 2)))[0].name).not.toBe("changed by one");
  });

  it("is not used when a test asks for a seed of its own", async () => {
    const own = await createTestCloud({ seed: { passwords: { demoadmin: "Own-seed-9876" } } });
    try {
      expect(await hashOf(own)).not.toBe(await hashOf(one));
      expect(await own.login("demoadmin", "Own-seed-9876", 2)).toBeTruthy();
    } finally {
      await own.close();
    }
  }, SETUP_MS);
});

describe("the run's migrated database", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb();
  }, SETUP_MS);
  afterAll(() => handle?.close());

  it("has every migration applied and no seed", async () => {
    const [{ n }] = rowsOf(await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as { n: number }[];
    expect(n).toBe(journal.entries.length);
    expect(await handle.db.select().from(tenants)).toEqual([]);
  });
});
