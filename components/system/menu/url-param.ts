"use client";

import * as React from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/**
 * One URL parameter that opens a dialog of a screen (`?resetPwd=12`, `?auth=3`): dialogs open
 * from the URL, so a reload or a shared link shows the same dialog. Other parameters stay.
 */
export function useUrlParam(key: string): [string | null, (value: string | number | null) => void] {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const set = React.useCallback(
    (value: string | number | null) => {
      const next = new URLSearchParams(window.location.search);
      if (value === null || value === "") next.delete(key);
      else next.set(key, String(value));
      const qs = next.toString();
      router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [key, router, pathname],
  );
  return [params.get(key), set];
}
