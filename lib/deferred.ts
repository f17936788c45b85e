/**
 * A part that is closed at first paint — a menu's or a popover's content, a drawer — and so stays
 * out of the page's first load (radix menus, popper and floating-ui, focus scope, scroll lock):
 * `deferred(() => import(...))` loads it once, when the browser is first idle after hydration
 * (`useDeferred`) or when a first interaction calls `load()`, whichever comes first. Until then
 * the caller renders its plain trigger, which opens the part as soon as it arrives. Plain modules
 * use it too: a toast loads sonner when first raised (`lib/toast.ts`).
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
