import { z } from "zod";
import { i18nField, i18nTextsAnswer } from "../i18n-text";
import { defineEntity, keyField, type RowOf } from "../entity";
import { codeRequired, text, textRequired } from "../validation";
import { defineCall, empty } from "../call";
import { dbId, deleted, enableState, idsBody, optionalId, statusBody } from "../common";
import { dictLookupApi } from "./dict-lookup";

/** dictSet: dictionaries as a tree with items (core §3 `itemName`, `itemValue`, `childrens`).
 *  Scope `tenant`: the caller's tenant's (the platform's for platform users); `user`: the
 *  caller's own. */
export const DICT_SCOPES = ["tenant", "user"] as const;
export type DictScope = (typeof DICT_SCOPES)[number];
const scope = z.enum(DICT_SCOPES, { error: "validation.invalidOption" }).default("tenant");

const sort = z.coerce.number({ error: "validation.number" }).int().min(0, "validation.nonNegative").max(10000, "validation.max").default(0);

const enabled = { schema: enableState.default(1), kind: "switch", dict: "enableState" } as const;
const sortField = { schema: sort, kind: "number", min: 0, max: 10000, floatNum: 0 } as const;
const remark = { schema: text(500), kind: "textarea" } as const;
const parentId = { schema: optionalId, kind: "custom", full: true, list: false } as const;

export const dict = defineEntity({
  ns: "system.dict",
  api: "sys/dict", perm: "sys:dict",
  nameField: "dictName",
  fields: {
    id: keyField,
    parentId,
    dictName: { schema: textRequired(64) },
    dictCode: { schema: codeRequired },
    sort: sortField,
    enabled,
    remark,
    scope: { schema: scope, kind: "select", list: false, form: false },
    createTime: { kind: "datetime", readOnly: true },
    i18n: i18nField,
  },
});
export const dictAdd = dict.body;
export const dictUpdate = dict.body.omit({ scope: true }).extend({ id: dbId });
export type DictAdd = z.infer<typeof dictAdd>;
export const dictTreeQuery = z.object({ scope, keyword: z.string().max(64).optional() });

export type DictNode = Omit<RowOf<typeof dict.fields>, "parentId" | "scope"> & { parentId: number | null; scope: DictScope; childrens: DictNode[] };
/** What dictionaries and their items share as the cloud answers them. */
const nodeAnswer = { id: z.number().int(), parentId: z.number().int().nullable(), sort: z.number().int(), enabled: z.number().int(), remark: z.string().nullable(), i18n: i18nTextsAnswer };
const dictNode: z.ZodType<DictNode> = z.object({
  ...nodeAnswer,
  dictName: z.string(),
  dictCode: z.string(),
  scope: z.enum(DICT_SCOPES),
  createTime: z.string(),
  childrens: z.lazy(() => z.array(dictNode)),
});

export const dictItem = defineEntity({
  ns: "system.dict",
  api: "sys/dictItem", perm: "sys:dict",
  fields: {
    id: keyField,
    dictId: { schema: dbId, kind: "id", list: false, form: false },
    parentId,
    itemName: { schema: textRequired(64) },
    itemValue: { schema: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(64, "validation.maxLength") },
    sort: sortField,
    enabled,
    remark,
    i18n: i18nField,
  },
});
export const dictItemAdd = dictItem.body;
export const dictItemUpdate = dictItem.body.omit({ dictId: true }).extend({ id: dbId });
export type DictItemAdd = z.infer<typeof dictItemAdd>;
export const dictItemTreeQuery = z.object({ dictId: dbId });

export type DictItemNode = Omit<RowOf<typeof dictItem.fields>, "parentId"> & { parentId: number | null; childrens: DictItemNode[] };
const dictItemNode: z.ZodType<DictItemNode> = z.object({ ...nodeAnswer, dictId: z.number().int(), itemName: z.string(), itemValue: z.string(), childrens: z.lazy(() => z.array(dictItemNode)) });

export const DICT_SCREEN = "/systemSet/dictSet";
const read = { menu: [DICT_SCREEN] };
const write = (action: "add" | "upd" | "del") => ({ perm: `sys:dict:${action}` });

/** sys/dict: the dictionaries of dictSet, and the lookup every select of the console resolves its server dictionaries by (declared in `dict-lookup`). */
export const dictApi = {
  ...dictLookupApi,
  tree: defineCall({ kind: "get", path: "sys/dict/tree", input: dictTreeQuery, answer: z.array(dictNode), access: read }),
  add: defineCall({ kind: "post", path: "sys/dict/add", input: dictAdd, answer: dictNode, access: write("add") }),
  upd: defineCall({ kind: "post", path: "sys/dict/upd", input: dictUpdate, answer: dictNode, access: write("upd") }),
  del: defineCall({ kind: "post", path: "sys/dict/del", input: idsBody, answer: deleted, access: write("del") }),
  /** Enable or disable a dictionary (the spec's name for it). */
  openOrClose: defineCall({ kind: "post", path: "sys/dict/openOrOpen", input: statusBody, answer: empty, access: write("upd") }),
};

/** sys/dictItem: a dictionary's items, by the dictionary's codes. */
export const dictItemApi = {
  tree: defineCall({ kind: "get", path: "sys/dictItem/tree", input: dictItemTreeQuery, answer: z.array(dictItemNode), access: read }),
  add: defineCall({ kind: "post", path: "sys/dictItem/add", input: dictItemAdd, answer: dictItemNode, access: write("add") }),
  upd: defineCall({ kind: "post", path: "sys/dictItem/upd", input: dictItemUpdate, answer: dictItemNode, access: write("upd") }),
  del: defineCall({ kind: "post", path: "sys/dictItem/del", input: idsBody, answer: deleted, access: write("del") }),
  openOrClose: defineCall({ kind: "post", path: "sys/dictItem/openOrOpen", input: statusBody, answer: empty, access: write("upd") }),
};
