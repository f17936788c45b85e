import { z } from "zod";

/** The paging parameters of every list request (kept apart from the envelope, which every page loads: no zod there). */
export const pageQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(99999).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;
