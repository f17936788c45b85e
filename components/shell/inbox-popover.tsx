"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import useSWR, { type SWRConfiguration } from "swr";
import { toast } from "sonner";
import { Bell, ChevronLeft, ChevronRight, ListTodo } from "lucide-react";
import { api, silentSwrFetcher } from "@/lib/api/fetcher";
import type { Page } from "@/lib/contract/envelope";
import type { MessageItem } from "@/lib/contract/message";
import { INBOX, INBOX_PAGE_SIZE, inboxHref, POLL_MS, type InboxKind } from "@/lib/shell/inbox";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

const ICONS = { todo: ListTodo, messages: Bell } as const;

/**
 * SWR skips its refresh interval while the last call failed and would retry with a backoff of
 * seconds: after a failure the next try comes one poll later instead, while the tab is visible
 * (a hidden tab tries again when it returns, by focus revalidation).
 */
const POLL: SWRConfiguration = {
  refreshInterval: POLL_MS,
  refreshWhenHidden: false,
  revalidateOnFocus: true,
  keepPreviousData: true,
  onErrorRetry: (_error, _key, config, revalidate, opts) => {
    setTimeout(() => config.isVisible() && revalidate(opts), POLL_MS);
  },
};

/**
 * The header's to-do and message popovers: a count badge, 10 items a page, refreshed every 60 s
 * while the browser tab is visible and again when it comes back (SWR's focus revalidation).
 * A failed poll is quiet: the badge keeps its last count, the open panel says the refresh failed,
 * and the next tick tries again (no error toast every minute).
 */
export function InboxPopover({ kind }: { kind: InboxKind }) {
  const t = useTranslations("shell.inbox");
  const format = useFormatter();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState(1);
  const { path, filter, all } = INBOX[kind];
  const Icon = ICONS[kind];
  const key = [path, { current, size: INBOX_PAGE_SIZE, ...filter }] as const;
  const { data, error, mutate } = useSWR<Page<MessageItem>>(key, silentSwrFetcher, POLL);
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const label = t(kind);

  const go = (href: string) => {
    setOpen(false);
    router.push(href);
  };
  const markAllRead = async () => {
    try {
      await api.post("msg/station/currUser/readAll");
    } catch {
      return;
    }
    toast.success(t("markedAllRead"));
    setCurrent(1);
    await mutate();
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={total ? `${label} (${total})` : label} title={label} data-testid={`inbox-${kind}`}>
          <Icon className="size-5" />
          {total > 0 && (
            <span className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-destructive-solid px-1 text-[10px] leading-4 font-medium text-destructive-foreground" data-testid={`inbox-${kind}-count`}>
              {total > 99 ? "99+" : total}
            </span>
          )}
        </Button>
      </PopoverTrigger>
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
        {error && (
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
          <Button variant="link" size="sm" onClick={() => go(all)}>
            {t("viewAll")}
          </Button>
          <div className={cn("flex items-center gap-1 text-xs text-muted-foreground", pages <= 1 && "invisible")}>
            <Button variant="ghost" size="icon" className="size-7" disabled={current <= 1} onClick={() => setCurrent((c) => c - 1)} aria-label={t("prev")} data-testid="inbox-prev">
              <ChevronLeft className="size-4" />
            </Button>
            <span data-testid="inbox-page">{t("page", { current, pages })}</span>
            <Button variant="ghost" size="icon" className="size-7" disabled={current >= pages} onClick={() => setCurrent((c) => c + 1)} aria-label={t("next")} data-testid="inbox-next">
              <ChevronRight className="size-4" />
            </Button>
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}
