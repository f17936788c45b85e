"use client";

import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { call } from "@/lib/api/call";
import type { Page } from "@/lib/contract/envelope";
import { stationApi, type MessageItem } from "@/lib/contract/message";
import { INBOX_PAGE_SIZE, INBOX_PAGES, inboxHref, type InboxKind } from "@/lib/shell/inbox";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

/** An inbox popover's panel around its trigger: loaded after the page (`InboxPopover` keeps the data and the count). */
export function InboxPanel({
  kind,
  trigger,
  open,
  onOpenChange,
  data,
  error,
  current,
  onPage,
  refresh,
  go,
}: {
  kind: InboxKind;
  trigger: React.ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  data: Page<MessageItem> | undefined;
  error: unknown;
  current: number;
  onPage: (page: number) => void;
  refresh: () => Promise<unknown>;
  go: (href: string) => void;
}) {
  const t = useTranslations("shell.inbox");
  const format = useFormatter();
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const label = t(kind);
  const markAllRead = async () => {
    try {
      await call(stationApi.readAll, {});
    } catch {
      return;
    }
    toast.success(t("markedAllRead"));
    onPage(1);
    await refresh();
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0" data-testid={`inbox-${kind}-panel`}>
        <div className="flex items-center justify-between border-b px-3 py-2">
          <span className="text-sm font-medium">
            {label} {total > 0 && <span className="text-muted-foreground">({total})</span>}
          </span>
          {kind === "messages" && total > 0 && (
            <Button variant="link" size="sm" className="h-auto px-0" onClick={markAllRead} data-testid="inbox-mark-all">
              {t("markAllRead")}
            </Button>
          )}
        </div>
        {!!error && (
          <p role="status" className="border-b px-3 py-1.5 text-xs text-destructive" data-testid={`inbox-${kind}-error`}>
            {t("loadFailed")}
          </p>
        )}
        <ul className="max-h-80 overflow-y-auto">
          {data?.records.map((item) => (
            <li key={item.id}>
              <button type="button" onClick={() => go(inboxHref(kind, item))} className="w-full border-b px-3 py-2 text-left last:border-b-0 hover:bg-accent focus-visible:bg-accent focus-visible:outline-none" data-testid="inbox-item">
                <span className="line-clamp-1 text-sm font-medium">{item.msgTitle}</span>
                <span className="line-clamp-2 text-xs text-muted-foreground">{item.msgContent}</span>
                <span className="text-xs text-muted-foreground">{format.dateTime(new Date(item.createTime), { dateStyle: "short", timeStyle: "short" })}</span>
              </button>
            </li>
          ))}
          {data && data.records.length === 0 && <li className="px-3 py-6 text-center text-sm text-muted-foreground">{t(kind === "todo" ? "todoEmpty" : "messagesEmpty")}</li>}
        </ul>
        <div className="flex items-center justify-between border-t px-2 py-1">
          <Button variant="link" size="sm" onClick={() => go(INBOX_PAGES[kind])}>
            {t("viewAll")}
          </Button>
          <div className={cn("flex items-center gap-1 text-xs text-muted-foreground", pages <= 1 && "invisible")}>
            <Button variant="ghost" size="icon" className="size-7" disabled={current <= 1} onClick={() => onPage(current - 1)} aria-label={t("prev")} data-testid="inbox-prev">
              <ChevronLeft className="size-4" />
            </Button>
            <span data-testid="inbox-page">{t("page", { current, pages })}</span>
            <Button variant="ghost" size="icon" className="size-7" disabled={current >= pages} onClick={() => onPage(current + 1)} aria-label={t("next")} data-testid="inbox-next">
              <ChevronRight className="size-4" />
            </Button>
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}
