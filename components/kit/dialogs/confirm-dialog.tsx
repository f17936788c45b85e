"use client";

import * as React from "react";
import dynamic from "next/dynamic";

// The dialog (radix) is closed at first paint: it loads after the page, not in its first load.
const ConfirmDialog = dynamic(() => import("./confirm-dialog-view").then((m) => m.ConfirmDialog), { ssr: false });

export type Ask = { message: React.ReactNode; title?: React.ReactNode; danger?: boolean; resolve: (ok: boolean) => void };

/**
 * `const [confirm, confirmElement] = useConfirm()`; `await confirm("…")` resolves true on OK,
 * false on cancel / Escape. Render `confirmElement` once (the list's dialogs host does).
 */
export function useConfirm(): [(message: React.ReactNode, opts?: { title?: React.ReactNode; danger?: boolean }) => Promise<boolean>, React.ReactNode] {
  const [ask, setAsk] = React.useState<Ask | null>(null);
  const confirm = React.useCallback(
    (message: React.ReactNode, opts?: { title?: React.ReactNode; danger?: boolean }) =>
      new Promise<boolean>((resolve) => setAsk({ message, ...opts, resolve })),
    [],
  );
  const element = <ConfirmDialog ask={ask} onDone={(ok) => (ask?.resolve(ok), setAsk(null))} />;
  return [confirm, element];
}
