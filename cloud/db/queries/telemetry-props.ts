import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { telemetry, telemetryProps } from "../schema";
import { pgArray } from "../../ingest/pg-array";
import { rowsOf } from "../../ingest/writer";

/**
 * Property ids of `telemetry` (issue 41): a value row carries `prop_id`, the identifier's row in
 * `telemetry_props`. Ids are never changed or removed, so each database's are kept in memory once
 * read; a new identifier is added in a statement of its own (committed before any value refers to
 * it, so a rolled-back batch leaves no id behind that the memory would still hold).
 */
const known = new WeakMap<object, Map<string, number>>();

/** The ids of `identifiers`, adding those not yet known. */
export async function propIds(db: Db, identifiers: Iterable<string>): Promise<Map<string, number>> {
  let ids = known.get(db);
  if (!ids) known.set(db, (ids = new Map()));
  const missing = [...new Set(identifiers)].filter((i) => !ids.has(i));
  if (missing.length) {
    // Two instances adding the same identifier: one inserts, both read the same id.
    await db.insert(telemetryProps).values(missing.map((identifier) => ({ identifier }))).onConflictDoNothing();
    const rows = rowsOf(await db.execute(sql`select id, identifier from ${telemetryProps} where identifier = any(${pgArray(missing)}::text[])`));
    for (const r of rows) ids.set(String(r.identifier), Number(r.id));
  }
  return ids;
}

/** The id of an identifier inside a statement (`null` when no value of it was ever stored): a reader's `t.prop_id = ${propIdOf(…)}`. */
export const propIdOf = (identifier: SQL | string) => sql`(select p.id from telemetry_props p where p.identifier = ${identifier})`;

/** A value as tests and bulk loads name it: by its identifier. */
export type NamedValue = { deviceId: number; identifier: string; ts: Date; num?: number | null; txt?: string | null };

/** Stores values named by identifier (tests, fixtures, imports); the ingest writer stores its batches itself. */
export async function insertTelemetry(db: Db, values: NamedValue[]) {
  if (!values.length) return;
  const ids = await propIds(db, values.map((v) => v.identifier));
  await db.insert(telemetry).values(values.map((v) => ({ deviceId: v.deviceId, propId: ids.get(v.identifier)!, ts: v.ts, num: v.num ?? null, txt: v.txt ?? null })));
}

/** One identifier's id, added if new: for statements that load values in bulk (tests, benches). */
export async function propId(db: Db, identifier: string): Promise<number> {
  return (await propIds(db, [identifier])).get(identifier)!;
}
