import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, sql } from "drizzle-orm";
import { boolean, date, doublePrecision, integer, jsonb, pgTable, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import type { DbHandle } from "../db/client";
import { openTestDb } from "../testing";
import { insertMany } from "./insert-many";

const rows = pgTable("insert_many_rows", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 20 }).notNull(),
  kind: varchar("kind", { length: 8 }).notNull().default("plain"),
  tags: jsonb("tags").$type<string[]>().notNull().default([]),
  day: date("day"),
  at: timestamp("at", { withTimezone: true }),
  mb: doublePrecision("mb").notNull().default(0),
  n: integer("n"),
  on: boolean("on").notNull().default(false),
});

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
  await handle.db.execute(
    sql.raw(`create table insert_many_rows (id serial primary key, name varchar(20) not null, kind varchar(8) not null default 'plain', tags jsonb not null default '[]',
      day date, at timestamptz, mb double precision not null default 0, n integer, "on" boolean not null default false)`),
  );
});
afterAll(() => handle.close());

describe("insertMany", () => {
  it("writes every kind of value as drizzle's insert does, a field not given taking its default, and answers the keys in the order given", async () => {
    const at = new Date("2026-03-02T08:00:00.125Z");
    const given = [
      { name: `quo"te\\ 中文, {x}`, tags: ["a", 'b"c'], day: "2026-03-02", at, mb: 1.5, n: 7, on: true },
      { name: "defaults" },
      { name: "nulls", day: null, at: null, n: null, kind: "odd" },
      { name: "empty", tags: [], mb: 0 },
    ];
    const keys = await insertMany(handle.db, rows, rows.id, given);
    expect(keys).toHaveLength(4);
    const stored = await handle.db.select().from(rows).orderBy(asc(rows.id));
    const byKey = new Map(stored.map((r) => [r.id, r]));
    expect(keys.map((k) => byKey.get(k)!.name)).toEqual(given.map((g) => g.name));
    expect(byKey.get(keys[0])).toMatchObject({ tags: ["a", 'b"c'], day: "2026-03-02", at, mb: 1.5, n: 7, on: true, kind: "plain" });
    expect(byKey.get(keys[1])).toMatchObject({ kind: "plain", tags: [], day: null, at: null, mb: 0, n: null, on: false });
    expect(byKey.get(keys[2])).toMatchObject({ kind: "odd", day: null, at: null, n: null });
    expect(byKey.get(keys[3])).toMatchObject({ tags: [], mb: 0 });
  });

  it("writes a thousand rows in one go and refuses a value its column cannot hold, writing nothing", async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ name: `row ${i}`, n: i }));
    const keys = await insertMany(handle.db, rows, rows.id, many);
    expect(new Set(keys).size).toBe(1000);
    const [{ n }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(rows).where(sql`${rows.name} like 'row %'`);
    expect(n).toBe(1000);
    await expect(insertMany(handle.db, rows, rows.id, [{ name: "fine" }, { name: "x".repeat(21) }])).rejects.toThrow();
    expect((await handle.db.select().from(rows).where(sql`${rows.name} = 'fine'`)).length).toBe(0);
  });
});
