import * as React from "react";
import { vi } from "vitest";

/**
 * Test helper: a next/navigation whose URL is jsdom's. `router.replace` rewrites the URL and every
 * `useSearchParams` reader renders again; `push` is a spy.
 * `vi.mock("next/navigation", async () => (await import("../fake-router")).navigationMock());`
 */
const listeners = new Set<() => void>();
export const nav = {
  push: vi.fn(),
  refresh: vi.fn(),
  replace: (url: string) => {
    window.history.replaceState(null, "", url);
    listeners.forEach((l) => l());
  },
};

export function navigationMock() {
  return {
    useRouter: () => nav,
    usePathname: () => window.location.pathname,
    useSearchParams: () => {
      const search = React.useSyncExternalStore(
        (cb) => (listeners.add(cb), () => listeners.delete(cb)),
        () => window.location.search,
      );
      return React.useMemo(() => new URLSearchParams(search), [search]);
    },
  };
}
