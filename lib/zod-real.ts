// The real croner, past the browser's alias of "croner" (lib/lazy-croner.ts): it loads with zod.
import { Cron } from "../node_modules/croner/dist/croner.js";
import { any, array, boolean, coerce, custom, discriminatedUnion, enum as oneOf, intersection, iso, lazy, literal, looseObject, never, NEVER, null as nullValue, number, object, preprocess, record, strictObject, string, tuple, union, unknown, ZodDefault, ZodObject, ZodOptional, ZodType } from "zod/v4";

/**
 * The part of zod the console's browser code builds with, handed to the lazy facade
 * (lib/lazy-zod.ts) when it loads. Named, so the bundle takes these and not the whole namespace
 * (its JSON-schema tools and forty locales: ≈ 80 KB gzip against ≈ 28 KB). `zod-real.test.ts`
 * fails when code uses a member that is not here.
 */
export const zodInBrowser = {
  any,
  array,
  boolean,
  coerce,
  custom,
  discriminatedUnion,
  enum: oneOf,
  intersection,
  iso,
  lazy,
  literal,
  looseObject,
  never,
  NEVER,
  null: nullValue,
  number,
  object,
  preprocess,
  record,
  strictObject,
  string,
  tuple,
  union,
  unknown,
  ZodDefault,
  ZodObject,
  ZodOptional,
  ZodType,
};

/** Croner, handed to lib/lazy-croner.ts with zod: the browser checks a schedule only where it validates. */
export const cronInBrowser = Cron;
