import { Suspense } from "react";
import { ScreenGate } from "@/components/data-screen/screen-gate";
import { ScreenSkeleton } from "@/components/data-screen/screen-skeleton";

/** The data screens: outside the console shell (no menu, no tab bar), behind the same login. */
export default function ScreensLayout({ children }: { children: React.ReactNode }) {
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <ScreenGate>{children}</ScreenGate>
    </Suspense>
  );
}
