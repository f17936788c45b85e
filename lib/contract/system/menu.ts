import { z } from "zod";
import { pageQuery } from "../page-query";
import { ENUMS } from "../enums";
import { numberRequired, optional, text, textRequired } from "../validation";
import { dbId, optionalId } from "./status";

/** Menu trees (core §3, §6): `sys` (management side) and `tenant` (tenant side). A node is a menu
 *  entry or folder, or a button carrying a permission code. */
export const MENU_SCOPES = ["sys", "tenant"] as const;
export type MenuScope = (typeof MENU_SCOPES)[number];
export const MENU_TYPES = ENUMS.menuType;
export type MenuType = (typeof MENU_TYPES)[number];
/** frame 1: an external link opened in a new window (`framePath`). */
export const FRAME_FLAGS = [0, 1] as const;

const menuFields = {
  parentId: optionalId,
  name: textRequired(64),
  nameEn: text(64),
  icon: text(64),
  sort: numberRequired(10000).default(0),
  type: z.enum(MENU_TYPES, { error: "validation.invalidOption" }),
  path: optional(z.string().trim().max(200, "validation.maxLength").regex(/^\/[\w\-/]*$/, "validation.format")),
  /** Permission codes, comma-joined, e.g. `sys:user:add`. */
  perms: optional(z.string().trim().max(100, "validation.maxLength").regex(/^[\w:\-]+(,[\w:\-]+)*$/, "validation.format")),
  frame: z.coerce.number().refine((n) => (FRAME_FLAGS as readonly number[]).includes(n), "validation.invalidOption").default(0),
  framePath: optional(z.string().trim().max(500, "validation.maxLength").url("validation.format")),
};
type MenuFields = z.infer<z.ZodObject<typeof menuFields>>;

/** A button needs its permission code; an external link needs its address. */
function menuRules(v: MenuFields, ctx: z.RefinementCtx) {
  if (v.type === "button" && !v.perms) ctx.addIssue({ code: "custom", path: ["perms"], message: "validation.required" });
  if (v.frame === 1 && !v.framePath) ctx.addIssue({ code: "custom", path: ["framePath"], message: "validation.required" });
}

export const menuAdd = z.object({ scope: z.enum(MENU_SCOPES, { error: "validation.invalidOption" }), ...menuFields }).superRefine(menuRules);
export type MenuAdd = z.infer<typeof menuAdd>;
/** `sys/menu/upd`: a node stays in its tree. */
export const menuUpdate = z.object({ id: dbId, ...menuFields }).superRefine(menuRules);
export type MenuUpdate = z.infer<typeof menuUpdate>;

export const menuQuery = pageQuery.extend({
  scope: z.enum(MENU_SCOPES, { error: "validation.invalidOption" }).default("sys"),
  name: optional(z.string().trim().max(64, "validation.maxLength")),
});
/** `all`, `treePC`, `treeAuthPC`: which tree (the caller's side when absent). */
export const menuScopeQuery = z.object({ scope: z.enum(MENU_SCOPES, { error: "validation.invalidOption" }).optional() });
export const collectBody = z.object({ menuId: dbId, collect: z.boolean() });

export type MenuRow = {
  id: number;
  scope: MenuScope;
  parentId: number | null;
  name: string;
  nameEn: string;
  icon: string | null;
  sort: number;
  type: MenuType;
  path: string | null;
  perms: string | null;
  frame: number;
  framePath: string | null;
  createTime: string;
};
/** Trees for menuSet and the role permission checkboxes: every node, buttons included. */
export type MenuTreeNode = MenuRow & { childrens: MenuTreeNode[] };
/** A favourite entry (`getCollectList`), shaped like the shell's menu entries. */
export type CollectEntry = { id: number; name: string; nameEn: string; icon: string | null; path: string | null; frame: number; framePath: string | null; type: "menu"; childrens: [] };
