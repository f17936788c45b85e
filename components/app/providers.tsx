"use client";

import { ThemeProvider } from "next-themes";
import { ToasterHost } from "@/components/ui/toast";
import { LocaleSync } from "./locale-sync";

/** Client-side context every page shares: theme (no flash: next-themes' inline script), toasts, locale mirror. */
export function Providers({ locale, children }: { locale: string; children: React.ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="light" enableSystem={false} disableTransitionOnChange>
      <LocaleSync locale={locale} />
      {children}
      <ToasterHost />
    </ThemeProvider>
  );
}
