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
