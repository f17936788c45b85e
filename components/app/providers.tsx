"use client";

import { ThemeProvider } from "next-themes";
import { Toaster } from "sonner";
import { LocaleSync } from "./locale-sync";

/** Client-side context every page shares: theme (no flash: next-themes' inline script), toasts, locale mirror. */
export function Providers({ locale, children }: { locale: string; children: React.ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="light" enableSystem={false} disableTransitionOnChange>
      <LocaleSync locale={locale} />
      {children}
      {/* Bottom right: toasts never cover the header's popovers (to-dos, messages, project). */}
      <Toaster richColors position="bottom-right" closeButton />
    </ThemeProvider>
  );
}
