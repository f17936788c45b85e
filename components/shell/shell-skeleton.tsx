import { Skeleton } from "@/components/ui/skeleton";
import { PageSkeleton } from "./page-skeleton";

/** The shell's outline while the session, menu and branding load. */
export function ShellSkeleton() {
  return (
    <div className="flex h-screen overflow-hidden" aria-busy="true" data-testid="shell-skeleton">
      <div className="hidden w-60 shrink-0 space-y-2 border-r bg-card p-2 md:block">
        <Skeleton className="mb-4 h-10 w-full" />
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="h-14 border-b bg-card" />
        <div className="h-10 border-b bg-card" />
        <PageSkeleton />
      </div>
    </div>
  );
}
