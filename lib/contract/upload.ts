import { z } from "zod";
import { defineCall, empty, file } from "./call";

/**
 * Upload rules shared by the console's uploaders (checked before sending) and the cloud's
 * `file/upload` (checked again, with the bytes). Widgets §5, §9; core §9.
 */
export const IMAGE_EXTS = ["jpg", "jpeg", "bmp", "png"] as const;
export const DOC_EXTS = ["pdf", "doc", "docx", "xls", "xlsx"] as const;
export const IMPORT_EXTS = ["xls", "xlsx"] as const;
/** Images the rich-text editor accepts (any image type the browser can show). */
export const EDITOR_IMAGE_EXTS = ["jpg", "jpeg", "png", "bmp", "gif", "webp"] as const;
export const VIDEO_EXTS = ["mp4", "mov", "avi"] as const;
/** What the media library keeps: images the browser shows, videos its player plays. */
export const MEDIA_IMAGE_EXTS = ["jpg", "jpeg", "png", "bmp", "gif", "webp"] as const;
export const MEDIA_VIDEO_EXTS = ["mp4", "mov"] as const;
/** What a knowledge base keeps (widgets §9: one file under 1 GB). */
export const KNOWLEDGE_EXTS = ["pdf", "doc", "docx", "xls", "xlsx", "txt", "csv", "jpg", "jpeg", "png", "bmp", "gif", "mp4", "zip"] as const;

export const UPLOAD_LIMITS = {
  images: 9,
  documents: 10,
  sizeMb: 10,
  editor: { sizeMb: 20, files: 10, timeoutMs: 5000 },
  /** The cloud's own default and ceiling when the caller names no `maxMb`. */
  serverDefaultMb: 20,
  serverMaxMb: 100,
} as const;

/**
 * What an upload is for (`file/upload?purpose=`): the cloud takes the size limit, the types and
 * whether the file is public from here, never from the caller's numbers (core §9). `public`:
 * branding the anonymous login screen shows.
 */
export const UPLOAD_PURPOSES = {
  avatar: { maxMb: 4, accept: IMAGE_EXTS, public: false },
  companyLogo: { maxMb: 2, accept: IMAGE_EXTS, public: true },
  loginLogo: { maxMb: 2, accept: IMAGE_EXTS, public: true },
  loginBanner: { maxMb: 5, accept: IMAGE_EXTS, public: true },
  loginBackdrop: { maxMb: 5, accept: IMAGE_EXTS, public: true },
  tenantContract: { maxMb: 20, accept: DOC_EXTS, public: false },
  projectImage: { maxMb: 4, accept: IMAGE_EXTS, public: false },
  /** A space's one attachment (core §5): a drawing, a document or a photo. */
  spaceAttachment: { maxMb: 20, accept: [...DOC_EXTS, ...IMAGE_EXTS], public: false },
  knowledge: { maxMb: 1024, accept: KNOWLEDGE_EXTS, public: false },
  // Alarm attachments (core §9): images and files of 10 MB, videos of 50 MB; handling results 10 MB.
  alarmImage: { maxMb: 10, accept: IMAGE_EXTS, public: false },
  alarmVideo: { maxMb: 50, accept: VIDEO_EXTS, public: false },
  alarmFile: { maxMb: 10, accept: DOC_EXTS, public: false },
  alarmResponse: { maxMb: 10, accept: [...IMAGE_EXTS, ...DOC_EXTS], public: false },
  batteryImage: { maxMb: 5, accept: IMAGE_EXTS, public: false },
  buildPhoto: { maxMb: 20, accept: IMAGE_EXTS, public: false },
  // Scene files (core §9): a 16:9 floor plan image or a 3D model, 20 MB.
  sceneImage: { maxMb: 20, accept: ["jpg", "jpeg", "png"], public: false },
  sceneModel: { maxMb: 20, accept: ["glb", "gltf"], public: false },
  // The media library (core §2): pictures, and videos sent in parts.
  mediaImage: { maxMb: 20, accept: MEDIA_IMAGE_EXTS, public: false },
  mediaVideo: { maxMb: 500, accept: MEDIA_VIDEO_EXTS, public: false },
  // Inspection robots (core §9): the track map 20 MB, point photos 4 MB each; the photos a robot takes.
  trackMap: { maxMb: 20, accept: ["jpg", "jpeg", "png"], public: false },
  inspectionPointPhoto: { maxMb: 4, accept: IMAGE_EXTS, public: false },
} as const satisfies Record<string, { maxMb: number; accept: readonly string[]; public: boolean }>;
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
const PURPOSES = Object.keys(UPLOAD_PURPOSES) as [UploadPurpose, ...UploadPurpose[]];
/** A public file is always branding, so one uploaded without a purpose gets branding's largest limit. */
export const PUBLIC_MAX_MB = Math.max(...Object.values(UPLOAD_PURPOSES).map((p) => (p.public ? p.maxMb : 0)));

/** Spreadsheet imports (core §9): enforced by the cloud while it streams the sheet. */
export const IMPORT_LIMITS = { rows: 10000, columns: 200, sizeMb: 20 } as const;

/** What `POST <entity>/import` answers. `rowData` holds the row's cells as read. */
export type ImportError = { rowNum: number; rowData: (string | number | boolean | null)[]; errorMsg: string };
export type ImportResult = { successTotal: number; failureTotal: number; errorList: ImportError[] };

