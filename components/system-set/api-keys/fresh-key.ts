import type { ApiKeyCreated } from "@/lib/contract/system/api-key";

/**
 * The key just made: kept in memory only (never the URL, never storage), shown once by
 * `NewKeyDialog` and dropped when it closes.
 */
export const freshKey = {
  value: null as ApiKeyCreated | null,
  listeners: new Set<() => void>(),
  set(v: ApiKeyCreated | null) {
    this.value = v;
    for (const l of this.listeners) l();
  },
  subscribe(l: () => void) {
    freshKey.listeners.add(l);
    return () => freshKey.listeners.delete(l);
  },
};
