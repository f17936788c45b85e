import { Suspense } from "react";

/**
 * Pages opened in a tab of their own, outside the console's shell (the AI chat, a file preview):
 * they read the URL's search params, which wants a boundary above them.
 */
export default function StandaloneLayout({ children }: { children: React.ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
