import { Skeleton } from "@/components/ui/skeleton";

/** What a console page shows while it loads: a title bar, a search row and table rows. */
export function PageSkeleton() {
  return (
    <div className="flex flex-col gap-3 p-4" aria-busy="true" data-testid="page-skeleton">
      <Skeleton className="h-7 w-48" />
      <Skeleton className="h-3 w-64" />
      <div className="mt-2 flex gap-2">
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-9 w-24" />
      </div>
      <div className="mt-2 space-y-2 rounded-md border bg-card p-3">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    </div>
  );
}
