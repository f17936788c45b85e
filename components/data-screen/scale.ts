/** The design size every data screen is laid out at (1920×1080, a control-room wall's native size). */
export const DESIGN = { width: 1920, height: 1080 } as const;

/**
 * How the 1920×1080 design fits a viewport: the largest scale that shows all of it (4K doubles it,
 * a laptop shrinks it), centred with the rest left as a dark margin.
 */
export function fitDesign(width: number, height: number): { scale: number; left: number; top: number } {
  if (width <= 0 || height <= 0) return { scale: 1, left: 0, top: 0 };
  const scale = Math.min(width / DESIGN.width, height / DESIGN.height);
  return { scale, left: (width - DESIGN.width * scale) / 2, top: (height - DESIGN.height * scale) / 2 };
}

/** Default refresh of a screen's data. */
export const DEFAULT_REFRESH_MS = 15_000;
/** `?refresh=` bounds: fast enough for the memory test to fast-forward an hour, never below it. */
export const REFRESH_BOUNDS_MS = { min: 200, max: 600_000 } as const;

/** The refresh interval a screen's `?refresh=` asks for (milliseconds), within bounds; else the default. */
export function refreshMsOf(value: string | null | undefined): number {
  if (!value || !/^\d{1,7}$/.test(value)) return DEFAULT_REFRESH_MS;
  return Math.min(REFRESH_BOUNDS_MS.max, Math.max(REFRESH_BOUNDS_MS.min, Number(value)));
}

/** Positive integer ids from a screen's address (`tId`, `projId`), else null. */
export function idOf(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}
