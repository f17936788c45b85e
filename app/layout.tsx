import "./globals.css";
import { Suspense } from "react";
import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { Providers } from "@/components/app/providers";

export const metadata: Metadata = { title: { default: "IoT Console", template: "%s" } };

/** The locale comes from a cookie, so everything that reads it sits inside Suspense (cacheComponents). */
async function LocaleRoot({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <NextIntlClientProvider>
      {/* The language is known only inside the boundary; set it before anything reads it. */}
      <script dangerouslySetInnerHTML={{ __html: `document.documentElement.lang=${JSON.stringify(locale)}` }} />
      <Providers locale={locale}>{children}</Providers>
    </NextIntlClientProvider>
  );
}

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-cn" suppressHydrationWarning>
      <body className="min-h-screen antialiased">
        <Suspense fallback={null}>
          <LocaleRoot>{children}</LocaleRoot>
        </Suspense>
      </body>
    </html>
  );
}
