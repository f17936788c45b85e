"use client";

import * as React from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/**
 * The screen's URL parameters and `go(patch)`, which sets or (with null) removes some of them in
 * place: dialogs and choices live in the URL, so a reload or a shared link shows the same screen.
 */
export function useUrlPatch() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const go = React.useCallback(
    (patch: Record<string, string | null>) => {
      const next = new URLSearchParams(window.location.search);
      for (const [k, v] of Object.entries(patch)) if (v === null) next.delete(k);
      else next.set(k, v);
      const qs = next.toString();
      router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [router, pathname],
  );
  return { params, go };
}

/** One URL parameter that opens a dialog of a screen (`?resetPwd=12`, `?auth=3`). Other parameters stay. */
export function useUrlParam(key: string): [string | null, (value: string | number | null) => void] {
  const { params, go } = useUrlPatch();
  const set = React.useCallback((value: string | number | null) => go({ [key]: value === null || value === "" ? null : String(value) }), [key, go]);
  return [params.get(key), set];
}
