import { Suspense } from "react";
import { ConsoleFrame } from "@/components/shell/console-frame";
import { ShellSkeleton } from "@/components/shell/shell-skeleton";
import { PasswordNotice } from "@/components/login/password-notice";
import { ExpireWarning } from "@/components/system-set/expire/expire-warning";

/** The shell reads the session: behind a boundary, so a navigation into the console shows its
 *  skeleton at once instead of waiting (cacheComponents). */
export default function ConsoleLayout({ children }: { children: React.ReactNode }) {
  return (
    <Suspense fallback={<ShellSkeleton />}>
      {/* Tenant users are warned before their contract ends (once per browser session); the last
          login's password reminder shows once. */}
      <ConsoleFrame
        notices={
          <>
            <ExpireWarning />
            <PasswordNotice />
          </>
        }
      >
        {children}
      </ConsoleFrame>
    </Suspense>
  );
}
