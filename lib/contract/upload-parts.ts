/**
 * Uploads in parts, the part the browser's fetcher needs without zod (first load): the part size
 * and the answers. The schemas of the calls are in `upload.ts`.
 */
export const PART_BYTES = 8 * 1024 * 1024;
export type PartsState = { uploadId: string; received: number; size: number };
export type PartsResult = { path: string; name: string; size: number };
