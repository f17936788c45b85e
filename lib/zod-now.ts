import * as zod from "zod";
import { zodInBrowser } from "./zod-real";

/**
 * For screens whose first paint validates (settings cards, whose forms show required marks and
 * check values as they render): zod in their own first load, handed to the browser's lazy facade
 * (lib/lazy-zod.ts) before they render. Call it where such a screen is defined.
 */
export function zodNow() {
  (zod as unknown as { provideZod?: (real: typeof zodInBrowser) => void }).provideZod?.(zodInBrowser);
}
