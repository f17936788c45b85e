"use client";

import { useEffect, useState, useSyncExternalStore } from "react";

/**
 * A part that is closed at first paint — a menu's or a popover's content, a drawer — and so stays
 * out of the page's first load (radix menus, popper and floating-ui, focus scope, scroll lock):
 * `deferred(() => import(...))` loads it once, when the browser is first idle after hydration
 * (`useDeferred`) or when a first interaction calls `load()`, whichever comes first. Until then
 * the caller renders its plain trigger, which opens the part as soon as it arrives.
 */
export type Deferred<T> = {
  load: () => Promise<T>;
  current: () => T | null;
  subscribe: (listener: () => void) => () => void;
};

export function deferred<T>(importer: () => Promise<T>): Deferred<T> {
  let promise: Promise<T> | null = null;
  let value: T | null = null;
  const listeners = new Set<() => void>();
  return {
    load: () =>
      (promise ??= importer().then(
        (v) => {
          value = v;
          for (const l of listeners) l();
          return v;
        },
        (e: unknown) => {
          // A failed chunk (offline, a new deployment) is tried again by the next interaction.
          promise = null;
          throw e;
        },
      )),
    current: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const noValue = () => null;

/** The part once loaded, null before (and during hydration, as on the server); asks for it when the browser is idle. */
export function useDeferred<T>(part: Deferred<T>): T | null {
  const value = useSyncExternalStore(part.subscribe, part.current, noValue);
  useEffect(() => {
    if (part.current()) return;
    const load = () => void part.load().catch(() => {});
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(load, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(load, 200);
    return () => clearTimeout(id);
  }, [part]);
  return value;
}

/**
 * A popup whose part is deferred: its open state, and the props of its trigger before the part has
 * loaded — announced as a popup, a click opens it as soon as the part arrives (or leaves it closed
 * when the part cannot be fetched).
 */
export function useDeferredPopup<T>(part: Deferred<T>, haspopup: "menu" | "dialog" | "listbox" = "menu") {
  const Part = useDeferred(part);
  const [open, setOpen] = useState(false);
  const triggerProps = Part
    ? {}
    : {
        "aria-haspopup": haspopup,
        "aria-expanded": false,
        onClick: () => {
          setOpen(true);
          part.load().catch(() => setOpen(false));
        },
      };
  return { Part, open, setOpen, triggerProps };
}
