import { z } from "zod";
import { dbId } from "../common";
import { defineEntity, keyField } from "../entity";
import { RECYCLE_DAYS } from "../recycle-bin";
import { text, textRequired } from "../validation";

/**
 * The knowledge base (widgets §2–§9, core §4): bases (fileType '9'), folders ('1') and files ('2')
 * in one tree, permission entries, the operation log. Shared by the console's dialogs and the
 * cloud's checks.
 */
export const FILE_TYPES = ["9", "1", "2"] as const;
export type KnowledgeFileType = (typeof FILE_TYPES)[number];
/** '1' view and download only, '2' manage, '9' owner. */
export const AUTH_TYPES = ["1", "2", "9"] as const;
export type AuthType = (typeof AUTH_TYPES)[number];
/** What can be granted: the owner is never granted, it is the base's creator. */
export const GRANTABLE = ["1", "2"] as const;
/** A new grantee starts with view-only (widgets §4). */
export const DEFAULT_GRANT: AuthType = "1";
export const authRank = (a: AuthType | null | undefined) => (a ? Number(a) : 0);
export const canManage = (a: AuthType | null | undefined) => authRank(a) >= 2;
export const isOwner = (a: AuthType | null | undefined) => a === "9";

/** Widgets §9, core §9. */
export const KNOWLEDGE_LIMITS = { nameMax: 64, descMax: 500, fileMaxMb: 1024, recycleDays: RECYCLE_DAYS, treeRefreshMs: 300, dialogWidth: 800, smallDialogWidth: 500 } as const;
/** `moveFile`'s fileId for the root of a base. */
export const ROOT_FOLDER = -1;

/** Operation log types (core §4): 1 new … 9 delete, labels in enums.json `operationType`. */
export const LOG_TYPES = { add: 1, upload: 2, modify: 3, recycle: 4, restore: 5, auth: 6, move: 7, download: 8, delete: 9 } as const;

const name = textRequired(KNOWLEDGE_LIMITS.nameMax);
const desc = text(KNOWLEDGE_LIMITS.descMax);

/** A base's dialog: `addHeader` {fileName, fileDesc}; `updHeader` adds the id. */
export const headerBody = z.object({ fileName: name, fileDesc: desc });
export const headerUpdate = headerBody.extend({ id: dbId });

/** The stored path of a knowledge upload (`file/upload/done?purpose=knowledge`). */
const storedPath = z.string().regex(/^\d{1,10}\/\d{8}\/[a-f0-9]{32}\.[a-z0-9]{1,8}$/, "validation.format");
const fileSize = z.coerce.string().regex(/^\d{1,13}$/, "validation.number");
/** The parent: a folder's id, or -1 / empty for the base's root. `fielId` is the contract's spelling (widgets §7). */
const parentId = z.preprocess((v) => (v === "" || v === null || v === undefined || v === ROOT_FOLDER || v === String(ROOT_FOLDER) ? ROOT_FOLDER : v), z.union([z.literal(ROOT_FOLDER), dbId]));

/** `fileBase/add`: a folder, or a file with its one attachment. */
export const nodeBody = z
  .object({
    headerId: dbId,
    fielId: parentId,
    fileName: name,
    fileDesc: desc,
    fileType: z.enum(["1", "2"], "validation.invalidOption"),
    filePath: z.string().optional(),
    fileSize: fileSize.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.fileType !== "2") return;
    if (!v.filePath || !storedPath.safeParse(v.filePath).success) ctx.addIssue({ code: "custom", path: ["filePath"], message: "validation.required" });
  });
/** `fileBase/upd`: name and description; a file may get a new attachment. */
export const nodeUpdate = z.object({ id: dbId, fileName: name, fileDesc: desc, filePath: storedPath.optional(), fileSize: fileSize.optional() });
export const moveBody = z.object({ id: dbId, fileId: parentId, headerId: dbId });
/** A permission entry (widgets §3): one authType for the users, departments and groups named. */
export const authEntry = z.object({
  authType: z.enum(GRANTABLE, "validation.invalidOption").default(DEFAULT_GRANT),
  fileId: dbId,
  userIds: z.array(dbId).max(500).default([]),
  deparIds: z.array(dbId).max(500).default([]),
  groupIds: z.array(dbId).max(500).default([]),
});
export type AuthEntry = z.output<typeof authEntry>;
/** `authHeader` / `auth`: the whole list for one node (it replaces what was granted). */
export const authBody = z.array(authEntry).max(100);
export const ownerBody = z.object({ id: dbId, userId: dbId });

/** A node of `treeFile` (widgets §3). */
export type KnowledgeNode = {
  fileId: number;
  headerId: number;
  parentId: number | null;
  fileName: string;
  fileDesc: string | null;
  fileType: KnowledgeFileType;
  filePath: string | null;
  fileSize: string | null;
  authType: AuthType;
  headerUserId: number;
  headerUserName: string;
  updateTime: string;
  /** On a base: whether the caller may change its owner (userIdentity 2, widgets §6). */
  canChangeOwner?: boolean;
  subList: KnowledgeNode[];
};

/** One row of `queryAuthList*`: a grantee with its right. */
export type AuthGrant = { authType: AuthType; kind: "user" | "department" | "group"; id: number; name: string };

/** The recycle bin (core §4): what was recycled, by whom and when; purged after 30 days. */
export type RecycledNode = { fileId: number; headerId: number; headerName: string; fileName: string; fileType: KnowledgeFileType; deletedAt: string; deletedBy: string; purgeAt: string };

/** /knowledgeLog (core §4 operation log types). */
export const knowledgeLog = defineEntity({
  ns: "knowledge.log",
  api: "file/fileLog",
  fields: {
    id: keyField,
    type: { kind: "select", dict: "operationType", search: "eq", schema: z.coerce.number().int().min(1).max(9) },
    fileName: { search: "contains", readOnly: true },
    headerName: { readOnly: true },
    realname: { search: "contains", readOnly: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, search: "range" },
  },
});
