import { z } from "zod";
import { defineCall } from "./call";

/** What the command palette finds (issue 40): each kind with the screen that opens it. */
export const SEARCH_KINDS = ["device", "point", "alarm", "project", "document", "simCard"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** Hits per kind. */
export const SEARCH_LIMIT = 8;

export const searchQuery = z.object({ keyword: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(64, "validation.maxLength") });

export const searchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  title: z.string(),
  /** What tells two hits apart: a device's SN and project, an alarm's device, a point's kind. */
  hint: z.string().nullable(),
  /** The console's address of the hit. */
  href: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

/**
 * sys/search/global: devices by name or SN, measurement points, open alarms, projects and knowledge
 * documents by name — and by pinyin initials (`cjjc` → 沉降监测) — among what the caller may see:
 * the projects they may see, the screens they may open, the documents granted to them — and SIM
 * cards by the last digits of their ICCID (4 to 20 digits, spaces ignored: what a user reads off a card).
 */
export const searchApi = {
  global: defineCall({ kind: "get", path: "sys/search/global", input: searchQuery, answer: z.array(searchHit), access: "user", scope: "own" }),
};
