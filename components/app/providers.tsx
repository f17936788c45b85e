"use client";

import * as React from "react";
import { ThemeProvider } from "next-themes";
import { useTimeZone } from "next-intl";
import { setDisplayZone } from "@/lib/format";
import { ToasterHost } from "@/components/ui/toast";
import { LocaleSync } from "./locale-sync";

/**
 * Client-side context every page shares: theme (no flash: next-themes' inline script), toasts, locale
 * mirror, and the tenant's time zone for the formatters — set while rendering, before any child
 * formats a time (the server sets it per request the same way, so hydration agrees).
 */
export function Providers({ locale, children }: { locale: string; children: React.ReactNode }) {
  const zone = useTimeZone();
  setDisplayZone(zone);
  return (
    <ThemeProvider attribute="class" defaultTheme="light" enableSystem={false} disableTransitionOnChange>
      <LocaleSync locale={locale} />
      {children}
      <ToasterHost />
    </ThemeProvider>
  );
}