/** Lower-case extension without the dot; "" when there is none. */
export function extOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/** ".jpg/.jpeg/.bmp/.png", as the type hint shows it. */
export const extList = (exts: readonly string[]) => exts.map((e) => `.${e}`).join("/");

export type UploadProblem = { key: "typeHint" | "tooLarge"; values: Record<string, string | number> };

/** The checks made before a file is sent: extension in the list, size under the limit. */
export function checkUpload(file: { name: string; size: number }, opts: { accept: readonly string[]; maxMb: number }): UploadProblem | null {
  if (!opts.accept.includes(extOf(file.name))) return { key: "typeHint", values: { exts: extList(opts.accept) } };
  if (file.size > opts.maxMb * 1024 * 1024) return { key: "tooLarge", values: { n: opts.maxMb } };
  return null;
}

/** `file/upload?purpose=&maxMb=&accept=jpg,png&public=1`: all optional. A `purpose` sets the
 *  limit, types and publicity, which `maxMb` and `accept` may only narrow; without one, maxMb is
 *  capped by the server's ceiling and `public=1` (images only, branding's limit) marks branding
 *  the anonymous login screen shows. */
export const uploadQuery = z.object({
  purpose: z.enum(PURPOSES, "validation.invalidOption").optional(),
  public: z.enum(["0", "1"], "validation.invalidOption").optional().transform((v) => v === "1"),
  maxMb: z.coerce.number({ error: "validation.number" }).positive("validation.number").max(UPLOAD_LIMITS.serverMaxMb, "validation.max").optional(),
  accept: z
    .string()
    .regex(/^[a-z0-9]{1,8}(,[a-z0-9]{1,8})*$/i, "validation.format")
    .transform((s) => s.toLowerCase().split(","))
    .optional(),
});

/**
 * Uploads in parts (`file/upload/init` → `part?uploadId&offset` … → `done`), for large files: each
 * part streams to disk, and a dropped connection resumes from `received` instead of starting over.
 */
export const PART_BYTES = 8 * 1024 * 1024;
export const partsInit = z.object({
  purpose: z.enum(PURPOSES, "validation.invalidOption"),
  fileName: z.string().trim().min(1, "validation.required").max(200, "validation.maxLength"),
  size: z.coerce.number({ error: "validation.number" }).int().min(1, "widgets.files.noFile"),
});
const uploadId = z.string().regex(/^[a-f0-9]{32}$/, "validation.format");
export const partsQuery = z.object({ uploadId, offset: z.coerce.number({ error: "validation.number" }).int().min(0).optional() });
export const partsDone = z.object({ uploadId });
/** Where an upload in parts stands: the bytes the cloud holds of the whole. */
export const partsState = z.object({ uploadId: z.string(), received: z.number().int().nonnegative(), size: z.number().int().positive() });
export type PartsState = z.infer<typeof partsState>;
/** The stored file once every part is in. */
export const partsResult = z.object({ path: z.string(), name: z.string(), size: z.number().int() });
export type PartsResult = z.infer<typeof partsResult>;

/** `file/del`: the caller's own upload that no saved form refers to yet (a file removed from a form before saving). */
export const fileDelBody = z.object({ path: z.string({ error: "validation.required" }).min(1, "validation.required").max(80, "validation.maxLength") });

/**
 * Uploads (file service, widgets §5, §9): any signed-in user stores files in their tenant's space
 * (a form saves the path); only the uploader may drop or go on with their own.
 */
export const uploadApi = {
  /** Multipart field `file`; answers the stored relative path. */
  upload: defineCall({ kind: "upload", path: "file/upload", input: uploadQuery, answer: z.string(), access: "user" }),
  del: defineCall({ kind: "post", path: "file/del", input: fileDelBody, answer: empty, access: "user", scope: "own" }),
  init: defineCall({ kind: "post", path: "file/upload/init", input: partsInit, answer: partsState, access: "user", scope: "own" }),
  status: defineCall({ kind: "get", path: "file/upload/status", input: partsQuery, answer: partsState, access: "user", scope: "own" }),
  /** The part's bytes as the body (`application/octet-stream`), starting at `offset`; a wrong offset is a conflict carrying the state. */
  part: defineCall({ kind: "raw", path: "file/upload/part", input: partsQuery, answer: partsState, access: "user", scope: "own" }),
  done: defineCall({ kind: "post", path: "file/upload/done", input: partsDone, answer: partsResult, access: "user", scope: "own" }),
};

/**
 * Stored files by their path (`[p/]<tenant>/<yyyymmdd>/<name>`, what `upload` answers): a tenant's
 * own files to its users (any tenant's to the platform's), public branding to anyone (the login screen).
 */
/** The folder of public files (`p/<tenant>/…`), outside every tenant's own. */
export const PUBLIC_PREFIX = "p";
export const storedFileApi = {
  read: defineCall({ kind: "get", path: "file/:tenantId{[0-9]+}/:day/:name", answer: file, access: "user", scope: "own" }),
  public: defineCall({ kind: "get", path: `file/${PUBLIC_PREFIX}/:tenantId/:day/:name`, answer: file, access: "anonymous" }),
};
