import { useSyncExternalStore } from "react";
import type { DeviceCredentials } from "@/lib/contract/device/device";

/**
 * The credentials of a device just added or given a new secret. The secret exists in clear only in
 * the answer of that one call, so it is held in memory here, never in the URL or any storage, and
 * is gone once the dialog closes.
 */
let shown: DeviceCredentials | null = null;
const listeners = new Set<() => void>();
export function setShown(c: DeviceCredentials | null) {
  shown = c;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** Opens the dialog on the credentials a call answered. */
export const showCredentials = (c: DeviceCredentials) => setShown(c);

/** The credentials on show, null when the dialog is closed. */
export const useShownCredentials = () => useSyncExternalStore(subscribe, () => shown, () => null);
