import { z } from "zod";
import { defineCall, empty, file, typed } from "../call";
import { dbId, idQuery } from "../common";
import { crudCalls } from "../entity-calls";
import { defineEntity, keyField, labelFields } from "../entity";
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
// A refused field is named by its label ("Attachment: required"), not its wire name.
labelFields("knowledge.node", nodeBody, nodeUpdate);
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
/** `authHeader` / `auth`: the whole list for one node (it replaces what was granted); an entry naming no one clears them. */
export const authBody = z.array(authEntry).min(1, "validation.minItems").max(100);
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
export const authGrant = z.object({ authType: z.enum(AUTH_TYPES), kind: z.enum(["user", "department", "group"]), id: z.number().int(), name: z.string() });
export type AuthGrant = z.infer<typeof authGrant>;

/** The recycle bin (core §4): what was recycled, by whom and when; purged after 30 days. */
export const recycledNode = z.object({
  fileId: z.number().int(),
  headerId: z.number().int(),
  headerName: z.string(),
  fileName: z.string(),
  fileType: z.enum(FILE_TYPES),
  deletedAt: z.string(),
  deletedBy: z.string(),
  purgeAt: z.string(),
});
export type RecycledNode = z.infer<typeof recycledNode>;

/** A signed link's answer (`fileBase/link`): the token /previewFile and the overlay read the file by. */
export const fileLink = z.object({ token: z.string(), ext: z.string(), fileName: z.string(), expiresAt: z.string() });
export type FileLink = z.infer<typeof fileLink>;

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

/** The base's button codes beyond the screen: a new base, and moving a folder or file. */
const ADD_BASE = { perm: "file:header:add" } as const;
const MOVE = { perm: "file:fileBase:moveFile" } as const;
/**
 * Every other call needs the screen, and the handler checks the caller's right on the node it
 * touches (view '1', manage '2', owner '9'), so a hidden button is never the only guard.
 */
const SCREEN = { menu: ["/knowledge"] } as const;
const created = z.object({ id: z.number().int() });

/** The knowledge base (file header, fileBase): bases, then folders and files. */
export const knowledgeApi = {
  addHeader: defineCall({ kind: "post", path: "file/header/addHeader", input: headerBody, answer: created, access: ADD_BASE }),
  updHeader: defineCall({ kind: "post", path: "file/header/updHeader", input: headerUpdate, answer: empty, access: SCREEN, scope: "own" }),
  /** A whole base is deleted for good, with its files (widgets §4). */
  delHeader: defineCall({ kind: "post", path: "file/header/delHeader", input: idQuery, answer: empty, access: SCREEN, scope: "own" }),
  /** The base's grants, replaced whole; the node is the entries' `fileId`, or `?id=` when there are none. */
  authHeader: defineCall({ kind: "post", path: "file/header/authHeader", input: authBody, answer: empty, access: SCREEN, scope: "own" }),
  headerGrants: defineCall({ kind: "get", path: "file/header/queryAuthListHeader", input: idQuery, answer: z.array(authGrant), access: SCREEN, scope: "own" }),
  /** A new owner: only users with userIdentity 2 may change it (widgets §6). */
  changeOwner: defineCall({ kind: "post", path: "file/header/updAddUser", input: ownerBody, answer: empty, access: SCREEN, scope: "own" }),
  /** Every base, folder and file the caller may see, as a tree (`subList`). */
  tree: defineCall({ kind: "get", path: "file/fileBase/treeFile", answer: typed<KnowledgeNode[]>(), access: SCREEN, scope: "own" }),
  add: defineCall({ kind: "post", path: "file/fileBase/add", input: nodeBody, answer: created, access: SCREEN, scope: "own" }),
  upd: defineCall({ kind: "post", path: "file/fileBase/upd", input: nodeUpdate, answer: empty, access: SCREEN, scope: "own" }),
  /** A folder or file to the recycle bin; a base is deleted with `delHeader`. */
  recycle: defineCall({ kind: "post", path: "file/fileBase/recycle", input: idQuery, answer: empty, access: SCREEN, scope: "own" }),
  move: defineCall({ kind: "post", path: "file/fileBase/moveFile", input: moveBody, answer: empty, access: MOVE, scope: "own" }),
  auth: defineCall({ kind: "post", path: "file/fileBase/auth", input: authBody, answer: empty, access: SCREEN, scope: "own" }),
  grants: defineCall({ kind: "get", path: "file/fileBase/queryAuthList", input: idQuery, answer: z.array(authGrant), access: SCREEN, scope: "own" }),
  download: defineCall({ kind: "get", path: "file/fileBase/download", input: idQuery, answer: file, access: SCREEN, scope: "own" }),
  /** A signed link for /previewFile and the overlay: the file only, for a short while. */
  link: defineCall({ kind: "post", path: "file/fileBase/link", input: idQuery, answer: fileLink, access: SCREEN, scope: "own" }),
  recycleList: defineCall({ kind: "get", path: "file/fileBase/recycleList", answer: z.array(recycledNode), access: SCREEN, scope: "own" }),
  restore: defineCall({ kind: "post", path: "file/fileBase/restore", input: idQuery, answer: empty, access: SCREEN, scope: "own" }),
  delete: defineCall({ kind: "post", path: "file/fileBase/delete", input: idQuery, answer: empty, access: SCREEN, scope: "own" }),
  /** A signed link's file, previewable, without a session (the token stands in for it); expired or unknown is not found. */
  linked: defineCall({ kind: "get", path: "file/link/:token", answer: file, access: "anonymous" }),
};

/** /knowledgeLog: every knowledge operation of the tenant. */
export const knowledgeLogApi = crudCalls(knowledgeLog, { only: ["page"], read: { menu: ["/knowledgeLog"] } });
