import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { pgArray } from "../ingest/pg-array";
import { rowsOf } from "../ingest/writer";

type Values = Record<string, unknown>;

/** A value as its column sends it, in the text an array literal holds. */
function driverValue(column: PgColumn, v: unknown): string | number | Date | null {
  if (v === undefined || v === null) return null;
  const out = column.mapToDriverValue(v);
  if (out === null || out === undefined) return null;
  if (typeof out === "string" || typeof out === "number" || out instanceof Date) return out;
  if (typeof out === "boolean" || typeof out === "bigint") return String(out);
  return JSON.stringify(out);
}

/**
 * New rows, by field name as `db.insert(table).values(rows)` takes them, in one statement per set
 * of given fields whatever the number of rows: each column's values travel as one array
 * parameter (`unnest`), so building the statement costs next to nothing, where drizzle's insert
 * builder spends about a quarter of a second on a thousand rows of a wide table. A field not given
 * (undefined) takes its column's default. Answers the new rows' keys in the order of `rows`.
 */
export async function insertMany(db: Db, table: PgTable, key: PgColumn, rows: readonly Values[]): Promise<number[]> {
  const columns = getTableColumns(table);
  const groups = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const sig = Object.keys(row)
      .filter((f) => columns[f] && row[f] !== undefined)
      .sort()
      .join(",");
    groups.set(sig, [...(groups.get(sig) ?? []), i]);
  });
  const keys: number[] = new Array(rows.length);
  for (const [sig, at] of groups) {
    const fields = sig ? sig.split(",") : [];
    const group = at.map((i) => rows[i]);
    let ids: number[];
    // unnest flattens an array column's arrays: such a table goes through drizzle's builder.
    if (!fields.length || fields.some((f) => columns[f].getSQLType().endsWith("]"))) {
      ids = (await db.insert(table).values(group).returning({ k: key })).map((r) => Number(r.k));
    } else {
      const cols = fields.map((f) => columns[f]);
      // Cast to the bare type: an explicit cast to varchar(20) would cut a longer value short, where the insert's own assignment refuses it.
      const arrays = cols.map((c, j) => sql`${pgArray(group.map((r) => driverValue(c, r[fields[j]])))}::${sql.raw(c.getSQLType().replace(/\(\s*\d+(\s*,\s*\d+)?\s*\)/g, ""))}[]`);
      const inserted = await db.execute(
        sql`insert into ${table} (${sql.join(cols.map((c) => sql.identifier(c.name)), sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)}) returning ${sql.identifier(key.name)} as k`,
      );
      ids = rowsOf(inserted).map((r) => Number(r.k));
    }
    at.forEach((i, n) => (keys[i] = ids[n]));
  }
  return keys;
}
