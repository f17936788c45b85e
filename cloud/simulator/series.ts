import type { DataSpec, ThingFunction } from "@/lib/contract/device/thing-model";

const DAY = 86_400_000;
const YEAR = 365 * DAY;

/** A deterministic pseudo-random number in [0, 1) for (seed, n): the same instant always gives the same value. */
export function noise(seed: number, n: number): number {
  let h = (seed * 0x9e3779b1) ^ Math.imul(n | 0, 0x85ebca6b) ^ Math.imul(Math.floor(n / 4294967296), 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Roughly normal noise (sum of three uniforms), mean 0, deviation about 0.5. */
const gauss = (seed: number, n: number) => noise(seed, n) + noise(seed + 1, n) + noise(seed + 2, n) - 1.5;

/** Hours of the platform's day (UTC+8): the daily temperature cycle peaks in the afternoon there. */
const dayPhase = (t: number) => (((t + 8 * 3600_000) % DAY) / DAY) * 2 * Math.PI;
const yearPhase = (t: number) => ((t % YEAR) / YEAR) * 2 * Math.PI;

type NumberSpec = Extract<DataSpec, { min: number }>;
const isNumber = (d: DataSpec | undefined): d is NumberSpec => !!d && "min" in d;

/** A property's own seed from its device's: the X and Y tilts (or three accelerometer axes) of one device never move alike. */
export function propertySeed(seed: number, identifier: string): number {
  let h = seed | 0;
  for (let i = 0; i < identifier.length; i++) h = Math.imul(h ^ identifier.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** What a device's configuration fixes for its properties: an inclinometer's hole depth is its string's length. */
export type SeriesContext = { stringLength?: number | null };

/**
 * A property's value as a function of time, per device (`seed`) and property (its identifier
 * mixed in): temperatures follow the day and the season, humidity the opposite way, air pressure
 * stays about sea level (1013 hPa) with the weather, batteries drain over two months and are
 * replaced, signal wanders; structural readings (settlement, tilt, displacement, forces, levels)
 * drift slowly with a small daily thermal swing, noise and now and then a spike that crosses alarm
 * thresholds. A hole depth is the configured string's length (`context`), not a drifting reading.
 */
export function seriesFor(fn: Pick<ThingFunction, "identifier" | "dataType">, deviceSeed: number, context: SeriesContext = {}): ((t: number) => number) | null {
  const spec = fn.dataType;
  if (!isNumber(spec)) return null;
  const { min, max } = spec;
  const range = max - min || 1;
  const id = fn.identifier.toLowerCase();
  const seed = propertySeed(deviceSeed, fn.identifier);
  const second = (t: number) => Math.floor(t / 1000);
  let raw: (t: number) => number;
  if (/depth/.test(id) && context.stringLength) {
    const depth = context.stringLength;
    raw = () => depth;
  } else if (/press/.test(id) && spec.unit === "hPa") raw = (t) => 1013 - 6 * Math.cos(yearPhase(t) - 0.3) + 4 * Math.sin(t / (3.5 * DAY)) + 0.3 * gauss(seed, Math.floor(t / 60_000));
  else if (/temp/.test(id)) raw = (t) => 16 + 7 * Math.sin(dayPhase(t) - 2.4) - 10 * Math.cos(yearPhase(t) - 0.3) + 0.4 * gauss(seed, second(t));
  else if (/humid/.test(id)) raw = (t) => 62 - 14 * Math.sin(dayPhase(t) - 2.4) + 2 * gauss(seed, second(t));
  else if (/batt/.test(id)) raw = (t) => 100 - 85 * ((t / (60 * DAY) + noise(seed, 7)) % 1) + 0.3 * gauss(seed, second(t));
  else if (/signal|rssi/.test(id)) raw = (t) => -72 + 6 * gauss(seed, Math.floor(t / 60_000));
  else if (/rain/.test(id)) raw = (t) => (noise(seed, Math.floor(t / (6 * 3600_000))) < 0.08 ? 12 * noise(seed + 3, Math.floor(t / 3600_000)) : 0);
  else if (/wind/.test(id)) raw = (t) => Math.abs(3 + 2.5 * gauss(seed, Math.floor(t / 60_000)));
  else {
    // Structural: a base away from the limits, a slow drift (one direction per device), a small
    // thermal swing, noise, and a spike in about 1 % of the hours.
    const zeroInside = min < 0 && max > 0;
    const base = zeroInside ? range * 0.02 * (noise(seed, 1) - 0.5) : min + range * (0.25 + 0.2 * noise(seed, 1));
    const direction = noise(seed, 2) < 0.5 ? -1 : 1;
    raw = (t) => {
      const hour = Math.floor(t / 3600_000);
      const spike = noise(seed + 5, hour) < 0.01 ? direction * range * 0.18 : 0;
      return base + direction * range * 0.04 * ((t % (2 * YEAR)) / YEAR) + range * 0.004 * Math.sin(dayPhase(t)) + range * 0.0015 * gauss(seed, second(t)) + spike;
    };
  }
  const integer = spec.type === "int32" || spec.type === "int32u";
  return (t) => {
    const v = Math.min(max, Math.max(min, raw(t)));
    return integer ? Math.round(v) : Math.round(v * 1000) / 1000;
  };
}

/** Unit length of a simulated inclinometer string, in m (the catalogue's CX-64 has 0.5 m units). */
export const SIM_UNIT_LENGTH = 0.5;
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** The length of a device's inclinometer string (units × unit length), when its product has one. */
export function stringLengthOf(fns: readonly Pick<ThingFunction, "dataType">[]): number | null {
  for (const f of fns) {
    const spec = f.dataType;
    if (spec?.type === "array" && spec.element.type === "struct" && spec.element.members.some((m) => /angle/i.test(m.identifier))) return round3(spec.size * SIM_UNIT_LENGTH);
  }
  return null;
}

/**
 * An inclinometer string's per-unit readings as a function of time, for an array-of-structs
 * property whose members are tilts (`angle…`), optionally with the unit's depth and its
 * displacement (`dis…`): a slip zone about a third of the way down that tilts more and more over
 * the years, the ground above it following slightly, the ground below still — the profile of a
 * slowly moving slope. Each unit has its own installation tilt and noise.
 */
export function unitSeriesFor(fn: Pick<ThingFunction, "identifier" | "dataType">, seed: number): ((t: number) => Record<string, number>[]) | null {
  const spec = fn.dataType;
  if (spec?.type !== "array" || spec.element.type !== "struct") return null;
  const members = spec.element.members.map((m) => m.identifier);
  const angles = members.filter((m) => /angle/i.test(m));
  if (!angles.length) return null;
  const n = spec.size;
  const zone = Math.floor(n * (0.3 + 0.1 * noise(seed, 31)));
  const width = Math.max(1, n * 0.06);
  const bump = Array.from({ length: n }, (_, i) => Math.exp(-(((i - zone) / width) ** 2)) + (i < zone ? 0.15 : 0));
  const direction = noise(seed, 32) < 0.5 ? -1 : 1;
  const base = Array.from({ length: n }, (_, i) => angles.map((_, k) => 0.5 * (noise(seed + k, 100 + i) - 0.5)));
  return (t) => {
    const growth = 0.3 * ((t % (2 * YEAR)) / YEAR);
    const hour = Math.floor(t / 3600_000);
    return Array.from({ length: n }, (_, i) => {
      const unit: Record<string, number> = {};
      angles.forEach((a, k) => (unit[a] = round3(base[i][k] + direction * growth * bump[i] * (k === 0 ? 1 : 0.35) + 0.003 * gauss(seed + 40 + i, hour * 4 + k))));
      for (const m of members) {
        if (/depth/i.test(m)) unit[m] = round3((i + 1) * SIM_UNIT_LENGTH);
        else if (/^dis/i.test(m)) unit[m] = round3(SIM_UNIT_LENGTH * 1000 * Math.sin((unit[angles[0]] * Math.PI) / 180));
      }
      return unit;
    });
  };
}

/** Days between two simulated pours of a concrete element (a new section every four weeks). */
export const POUR_CYCLE_DAYS = 28;

/**
 * A concrete maturity logger's sensor temperatures as a function of time, for an array of numbers
 * whose identifier names temperatures: the weather's temperature plus the heat of hydration of
 * the latest pour (peaking about 18 h after it, then fading over days), each sensor a little
 * apart (core, surface, corners).
 */
export function tempArraySeriesFor(fn: Pick<ThingFunction, "identifier" | "dataType">, seed: number): ((t: number) => number[]) | null {
  const spec = fn.dataType;
  if (spec?.type !== "array" || !/temp/i.test(fn.identifier) || !isNumber(spec.element)) return null;
  const { min, max } = spec.element;
  const air = seriesFor({ identifier: "temperature", dataType: { type: "float", min, max } }, seed)!;
  const cycle = POUR_CYCLE_DAYS * DAY;
  const offset = Math.floor(noise(seed, 51) * cycle);
  return (t) => {
    const hours = (((t - offset) % cycle) + cycle) % cycle / 3600_000;
    const heat = 28 * (hours / 18) * Math.exp(1 - hours / 18);
    return Array.from({ length: spec.size }, (_, i) => Math.round(Math.min(max, Math.max(min, air(t) + heat * (1 - 0.15 * i) + 0.2 * gauss(seed + 60 + i, Math.floor(t / 60_000)))) * 10) / 10);
  };
}

/** The generator of an array property the simulator reports as a whole (inclinometer units, logger temperatures). */
export const arraySeriesFor = (fn: Pick<ThingFunction, "identifier" | "dataType">, seed: number): ((t: number) => unknown[]) | null => unitSeriesFor(fn, seed) ?? tempArraySeriesFor(fn, seed);

/** A plausible value of any data type (event parameters, non-numeric properties). */
export function sampleValue(spec: DataSpec, seed: number, n: number): unknown {
  switch (spec.type) {
    case "int32":
    case "int32u":
      return Math.round(spec.min + (spec.max - spec.min) * noise(seed, n));
    case "float":
    case "double":
      return Math.round((spec.min + (spec.max - spec.min) * noise(seed, n)) * 1000) / 1000;
    case "enum":
      return spec.items[Math.floor(noise(seed, n) * spec.items.length)].value;
    case "bool":
      return noise(seed, n) < 0.9;
    case "text":
      return `sim-${n % 1000}`.slice(0, spec.length);
    case "date":
      return new Date(n * 1000).toISOString();
    case "struct":
      return Object.fromEntries(spec.members.map((m, i) => [m.identifier, sampleValue(m.dataType, seed + i + 1, n)]));
    case "array":
      return Array.from({ length: Math.min(spec.size, 3) }, (_, i) => sampleValue(spec.element, seed + i + 1, n));
  }
}

/**
 * A payload a new device could send first: every property of its product (`fns`) with a plausible
 * value at `t` — numbers as the simulator would report them for this device, an inclinometer
 * string's first units, enumerations and switches sampled — which the thing model accepts.
 * Texts and dates are left out: there is nothing plausible to invent for them.
 */
export function exampleParams(fns: readonly Pick<ThingFunction, "identifier" | "dataType">[], seed: number, t: number): Record<string, unknown> {
  const context = { stringLength: stringLengthOf(fns) };
  const out: Record<string, unknown> = {};
  for (const f of fns) {
    if (!f.dataType || f.dataType.type === "text" || f.dataType.type === "date") continue;
    const series = seriesFor(f, seed, context);
    const units = series ? null : unitSeriesFor(f, seed);
    out[f.identifier] = series ? series(t) : units ? units(t).slice(0, 3) : sampleValue(f.dataType, propertySeed(seed, f.identifier), Math.floor(t / 3600_000));
  }
  return out;
}
