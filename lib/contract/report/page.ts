import { z } from "zod";
import { defineCall } from "../call";
import { oneOf, text } from "../validation";
import { DOCUMENT_MAX } from "./blocks";

/**
 * Custom pages (/page/page1 – /page/page3, core §2 misc): a tenant administrator composes a page of
 * a project from the report's data blocks (point table, chart, alarms, device status, conclusions)
 * in the same editor as a template; the page shows them live over the last `days` days.
 */
export const CUSTOM_PAGES = [1, 2, 3] as const;
export type CustomPageNo = (typeof CUSTOM_PAGES)[number];
export const PAGE_DAYS = [1, 7, 30] as const;
export const pagePath = (n: CustomPageNo) => `/page/page${n}` as const;
export const PAGE_READERS = CUSTOM_PAGES.map(pagePath);
/** The button that lets a role edit the pages it can open. */
export const PAGE_EDIT_PERM = "stat:customPage:upd";

const pageNo = oneOf(CUSTOM_PAGES);
export const pageQuery = z.object({ page: pageNo });
/** view: a page in the console's light or dark colours. */
export const pageViewQuery = pageQuery.extend({ theme: z.enum(["light", "dark"], "validation.invalidOption").default("light") });
/** save: the page's title, how many days it shows, its document (empty: the page is cleared). */
export const pageBody = z.object({
  page: pageNo,
  title: text(64),
  days: oneOf(PAGE_DAYS).default(7),
  content: z.string().trim().max(DOCUMENT_MAX, "validation.maxLength").default(""),
});
export const customPageRow = z.object({
  page: z.number().int(),
  title: z.string(),
  days: z.number().int(),
  content: z.string(),
  updatedByName: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type CustomPageRow = z.infer<typeof customPageRow>;
/** view: the page's blocks rendered over its days up to now (HTML, as a report renders them) and the instants read. */
export const pageView = z.object({ html: z.string(), from: z.string(), to: z.string() });

/** customPage: byPage, save, view. */
export const customPageApi = {
  byPage: defineCall({ kind: "get", path: "stat/customPage/byPage", input: pageQuery, answer: customPageRow, access: { menu: PAGE_READERS }, scope: "project" }),
  save: defineCall({ kind: "post", path: "stat/customPage/save", input: pageBody, answer: customPageRow, access: { perm: PAGE_EDIT_PERM }, scope: "project" }),
  view: defineCall({ kind: "get", path: "stat/customPage/view", input: pageViewQuery, answer: pageView, access: { menu: PAGE_READERS }, scope: "project" }),
};
