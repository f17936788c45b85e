import { Suspense } from "react";
import { NotFoundView } from "@/components/app/not-found-view";
import { ConsoleFrame } from "@/components/shell/console-frame";
import { ShellSkeleton } from "@/components/shell/shell-skeleton";
import { currentSession } from "@/lib/server/session";

/**
 * Any path no page answers (a mistyped address, a catalogued route not built yet). Next renders
 * this with HTTP 404 set before anything streams. Signed in, the view sits inside the console
 * frame so the header, menu and tabs stay (core §2); anonymous visitors of a guarded path never
 * get here (proxy.ts sends them to login), anyone else gets the bare view.
 */
export default function NotFound() {
  return (
    <Suspense fallback={<ShellSkeleton />}>
      <NotFoundPage />
    </Suspense>
  );
}

async function NotFoundPage() {
  if (!(await currentSession())) {
    return (
      <main>
        <NotFoundView />
      </main>
    );
  }
  return (
    <ConsoleFrame>
      <NotFoundView />
    </ConsoleFrame>
  );
}
