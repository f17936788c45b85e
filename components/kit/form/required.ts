import { zodLoaded } from "@/lib/zod-ready";
import type { FormField } from "../resource/define-resource";

/** Required when the rule refuses both a missing and a blank value (the form's red star). */
export function isRequired(schema: FormField["rule"]): boolean {
  return !!schema && !schema.safeParse(undefined).success && !schema.safeParse("").success;
}

/**
 * Whether a form field shows the red star: as given, else as its rule says once zod has loaded
 * (lib/lazy-zod.ts; forms re-render then). Read when the form renders, not when a screen is defined.
 */
export const fieldRequired = (f: FormField) => f.required ?? (zodLoaded() && isRequired(f.rule));
