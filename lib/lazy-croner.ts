import type { Cron as RealCron } from "croner";

/**
 * What the browser gets for `import { Cron } from "croner"` (next.config `resolveAlias`, browser only; the server, the
 * cloud and the tests get croner itself). The cron rules (`lib/contract/cron.ts`) check a schedule with croner inside
 * the OTA task's and the robot plan's schemas, so croner (≈ 6 KB gzip) sat in the first load of every page holding those
 * contracts, though the browser only checks a schedule in a form. It arrives with zod (`zodReady`, lib/lazy-zod.ts),
 * which every schema check and form already awaits; used earlier it throws, and `previewCron` answers "no runs".
 */
let real: typeof RealCron | null = null;

/** Called when zod's part of the bundle has loaded (lib/zod-real.ts holds the real croner). */
export function provideCron(cron: typeof RealCron) {
  real ??= cron;
}

export const Cron = function Cron(...args: ConstructorParameters<typeof RealCron>) {
  if (!real) throw new Error("croner is used before it has loaded: await zodReady() first");
  return new real(...args);
} as unknown as typeof RealCron;
