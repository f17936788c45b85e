import "./globals.css";
import { Suspense } from "react";
import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import { Providers } from "@/components/app/providers";
import { ShellSkeleton } from "@/components/shell/shell-skeleton";
import { STORAGE } from "@/lib/client-state";
import { clientMessages } from "@/lib/i18n/namespaces";

export const metadata: Metadata = { title: { default: "IoT Console", template: "%s" }, icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } } };

/** The locale comes from a cookie, so everything that reads it sits inside Suspense (cacheComponents). */
async function LocaleRoot({ children }: { children: React.ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  return (
    <NextIntlClientProvider messages={clientMessages(messages)}>
      {/* The language is known only inside the boundary; set it before anything reads it. */}
      <script dangerouslySetInnerHTML={{ __html: `document.documentElement.lang=${JSON.stringify(locale)}` }} />
      <Providers locale={locale}>{children}</Providers>
    </NextIntlClientProvider>
  );
}

/**
 * Runs before first paint, ahead of the streamed page: the stored theme (the `dark` class that
 * `lib/theme.ts` keeps from then on) and whether this is the login screen or a data screen, so the
 * placeholder below looks like what follows instead of a white page.
 */
const BEFORE_PAINT = `try{var d=document.documentElement;if(localStorage.getItem(${JSON.stringify(STORAGE.theme)})==="dark")d.classList.add("dark");var p=location.pathname;d.dataset.entry=p.indexOf("/login")===0?"login":["/globalDataScreen","/globalDataScreen1","/houseDataScreen"].indexOf(p)>=0?"screen":"console"}catch(e){}`;

/** Shown until the locale-dependent tree streams in: the login backdrop and card, or the shell's outline. */
function FirstPaint() {
  return (
    <div className="first-paint" aria-hidden="true">
      <div className="first-paint-login">
        <div className="h-[30rem] w-full max-w-5xl rounded-2xl bg-card shadow-2xl" />
      </div>
      <div className="first-paint-console">
        <ShellSkeleton />
      </div>
    </div>
  );
}

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-cn" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: BEFORE_PAINT }} />
      </head>
      <body className="min-h-screen antialiased">
        <Suspense fallback={<FirstPaint />}>
          <LocaleRoot>{children}</LocaleRoot>
        </Suspense>
      </body>
    </html>
  );
}
