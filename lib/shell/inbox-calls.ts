import { stationApi, todoApi } from "@/lib/contract/message";
import type { InboxKind } from "./inbox";

/**
 * The header popovers' calls, apart from `inbox.ts` so the shell loads the message contract after
 * its first paint. Core §7: to-dos with todoStatus 1, messages with readStatus 0.
 */
export const INBOX = {
  todo: { call: todoApi.page, filter: { todoStatus: 1 } },
  messages: { call: stationApi.page, filter: { readStatus: 0 } },
} as const satisfies Record<InboxKind, unknown>;
