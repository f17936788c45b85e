"use client";

import * as React from "react";

/**
 * A dialog's save, run once at a time (issue 40: a second click on "confirm" while the first save
 * was on its way saved two identical rules). The guard is a ref, so even a click in the same tick
 * is refused; `busy` disables the button until the save is over, whether it succeeded or not.
 */
export function useSubmitOnce<A extends unknown[]>(task: ((...args: A) => unknown) | undefined): [boolean, (...args: A) => Promise<void>] {
  const running = React.useRef(false);
  const [busy, setBusy] = React.useState(false);
  const latest = React.useRef(task);
  React.useEffect(() => {
    latest.current = task;
  }, [task]);
  const run = React.useCallback(async (...args: A) => {
    if (running.current || !latest.current) return;
    running.current = true;
    setBusy(true);
    try {
      await latest.current(...args);
    } catch {
      // The save has reported its failure itself (the fetcher's toast, the form's errors).
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}

/** A form's submit handler guarded the same way: the browser's own submit is always stopped. */
export function useFormSubmitOnce(submit: (e?: React.BaseSyntheticEvent) => Promise<void>): [boolean, (e: React.FormEvent) => void] {
  const [busy, run] = useSubmitOnce(submit);
  return [
    busy,
    (e: React.FormEvent) => {
      e.preventDefault();
      void run(e);
    },
  ];
}
