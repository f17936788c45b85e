import { z } from "zod";
import { defineCall, empty, pageOf, typed } from "../call";
import { dbId, idQuery, idsBody } from "../common";
import { defineEntity, keyField } from "../entity";
import { RECYCLE_DAYS } from "../recycle-bin";
import { textRequired } from "../validation";
import { MEDIA_TYPES } from "../enums";

/**
 * The media library (core §2 /media/library, §4 file types, §7 file service `mediaLibrary`): a
 * tenant's images, videos and rich-text documents in folders. Shared by the screen, the picker and
 * the cloud's checks.
 */
export const MEDIA_TYPE = { folder: 1, image: 2, video: 3, document: 4 } as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
/** `parentId` of the library's root in a move. */
export const MEDIA_ROOT = -1;
/** `documentMax`: characters of a document's HTML (its images are links to uploads, not inline). */
export const MEDIA_LIMITS = { nameMax: 64, recycleDays: RECYCLE_DAYS, pageSize: 24, documentMax: 200_000 } as const;

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
const mediaTypeOut = z.union([z.literal(MEDIA_TYPE.folder), z.literal(MEDIA_TYPE.image), z.literal(MEDIA_TYPE.video), z.literal(MEDIA_TYPE.document)]);
/** An item as the library answers it. */
export const mediaRow = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  fileName: z.string(),
  fileType: mediaTypeOut,
  filePath: z.string().nullable(),
  fileSize: z.number().nullable(),
  updateTime: z.string(),
});
export type MediaItem = z.infer<typeof mediaRow>;

/** `mediaLibrary/add`: a folder, or an uploaded image or video with its stored path (its size is the cloud's record of the upload); a document is written with `docAdd`. */
export const mediaAdd = z
  .object({
    parentId,
    fileName: textRequired(MEDIA_LIMITS.nameMax),
    fileType: mediaType,
    filePath: storedPath.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.fileType === MEDIA_TYPE.document) ctx.addIssue({ code: "custom", path: ["fileType"], message: "validation.invalidOption" });
    else if (v.fileType !== MEDIA_TYPE.folder && !v.filePath) ctx.addIssue({ code: "custom", path: ["filePath"], message: "validation.required" });
  });
/** `mediaLibrary/upd`: a new name. */
export const mediaRename = z.object({ id: dbId, fileName: textRequired(MEDIA_LIMITS.nameMax) });
/** `mediaLibrary/moveFile`: into a folder, or -1 for the root. */
export const mediaMove = z.object({ id: dbId, parentId });

/** A document's rich text (the editor's HTML; the cloud sanitises it). Empty is allowed: a new page. */
const documentHtml = z.string().max(MEDIA_LIMITS.documentMax, "validation.maxLength");
/** `docAdd`: a new rich-text document in a folder (or the root). */
export const mediaDocAdd = z.object({ parentId, fileName: textRequired(MEDIA_LIMITS.nameMax), content: documentHtml });
/**
 * `docUpd`: a document's name and text. `updateTime`, the version the editor opened: a document
 * changed by someone else since is refused rather than overwritten.
 */
export const mediaDocUpd = z.object({ id: dbId, fileName: textRequired(MEDIA_LIMITS.nameMax), content: documentHtml, updateTime: z.string().max(40).optional() });
/** A document with its text and who last saved it. */
export const mediaDoc = mediaRow.extend({ content: z.string(), updatedByName: z.string().nullable() });
export type MediaDoc = z.infer<typeof mediaDoc>;

/** A folder of `mediaLibrary/treeFolder`. */
export type MediaFolder = { id: number; fileName: string; parentId: number | null; children: MediaFolder[] };

/** What the recycle bin lists (core §4): where it was, by whom and when; purged after 30 days. */
export const recycledMedia = z.object({ id: z.number().int(), fileName: z.string(), fileType: mediaTypeOut, filePath: z.string().nullable(), deletedAt: z.string(), deletedBy: z.string(), purgeAt: z.string() });
export type RecycledMedia = z.infer<typeof recycledMedia>;

/** The upload purpose of each type (the cloud's size limit and accepted types). */
export const MEDIA_PURPOSE = { [MEDIA_TYPE.image]: "mediaImage", [MEDIA_TYPE.video]: "mediaVideo" } as const;

/** The standalone rich-text editor: a document of the library opened at `/quillEditor?id=`, a new one at `?parentId=`. */
export const DOC_EDITOR_PATH = "/quillEditor";

/** Browsing needs the screen; adding, changing and deleting need its buttons' codes (the editor, /quillEditor, is the library's detail page). */
const SCREEN = { menu: ["/media/library"] } as const;
const PERM = { add: { perm: "file:mediaLibrary:add" }, upd: { perm: "file:mediaLibrary:upd" }, del: { perm: "file:mediaLibrary:del" } } as const;

/** The media library (file mediaLibrary): a tenant's folders, images and videos. */
export const mediaApi = {
  folders: defineCall({ kind: "get", path: "file/mediaLibrary/treeFolder", answer: typed<MediaFolder[]>(), access: SCREEN }),
  /** A folder's items, folders first, then the newest; a name searches the whole library. */
  page: defineCall({ kind: "get", path: "file/mediaLibrary/page", input: mediaItem.query, answer: pageOf(mediaRow), access: SCREEN }),
  info: defineCall({ kind: "get", path: "file/mediaLibrary/info", input: idQuery, answer: mediaRow, access: SCREEN }),
  add: defineCall({ kind: "post", path: "file/mediaLibrary/add", input: mediaAdd, answer: mediaRow, access: PERM.add }),
  upd: defineCall({ kind: "post", path: "file/mediaLibrary/upd", input: mediaRename, answer: mediaRow, access: PERM.upd }),
  move: defineCall({ kind: "post", path: "file/mediaLibrary/moveFile", input: mediaMove, answer: mediaRow, access: PERM.upd }),
  /** The list's delete: to the recycle bin, with what lies under a folder. */
  recycle: defineCall({ kind: "post", path: "file/mediaLibrary/recycle", input: idsBody, answer: empty, access: PERM.del }),
  recycleList: defineCall({ kind: "get", path: "file/mediaLibrary/recycleList", answer: z.array(recycledMedia), access: SCREEN }),
  restore: defineCall({ kind: "post", path: "file/mediaLibrary/restore", input: idQuery, answer: empty, access: PERM.del }),
  delete: defineCall({ kind: "post", path: "file/mediaLibrary/delete", input: idQuery, answer: empty, access: PERM.del }),
  /** Rich-text documents, written on /quillEditor: read with their text, added, changed. */
  docInfo: defineCall({ kind: "get", path: "file/mediaLibrary/docInfo", input: idQuery, answer: mediaDoc, access: SCREEN }),
  docAdd: defineCall({ kind: "post", path: "file/mediaLibrary/docAdd", input: mediaDocAdd, answer: mediaDoc, access: PERM.add }),
  docUpd: defineCall({ kind: "post", path: "file/mediaLibrary/docUpd", input: mediaDocUpd, answer: mediaDoc, access: PERM.upd }),
};
