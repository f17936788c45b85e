import type { MessageItem } from "@/lib/contract/message";

/** Core §9: the header popovers poll every 60 s, 10 items a page. */
export const POLL_MS = 60_000;
export const INBOX_PAGE_SIZE = 10;

export type InboxKind = "todo" | "messages";
/** Each popover's "all" link. */
export const INBOX_PAGES: Record<InboxKind, string> = { todo: "/msg/todo", messages: "/msg/station" };

const ALARM_TYPES = new Set<string>(["ala", "alaManual"]);

/** Where an item leads: a message to its page; an alarm to-do to the alarm; other to-dos to the centre. */
export function inboxHref(kind: InboxKind, item: Pick<MessageItem, "id" | "msgType" | "bizId">): string {
  if (kind === "messages") return `/msg/stationInfo?id=${item.id}`;
  if (ALARM_TYPES.has(item.msgType) && item.bizId) return `/alarm/alarmCenterInfo?${new URLSearchParams({ id: String(item.bizId), type: item.msgType })}`;
  return INBOX_PAGES.todo;
}
