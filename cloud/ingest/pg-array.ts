/**
 * A PostgreSQL array literal (`{1,2,NULL}`), passed as one text parameter and cast in SQL. One
 * parameter per column whatever the batch size: a 10,000-row insert stays one statement, on both
 * node-postgres and PGlite, with no 65,535-parameter ceiling.
 */
export function pgArray(values: readonly (string | number | Date | null)[]): string {
  const parts = values.map((v) => {
    if (v === null) return "NULL";
    if (typeof v === "number") return Number.isFinite(v) ? String(v) : "NULL";
    const s = v instanceof Date ? v.toISOString() : v;
    return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  });
  return `{${parts.join(",")}}`;
}
