import type { Db } from "../db/client";
import { accessEpoch } from "../db/schema";

/** Entries per kind beyond which the oldest go (a map keeps insertion order). */
const MAX_ENTRIES = 10_000;

type Entry = { epoch: number; value: unknown };

/**
 * What every request asks again — whose token this is, which menus and codes their roles open,
 * whether they may work in a project — kept per value of the database's access epoch (raised by
 * triggers on every change that can alter the answer: logout, password change, a disabled user
 * or tenant, a role's or menu's change, project membership). An entry computed under another
 * epoch is never used, so the answers stay exact; each request pays one small read instead of a
 * dozen queries. One cache per database, so test clouds and benches never share one.
 */
class AccessCache {
  private readonly kinds = new Map<string, Map<string, Entry>>();
  private seen = -1;

  async epoch(db: Db): Promise<number> {
    // The table has its one row: no parameter, so the statement is as cheap as it gets (PGlite's extended protocol costs per parameter).
    const [row] = await db.select({ n: accessEpoch.n }).from(accessEpoch);
    const n = row?.n ?? -1;
    // Older entries can never be used again: free them.
    if (n !== this.seen) {
      this.seen = n;
      for (const m of this.kinds.values()) for (const [k, e] of m) if (e.epoch !== n) m.delete(k);
    }
    return n;
  }

  /** The value of `key` under `epoch`, computed when missing; "none" answers (null) are not kept. */
  async get<T>(kind: string, key: string, epoch: number, compute: () => Promise<T>): Promise<T> {
    let m = this.kinds.get(kind);
    if (!m) this.kinds.set(kind, (m = new Map()));
    const hit = m.get(key);
    if (hit && hit.epoch === epoch) return hit.value as T;
    // The epoch was read before computing: a change meanwhile raises it, so this entry is never served after it.
    const value = await compute();
    // Kept only when found: a spray of made-up tokens must not push real sessions out.
    if (value === null || value === undefined) return value;
    m.delete(key);
    m.set(key, { epoch, value });
    if (m.size > MAX_ENTRIES) m.delete(m.keys().next().value!);
    return value;
  }
}

const caches = new WeakMap<Db, AccessCache>();

export function accessCache(db: Db): AccessCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new AccessCache()));
  return c;
}
