import { zodLoaded } from "@/lib/zod-ready";
import type { FormField } from "../resource/define-resource";

const known = new WeakMap<object, boolean>();

/**
 * Required when the rule refuses both a missing and a blank value (the form's red star). A form
 * renders on every keystroke: each rule is asked once.
 */
export function isRequired(schema: FormField["rule"]): boolean {
  if (!schema) return false;
  let required = known.get(schema);
  if (required === undefined) {
    required = !schema.safeParse(undefined).success && !schema.safeParse("").success;
    known.set(schema, required);
  }
  return required;
}

/**
 * Whether a form field shows the red star: as given, else as its rule says once zod has loaded
 * (lib/lazy-zod.ts; forms re-render then). Read when the form renders, not when a screen is defined.
 */
export const fieldRequired = (f: FormField) => f.required ?? (zodLoaded() && isRequired(f.rule));
