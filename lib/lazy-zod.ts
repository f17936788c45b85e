import type { z as Zod } from "zod";
import { provideCron } from "./lazy-croner";

/**
 * What the browser gets for `import { z } from "zod"` (next.config `resolveAlias`, browser only;
 * the server, the cloud and the tests get zod itself). Every list screen holds its entity's
 * contract, whose rules are zod schemas built when the module loads; with zod itself that put
 * zod (≈ 30 KB gzip) in every list's first load although a list only validates when a form opens.
 *
 * Here a schema built before zod has loaded is a recording of the calls that built it
 * (`z.string().trim().max(64)`); zod loads when something first validates (`zodReady()`: a form
 * dialog as it opens, a resolver, a settings card), and from then on each recorded schema is built
 * once, on its first use, and stands for the real one: property reads, calls, `in` and `instanceof` all go to it. Using a schema
 * before zod has loaded — parsing, reading a property's value, `instanceof` — throws: code that
 * validates in the browser awaits `zodReady()` first (lazy dialogs, resolvers, pickers).
 */

type Real = typeof Zod;
type Op = { get: PropertyKey } | { args: unknown[]; self: unknown };
type Rec = { parent: object | null; op: Op | null; value?: unknown; built?: boolean };

let real: Real | null = null;
let loading: Promise<void> | null = null;
const records = new WeakMap<object, Rec>();

/** What uses a schema rather than builds one: never recorded. */
const USES = new Set(["parse", "safeParse", "parseAsync", "safeParseAsync", "spa", "encode", "decode", "safeEncode", "safeDecode", "_zod", "def", "type", "description"]);

const early = (what: string) => new Error(`zod is used (${what}) before it has loaded: await zodReady() first`);

function build(node: object): unknown {
  const rec = records.get(node)!;
  if (rec.built) return rec.value;
  let value: unknown;
  if (!rec.parent) value = real;
  else {
    const op = rec.op!;
    const parent = build(rec.parent);
    value = "get" in op ? Reflect.get(parent as object, op.get) : Reflect.apply(parent as (...a: unknown[]) => unknown, resolve(op.self), op.args.map(resolve));
  }
  rec.value = value;
  rec.built = true;
  return value;
}

/** A recorded schema inside arguments (an object's shape, a union's options) becomes the real one. */
function resolve(v: unknown): unknown {
  if ((typeof v === "function" || typeof v === "object") && v !== null && records.has(v)) return build(v);
  if (Array.isArray(v)) return v.map(resolve);
  if (v && typeof v === "object" && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x)]));
  return v;
}

function record(parent: object | null, op: Op | null): object {
  // An arrow function: callable (methods are recorded calls) and without non-configurable own keys.
  const node: object = new Proxy(() => undefined, {
    get(_, key) {
      if (!real) {
        // Not a promise: `await` and `Promise.resolve` must not take a schema for one.
        if (key === "then" || typeof key === "symbol") return undefined;
        if (USES.has(key)) throw early(key);
        return record(node, { get: key });
      }
      const target = build(node) as object;
      const value = Reflect.get(target, key);
      // zod's classes (z.ZodDefault) stay themselves for `instanceof`; functions get real arguments.
      if (typeof value !== "function" || (parent === null && /^[A-Z$]/.test(String(key)))) return value;
      return (...args: unknown[]) => Reflect.apply(value, target, args.map(resolve));
    },
    apply(_, self, args) {
      if (!real) return record(node, { args, self });
      return Reflect.apply(build(node) as (...a: unknown[]) => unknown, resolve(self), args.map(resolve));
    },
    has(_, key) {
      if (!real) throw early(`"${String(key)}" in`);
      return Reflect.has(build(node) as object, key);
    },
    getPrototypeOf() {
      if (!real) throw early("instanceof");
      return Reflect.getPrototypeOf(build(node) as object);
    },
    ownKeys() {
      if (!real) throw early("keys");
      return Reflect.ownKeys(build(node) as object);
    },
    getOwnPropertyDescriptor(_, key) {
      if (!real) throw early("keys");
      const d = Reflect.getOwnPropertyDescriptor(build(node) as object, key);
      return d && { ...d, configurable: true };
    },
  });
  records.set(node, { parent, op });
  return node;
}

export const z = record(null, null) as Real;

/** Whether zod has loaded. */
export const zodLoaded = () => real !== null;

/** Resolves when zod has loaded (starting the load when it has not started). */
export function zodReady(): Promise<void> {
  return (loading ??= import("./zod-real").then((m) => {
    provideCron(m.cronInBrowser);
    provideZod(m.zodInBrowser as unknown as Real);
  }));
}

/** Screens whose first paint validates (settings cards) hand zod over from their own first load. */
export function provideZod(zod: Real) {
  real ??= zod;
  loading ??= Promise.resolve();
}

/** The real schema of a recorded one, for libraries that inspect it (form resolvers). */
export function realOf<T>(schema: T): T {
  if (!real) throw early("realOf");
  return (typeof schema === "function" && records.has(schema) ? build(schema) : schema) as T;
}
