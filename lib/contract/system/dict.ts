import { z } from "zod";
import { codeRequired, text, textRequired } from "../validation";
import { dbId, enableState, optionalId } from "../common";

/** dictSet: dictionaries as a tree with items (core §3 `itemName`, `itemValue`, `childrens`).
 *  Scope `tenant`: the caller's tenant's (the platform's for platform users); `user`: the
 *  caller's own. */
export const DICT_SCOPES = ["tenant", "user"] as const;
export type DictScope = (typeof DICT_SCOPES)[number];
const scope = z.enum(DICT_SCOPES, { error: "validation.invalidOption" }).default("tenant");

const sort = z.coerce.number({ error: "validation.number" }).int().min(0, "validation.nonNegative").max(10000, "validation.max").default(0);

const dictFields = {
  parentId: optionalId,
  dictName: textRequired(64),
  dictCode: codeRequired,
  sort,
  enabled: enableState.default(1),
  remark: text(500),
};
export const dictAdd = z.object({ ...dictFields, scope });
export const dictUpdate = z.object({ id: dbId, ...dictFields });
export type DictAdd = z.infer<typeof dictAdd>;
export const dictTreeQuery = z.object({ scope, keyword: z.string().max(64).optional() });

export type DictNode = {
  id: number;
  parentId: number | null;
  dictName: string;
  dictCode: string;
  sort: number;
  enabled: number;
  remark: string | null;
  scope: DictScope;
  createTime: string;
  childrens: DictNode[];
};

const itemFields = {
  parentId: optionalId,
  itemName: textRequired(64),
  itemValue: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(64, "validation.maxLength"),
  sort,
  enabled: enableState.default(1),
  remark: text(500),
};
export const dictItemAdd = z.object({ dictId: dbId, ...itemFields });
export const dictItemUpdate = z.object({ id: dbId, ...itemFields });
export type DictItemAdd = z.infer<typeof dictItemAdd>;
export const dictItemTreeQuery = z.object({ dictId: dbId });

export type DictItemNode = {
  id: number;
  dictId: number;
  parentId: number | null;
  itemName: string;
  itemValue: string;
  sort: number;
  enabled: number;
  remark: string | null;
  childrens: DictItemNode[];
};

/** `GET sys/dict/codeList?codeList=a,b` (core §7): up to 50 codes. */
export const codeListQuery = z.object({
  codeList: z
    .string({ error: "validation.required" })
    .transform((s) => [...new Set(s.split(",").map((c) => c.trim()).filter(Boolean))])
    .pipe(z.array(codeRequired).min(1, "validation.required").max(50, "validation.maxItems")),
});
/** One option of a looked-up dictionary; only enabled items, in sort order. */
export type DictOption = { itemValue: string; itemName: string; childrens: DictOption[] };
export type DictLookup = Record<string, DictOption[]>;
