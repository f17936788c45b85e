import { z } from "zod";
import { dbId } from "../common";
import { defineEntity, keyField } from "../entity";
import { RECYCLE_DAYS } from "../recycle-bin";
import { textRequired } from "../validation";
import { MEDIA_TYPES } from "../enums";

/**
 * The media library (core §2 /media/library, §4 file types, §7 file service `mediaLibrary`): a
 * tenant's images and videos in folders. Shared by the screen, the picker and the cloud's checks.
 */
export const MEDIA_TYPE = { folder: 1, image: 2, video: 3 } as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
/** `parentId` of the library's root in a move. */
export const MEDIA_ROOT = -1;
export const MEDIA_LIMITS = { nameMax: 64, recycleDays: RECYCLE_DAYS, pageSize: 24 } as const;

/** Stored paths of the caller's own uploads (`file/upload`, `file/upload/done`). */
const storedPath = z.string().regex(/^\d{1,10}\/\d{8}\/[a-f0-9]{32}\.[a-z0-9]{1,8}$/, "validation.format");
const mediaType = z.coerce.number({ error: "validation.invalidOption" }).refine((n) => (MEDIA_TYPES as readonly number[]).includes(n), "validation.invalidOption");
/** A folder's id, or -1 / blank for the root. */
const parentId = z.preprocess((v) => (v === "" || v === null || v === undefined || String(v) === String(MEDIA_ROOT) ? MEDIA_ROOT : v), z.union([z.literal(MEDIA_ROOT), dbId]));

/** One item of a folder: a folder, an image or a video. `parentId` (search) is the folder shown; none is the root. */
export const mediaItem = defineEntity({
  ns: "media",
  api: "file/mediaLibrary", perm: "file:mediaLibrary",
  nameField: "fileName",
  fields: {
    id: keyField,
    fileName: { schema: textRequired(MEDIA_LIMITS.nameMax), search: "contains", full: true },
    fileType: { kind: "select", dict: "mediaFileType", readOnly: true, search: "eq", schema: mediaType, form: false },
    parentId: { kind: "id", readOnly: true, search: "eq", list: false, detail: false, export: false },
    filePath: { readOnly: true, list: false, detail: false, export: false },
    fileSize: { kind: "number", readOnly: true },
    updateTime: { kind: "datetime", readOnly: true, column: "updatedAt" },
  },
});
export type MediaItem = {
  id: number;
  parentId: number | null;
  fileName: string;
  fileType: MediaType;
  filePath: string | null;
  fileSize: number | null;
  updateTime: string;
};

/** `mediaLibrary/add`: a folder, or an uploaded image or video with its stored path (its size is the cloud's record of the upload). */
export const mediaAdd = z
  .object({
    parentId,
    fileName: textRequired(MEDIA_LIMITS.nameMax),
    fileType: mediaType,
    filePath: storedPath.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.fileType !== MEDIA_TYPE.folder && !v.filePath) ctx.addIssue({ code: "custom", path: ["filePath"], message: "validation.required" });
  });
/** `mediaLibrary/upd`: a new name. */
export const mediaRename = z.object({ id: dbId, fileName: textRequired(MEDIA_LIMITS.nameMax) });
/** `mediaLibrary/moveFile`: into a folder, or -1 for the root. */
export const mediaMove = z.object({ id: dbId, parentId });

/** A folder of `mediaLibrary/treeFolder`. */
export type MediaFolder = { id: number; fileName: string; parentId: number | null; children: MediaFolder[] };

/** What the recycle bin lists (core §4): where it was, by whom and when; purged after 30 days. */
export type RecycledMedia = { id: number; fileName: string; fileType: MediaType; filePath: string | null; deletedAt: string; deletedBy: string; purgeAt: string };

/** The upload purpose of each type (the cloud's size limit and accepted types). */
export const MEDIA_PURPOSE = { [MEDIA_TYPE.image]: "mediaImage", [MEDIA_TYPE.video]: "mediaVideo" } as const;
