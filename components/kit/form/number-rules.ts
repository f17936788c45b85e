/** Number input (widgets §5): defaults min 0, max 1000, floatNum 2. */
export type NumberBounds = { min?: number; max?: number; floatNum?: number };

/**
 * On blur: parse to an integer (floatNum 0) or a float rounded to floatNum decimals, clamp to
 * [min, max]; anything non-numeric becomes empty.
 */
export function normalizeNumber(raw: unknown, { min = 0, max = 1000, floatNum = 2 }: NumberBounds = {}): number | "" {
  if (raw === null || raw === undefined) return "";
  const s = String(raw).trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return "";
  const n = Number(s);
  if (!Number.isFinite(n)) return "";
  const digits = Math.max(0, Math.floor(floatNum));
  const factor = 10 ** digits;
  const rounded = digits === 0 ? Math.trunc(n) : Math.round(n * factor) / factor;
  const clamped = Math.min(max, Math.max(min, rounded));
  return Object.is(clamped, -0) ? 0 : clamped;
}
