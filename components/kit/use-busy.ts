"use client";

import * as React from "react";

/**
 * A save in progress: `run(task)` marks busy while the task runs. A refused call needs nothing
 * more here — the fetcher has already shown the cloud's message — so the task just stops.
 */
export function useBusy(): [boolean, (task: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = React.useState(false);
  const run = React.useCallback(async (task: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await task();
    } catch {
      // Shown by the fetcher.
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
