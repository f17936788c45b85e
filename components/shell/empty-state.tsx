import { Inbox } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";

/** An empty list, panel or page: an icon, a line of text (default "no data") and an optional action. */
export function EmptyState({ title, description, action, className }: { title?: React.ReactNode; description?: React.ReactNode; action?: React.ReactNode; className?: string }) {
  const t = useTranslations("shell.empty");
  return (
    <div className={cn("flex flex-col items-center justify-center gap-2 py-12 text-center text-muted-foreground", className)} data-testid="empty-state">
      <Inbox className="size-10 opacity-40" aria-hidden="true" />
      <p className="text-sm font-medium">{title ?? t("title")}</p>
      {description && <p className="max-w-md text-xs">{description}</p>}
      {action}
    </div>
  );
}
