/**
 * The charts are drawn in a worker (`chart-engine`), and an option crosses to it by structured
 * clone, which carries no function. So a chart option's formatters are named here: `formatter(name,
 * ...args)` is the function itself (an option works as it is), remembered with its name and
 * arguments; `toMessage` writes each as `{ [FORMATTER]: name, args }` and `revive`, in the worker,
 * makes the same function again. A function not made here cannot cross: `toMessage` says so.
 */

/** Chart defaults (widgets §9): y labels with at most 3 decimals. */
export const Y_DECIMALS = 3;
export const yLabel = (v: number) => String(Math.round(v * 10 ** Y_DECIMALS) / 10 ** Y_DECIMALS);

type Tip = { seriesName?: string; value?: unknown };
const degrees = (v: number) => Math.round(((v % 360) + 360) % 360);

const FORMATTERS = {
  /** A value with at most 3 decimals (an axis label, a tooltip's value); anything else as it is, `missing` for none. */
  decimals:
    (missing = "") =>
    (v: unknown) =>
      typeof v === "number" ? yLabel(v) : String(v ?? missing),
  /** Compass points of a 0–360° axis. */
  compass: () => (v: number) => ["N", "E", "S", "W", "N"][Math.round(v / 90)] ?? String(v),
  /** The light-spot radar's axes: +X, +Y, -X, -Y at 0, 90, 180, 270°. */
  quadrant: () => (v: number) => ({ 0: "+X", 90: "+Y", 180: "-X", 270: "-Y" })[v] ?? "",
  /** A wind direction's tooltip: its name and degrees. */
  windTip: (name: string) => (p: unknown) => `${name}: ${degrees(((p as Tip).value as [number, number])[1])}°`,
  /** An inclinometer profile point's tooltip: its curve (a time), depth and displacement, a line each. */
  profileTip: (depth: string, displacement: string) => (p: unknown) => {
    const { seriesName, value } = p as Tip & { value: [number, number] };
    return `${seriesName}\n${depth}: ${value[1]}\n${displacement}: ${yLabel(value[0])}`;
  },
};
type Formatters = typeof FORMATTERS;
export type FormatterName = keyof Formatters;

/** The key a formatter's stand-in carries in a message. */
export const FORMATTER = "$formatter";
type StandIn = { [FORMATTER]: FormatterName; args: unknown[] };

const made = new WeakMap<object, { name: FormatterName; args: unknown[] }>();

/** The named formatter, made with `args`: a function an option can hold and the worker can make again. */
export function formatter<K extends FormatterName>(name: K, ...args: Parameters<Formatters[K]>): ReturnType<Formatters[K]> {
  const fn = (FORMATTERS[name] as (...a: unknown[]) => ReturnType<Formatters[K]>)(...args);
  made.set(fn as object, { name, args });
  return fn;
}

/** An option holding a function no `formatter` made: it cannot be drawn in the worker. */
export class UnsendableOption extends Error {}

const plain = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** The option as a message: each formatter as its stand-in. Arrays of plain values are kept as they are (the data). */
export function toMessage<T>(option: T): unknown {
  const walk = (v: unknown, at: string): unknown => {
    if (typeof v === "function") {
      const ref = made.get(v);
      if (!ref) throw new UnsendableOption(`${at} is a function not made by formatter()`);
      return { [FORMATTER]: ref.name, args: ref.args } satisfies StandIn;
    }
    if (Array.isArray(v)) return v.some((x) => typeof x === "object" || typeof x === "function") ? v.map((x, i) => walk(x, `${at}[${i}]`)) : v;
    if (plain(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, `${at}.${k}`)]));
    return v;
  };
  return walk(option, "option");
}

/** A message back to the option it was: each stand-in made into its formatter again. */
export function revive(message: unknown): unknown {
  if (Array.isArray(message)) return message.some((x) => typeof x === "object") ? message.map(revive) : message;
  if (!plain(message)) return message;
  if (FORMATTER in message) {
    const { [FORMATTER]: name, args } = message as StandIn;
    if (!(name in FORMATTERS)) throw new UnsendableOption(`no formatter named ${String(name)}`);
    return (formatter as (n: FormatterName, ...a: unknown[]) => unknown)(name, ...args);
  }
  return Object.fromEntries(Object.entries(message).map(([k, x]) => [k, revive(x)]));
}
