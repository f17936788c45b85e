import { useSyncExternalStore } from "react";
import * as zod from "zod";

/**
 * Waiting for zod where it loads after the first paint. In the browser `zod` is the lazy facade
 * (lib/lazy-zod.ts, by next.config); on the server and in tests it is zod itself, always ready.
 * Code that validates in the browser outside a resolver awaits `zodReady()` first.
 */
type Facade = { zodReady?: () => Promise<void>; zodLoaded?: () => boolean; realOf?: <T>(schema: T) => T };
const facade = zod as unknown as Facade;

export const zodReady: () => Promise<void> = facade.zodReady ?? (() => Promise.resolve());
export const zodLoaded: () => boolean = facade.zodLoaded ?? (() => true);
/** For `useSyncExternalStore`: calls back once zod has loaded (starting the load). */
export function subscribeZod(onLoaded: () => void): () => void {
  let live = true;
  if (!zodLoaded()) void zodReady().then(() => live && onLoaded());
  return () => {
    live = false;
  };
}
/**
 * Whether zod has loaded, for a component that validates while it renders (a form's required marks, a floor plan's
 * marks): starts the load, and the component renders again once zod is in.
 */
export const useZodLoaded = (): boolean => useSyncExternalStore(subscribeZod, zodLoaded, zodLoaded);
/** The real schema behind a recorded one, for libraries that inspect schemas (form resolvers). */
export const realSchema: <T>(schema: T) => T = facade.realOf ?? ((schema) => schema);
