import { setFlagsFromString } from "node:v8";

/**
 * How far V8 lets the heap grow past what it kept at its last full collection before the next one: 1.5× here, where V8
 * alone allows up to 4×. A rollout's garbage (download requests, progress reports and their statements) outlives the
 * young generation while it waits on the database, so a 1,000-device rollout took the heap from 105 to 420 MB of which
 * 105 stayed (issue 35: `bench:ota` RSS +229 MB; at 1.5×, +1 MB in the same time and CPU). Flags are the process's: the
 * console beside the cloud (server.ts) gets the same bound. `HEAP_GROWING_PERCENT` sets it (0: V8's own).
 */
export function boundHeapGrowth(percent = Number(process.env.HEAP_GROWING_PERCENT ?? 50)) {
  if (Number.isFinite(percent) && percent > 0) setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}
