"use client";

import * as React from "react";
import { useTimeZone } from "next-intl";
import { displayZone, setDisplayZone } from "@/lib/format";
import { prepareZone } from "@/lib/time-zone";
import { ToasterHost } from "@/components/ui/toast";
import { LocaleSync } from "./locale-sync";

/**
 * Client-side context every page shares: toasts, the locale mirror, and the tenant's time zone for
 * the formatters — set while rendering, before any child formats a time (the server sets it per
 * request the same way, so hydration agrees). The theme is `lib/theme.ts`, needing no provider.
 */
export function Providers({ locale, children }: { locale: string; children: React.ReactNode }) {
  const zone = useTimeZone();
  setDisplayZone(zone);
  // The zone's data loads at the page's first idle moment, a task of its own (issue 41, blocking time).
  React.useEffect(() => {
    if (typeof requestIdleCallback !== "function") return;
    const id = requestIdleCallback(() => prepareZone(displayZone()));
    return () => cancelIdleCallback(id);
  }, [zone]);
  return (
    <>
      <LocaleSync locale={locale} />
      {children}
      <ToasterHost />
    </>
  );
}
