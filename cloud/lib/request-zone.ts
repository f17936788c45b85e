import { AsyncLocalStorage } from "node:async_hooks";
import { setZoneSource } from "@/lib/format";
import { DEFAULT_TIME_ZONE } from "@/lib/time-zone";

const zones = new AsyncLocalStorage<string>();

/**
 * Runs `fn` in a tenant's time zone: every time the shared formatters show or read on its way
 * (exports, notification texts, search-bar times) is wall-clock time there. Outside (engines,
 * anonymous calls) the platform's zone, Asia/Shanghai.
 */
export function inZone<T>(zone: string, fn: () => T): T {
  return zones.run(zone, fn);
}

// Installed with the first import of `inZone` (serve.ts), before any request is served.
setZoneSource(() => zones.getStore() ?? DEFAULT_TIME_ZONE);
