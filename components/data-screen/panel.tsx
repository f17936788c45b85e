import { cn } from "@/lib/utils";

/**
 * A titled block of a data screen: a thin lit frame, the title on a bar, the body below. Sized by
 * the screen's grid (`className`), never by its content, so the layout holds while data arrives.
 */
export function Panel({ title, extra, className, bodyClassName, children, testId }: { title: string; extra?: React.ReactNode; className?: string; bodyClassName?: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className={cn("relative flex min-h-0 flex-col rounded-md border border-sky-500/25 bg-[#071a33]/70 shadow-[inset_0_0_24px_rgba(56,189,248,0.08)]", className)} data-testid={testId} aria-label={title}>
      <span className="pointer-events-none absolute -top-px -left-px size-4 border-t-2 border-l-2 border-sky-400" />
      <span className="pointer-events-none absolute -right-px -bottom-px size-4 border-r-2 border-b-2 border-sky-400" />
      <header className="flex h-12 shrink-0 items-center gap-3 border-b border-sky-500/20 px-4">
        <span className="h-5 w-1 rounded-sm bg-sky-400" />
        <h2 className="truncate text-xl font-semibold tracking-wide text-sky-50">{title}</h2>
        <div className="ml-auto shrink-0 text-base text-sky-200/80">{extra}</div>
      </header>
      <div className={cn("min-h-0 flex-1 p-4", bodyClassName)}>{children}</div>
    </section>
  );
}

/** What a panel shows before its first answer, or when there is nothing to show: never a blank block. */
export function PanelNote({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex size-full items-center justify-center text-lg text-sky-200/60" data-testid={testId}>
      {children}
    </div>
  );
}
