/**
 * The maturity method for concrete (Nurse-Saul): the maturity index is the temperature-time
 * factor M = Σ (T − T₀)·Δt over the intervals where the concrete is warmer than the datum
 * temperature T₀ (°C·h); the estimated strength follows the calibration S = a + b·log₁₀(M), whose
 * a and b are typed in or fitted to measured (maturity, strength) points by least squares.
 */

/** One temperature reading: epoch ms and °C. */
export type TempPoint = { t: number; temp: number };
export type MaturityPoint = { t: number; temp: number; maturity: number; strength: number | null };
export type Calibration = { a: number; b: number };

/** The sensors' temperatures at one time taken together (core §4 aggregate: 0 avg, 1 max, 2 min, 3 last). */
export function aggregate(values: readonly number[], how: 0 | 1 | 2 | 3): number | null {
  const v = values.filter((x) => Number.isFinite(x));
  if (!v.length) return null;
  if (how === 1) return Math.max(...v);
  if (how === 2) return Math.min(...v);
  if (how === 3) return v[v.length - 1];
  return v.reduce((s, x) => s + x, 0) / v.length;
}

/**
 * The temperature-time factor after each reading, the interval before a reading taking the mean
 * of its two ends (trapezoid), and counting only the part above the datum temperature.
 */
export function maturitySeries(points: readonly TempPoint[], datum: number, cal?: Calibration | null): MaturityPoint[] {
  const sorted = [...points].sort((x, y) => x.t - y.t);
  let m = 0;
  return sorted.map((p, i) => {
    if (i > 0) {
      const prev = sorted[i - 1];
      const hours = (p.t - prev.t) / 3_600_000;
      m += Math.max(0, (prev.temp + p.temp) / 2 - datum) * hours;
    }
    return { t: p.t, temp: p.temp, maturity: round(m, 2), strength: cal ? strengthOf(m, cal) : null };
  });
}

/** S = a + b·log₁₀(M), never below 0; none before any maturity has built up. */
export function strengthOf(maturity: number, cal: Calibration): number | null {
  if (maturity <= 0) return null;
  return round(Math.max(0, cal.a + cal.b * Math.log10(maturity)), 2);
}

/** Least-squares a and b of S = a + b·log₁₀(M) through measured points; null with fewer than two distinct maturities. */
export function fitCalibration(points: readonly { maturity: number; strength: number }[]): Calibration | null {
  const usable = points.filter((p) => p.maturity > 0 && Number.isFinite(p.strength));
  const xs = usable.map((p) => Math.log10(p.maturity));
  if (usable.length < 2 || new Set(xs).size < 2) return null;
  const n = usable.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = usable.reduce((s, p) => s + p.strength, 0) / n;
  const sxy = xs.reduce((s, x, i) => s + (x - mx) * (usable[i].strength - my), 0);
  const sxx = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  const b = sxy / sxx;
  return { a: round(my - b * mx, 4), b: round(b, 4) };
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
