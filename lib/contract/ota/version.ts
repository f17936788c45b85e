/**
 * Firmware versions as devices write them (`V1.0.1`, `1.2`, `2024.05`, `v3.1.4-beta`): compared by
 * their numeric parts, so `1.10` is above `1.9` and `V1.0.1` equals `1.0.1`. A version with no digit
 * orders by its text alone.
 */
const parts = (v: string): number[] => (v.match(/\d+/g) ?? []).slice(0, 4).map((n) => Math.min(Number(n), 99_999));

/** Negative when `a` is older than `b`, 0 when they are the same version, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** Whether a device running `running` runs `target` (the same numbers; a device writing `V1.2` runs `1.2.0`). */
export const sameVersion = (running: string | null | undefined, target: string) => !!running && compareVersions(running, target) === 0 && parts(running).length > 0;

/**
 * A sortable whole number for a version (its first three parts, up to five digits each, so it stays
 * exact in a double): what `versionOrder` is when the form leaves it blank. Packages list newest first by it.
 */
export function versionOrder(v: string): number {
  const p = parts(v);
  return [0, 1, 2].reduce((n, i) => n * 100_000 + (p[i] ?? 0), 0);
}

/**
 * The master version boundary (core §9): devices whose master controller firmware is older than
 * 5.5.0 are "old" devices. Our reading: the master version is what a device informs for its
 * `master` module (`MASTER_MODULE`; a device that never did counts as new); an old device does not
 * subscribe to `ota/upgrade`, so the cloud never pushes to it: it is offered the upgrade only when it
 * asks (`ota/request`, pull mode).
 */
export const MASTER_MODULE = "master";
export const MASTER_VERSION_BOUNDARY = "5.5.0";
export const isOldDevice = (masterVersion: string | null | undefined) => !!masterVersion && parts(masterVersion).length > 0 && compareVersions(masterVersion, MASTER_VERSION_BOUNDARY) < 0;
