import type { ReactNode } from "react";
import { afterEach, vi } from "vitest";
import { cleanup, render, type RenderOptions } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { locales, type Locale } from "@/lib/contract/locale";
import { loadMessages } from "@/lib/i18n/namespaces";

// Loaded once per test file, before its tests, so renderIntl can stay synchronous.
const catalogs = Object.fromEntries(
  await Promise.all(locales.map(async (locale) => [locale, await loadMessages(locale)] as const)),
) as Record<Locale, Record<string, unknown>>;

// Importing renderIntl registers the teardown every jsdom file needs (vitest runs without globals, so
// testing-library cannot): unmount while the test's stubbed globals and fake timers still stand, then
// restore them.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

export type IntlRenderOptions = Omit<RenderOptions, "wrapper"> & {
  locale?: Locale;
  timeZone?: string;
  /** Namespaces added to (or replacing) the locale's own, for tests of generic kit parts. */
  messages?: Record<string, unknown>;
};

/** Renders ui inside NextIntlClientProvider with the locale's real messages; rerender keeps the provider. */
export function renderIntl(ui: ReactNode, { locale = "en", timeZone, messages, ...options }: IntlRenderOptions = {}) {
  const all = messages ? { ...catalogs[locale], ...messages } : catalogs[locale];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <NextIntlClientProvider locale={locale} messages={all} timeZone={timeZone}>
      {children}
    </NextIntlClientProvider>
  );
  return render(ui, { ...options, wrapper });
}
