import { z } from "zod";
import { pageQuery } from "./envelope";
import { mobile, optional, text, textRequired } from "./validation";

/** Project (core §3): name, ID, type, contact person and phone, images, address, position. */
export const projectBody = z.object({
  prjName: textRequired(64),
  prjType: text(32),
  contactName: text(32),
  contactPhone: mobile,
  prjAddress: text(200),
  areaCode: optional(z.string().regex(/^\d{6}$/, "validation.format")),
  prjLongitude: optional(z.coerce.number({ error: "validation.number" }).min(-180, "validation.min").max(180, "validation.max")),
  prjLatitude: optional(z.coerce.number({ error: "validation.number" }).min(-90, "validation.min").max(90, "validation.max")),
  /** Stored file paths, at most 9 (image uploader limit). */
  images: z.array(z.string().max(500)).max(9, "validation.maxItems").default([]),
});
export type ProjectBody = z.infer<typeof projectBody>;
export const projectUpdate = projectBody.extend({ id: z.coerce.number().int().positive() });

/** "YYYY-MM-DD HH:mm:ss" (platform time) or "YYYY-MM-DD", as the search bar sends them. */
const dateTime = optional(z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, "validation.format"));
export const PROJECT_SORTS = ["prjName", "createTime"] as const;

/** List filters, shared by the page and the export. */
export const projectFilters = z.object({
  prjName: optional(z.string().max(64)),
  prjType: optional(z.string().max(32)),
  contactName: optional(z.string().max(32)),
  startTime: dateTime,
  endTime: dateTime,
  sortField: optional(z.enum(PROJECT_SORTS)),
  sortOrder: optional(z.enum(["asc", "desc"])),
});
export const projectQuery = pageQuery.extend(projectFilters.shape);
export type ProjectFilters = z.infer<typeof projectFilters>;

export type Project = ProjectBody & { id: number; createTime: string };
