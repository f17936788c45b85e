"use client";

import * as React from "react";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { SWRConfiguration } from "swr";
import { Bell, ListTodo } from "lucide-react";
import { useCall } from "@/lib/api/call";
import { INBOX_TOPIC } from "@/lib/contract/live/topics";
import { useLiveTopic } from "@/lib/live/use-live";
import type { CallInput } from "@/lib/contract/call";
import type { Page } from "@/lib/contract/envelope";
import type { MessageItem, stationApi, todoApi } from "@/lib/contract/message";
import { INBOX_PAGE_SIZE, POLL_MS, type InboxKind } from "@/lib/shell/inbox";
import { Button } from "@/components/ui/button";
import { deferred, useDeferred, useDeferredPopup } from "@/components/ui/deferred";

const ICONS = { todo: ListTodo, messages: Bell } as const;

/**
 * SWR skips its refresh interval while the last call failed and would retry with a backoff of
 * seconds: after a failure the next try comes one poll later instead, while the tab is visible
 * (a hidden tab tries again when it returns, by focus revalidation).
 */
const POLL: SWRConfiguration<Page<MessageItem>> = {
  refreshInterval: POLL_MS,
  refreshWhenHidden: false,
  revalidateOnFocus: true,
  keepPreviousData: true,
  onErrorRetry: (_error, _key, config, revalidate, opts) => {
    setTimeout(() => config.isVisible() && revalidate(opts), POLL_MS);
  },
};

// The panel (radix popover) is closed at first paint: it loads when the browser is idle or on the first click.
const inboxPanel = deferred(() => import("./inbox-panel").then((m) => m.InboxPanel));
// The counts are not drawn on the server either: the message contract they are read by loads after the first paint.
const inboxCalls = deferred(() => import("@/lib/shell/inbox-calls").then((m) => m.INBOX));

/**
 * The header's to-do and message popovers: a count badge, 10 items a page, refreshed when the live
 * channel says the caller's inbox changed (or, while it is down, every 60 s while the browser tab
 * is visible) and again when the tab comes back (SWR's focus revalidation).
 * A failed poll is quiet: the badge keeps its last count, the open panel says the refresh failed,
 * and the next tick tries again (no error toast every minute).
 */
export function InboxPopover({ kind }: { kind: InboxKind }) {
  const t = useTranslations("shell.inbox");
  const router = useRouter();
  const { Part: Panel, open, setOpen, triggerProps } = useDeferredPopup(inboxPanel, "dialog");
  const [current, setCurrent] = useState(1);
  const inbox = useDeferred(inboxCalls);
  const Icon = ICONS[kind];
  // The lists' queries take every filter; the popover sends its page and one status (the rest left out).
  const input = { current, size: INBOX_PAGE_SIZE, ...inbox?.[kind].filter } as CallInput<typeof todoApi.page> & CallInput<typeof stationApi.page>;
  // The live channel says when the caller's to-dos or messages change; the poll stands in while it is down.
  const refresh = React.useRef<(() => void) | null>(null);
  const live = useLiveTopic(INBOX_TOPIC, () => refresh.current?.(), () => refresh.current?.());
  const { data, error, mutate } = useCall(inbox?.[kind].call ?? null, input, { ...POLL, refreshInterval: live ? 0 : POLL_MS, silent: true });
  React.useEffect(() => {
    refresh.current = () => void mutate();
  }, [mutate]);
  const total = data?.total ?? 0;
  const label = t(kind);

  const go = (href: string) => {
    setOpen(false);
    router.push(href);
  };

  const trigger = (
    <Button variant="ghost" size="icon" className="relative" aria-label={total ? `${label} (${total})` : label} title={label} data-testid={`inbox-${kind}`} data-live={live || undefined} {...triggerProps}>
      <Icon className="size-5" />
      {total > 0 && (
        <span className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-destructive-solid px-1 text-[10px] leading-4 font-medium text-destructive-foreground" data-testid={`inbox-${kind}-count`}>
          {total > 99 ? "99+" : total}
        </span>
      )}
    </Button>
  );
  return Panel ? <Panel kind={kind} trigger={trigger} open={open} onOpenChange={setOpen} data={data} error={error} current={current} onPage={setCurrent} refresh={mutate} go={go} /> : trigger;
}
