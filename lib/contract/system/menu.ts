import { z } from "zod";
import { isUrl, WEB_SCHEMES } from "../url";
import { defineEntity, keyField, type RowOf } from "../entity";
import { ENUMS } from "../enums";
import { numberRequired, optional, text, textRequired } from "../validation";
import type { CurrentMenus, MenuNode } from "@/lib/shell/menu";
import { defineCall, pageOf } from "../call";
import { collectEntry, favouriteApi } from "./menu-favourites";
import { dbId, deleted, idQuery, idsBody, optionalId } from "../common";

/** Menu trees (core §3, §6): `sys` (management side) and `tenant` (tenant side). A node is a menu
 *  entry or folder, or a button carrying a permission code. */
export const MENU_SCOPES = ["sys", "tenant"] as const;
export type MenuScope = (typeof MENU_SCOPES)[number];
export const MENU_TYPES = ENUMS.menuType;
export type MenuType = (typeof MENU_TYPES)[number];
/** frame 1: an external link opened in a new window (`framePath`). */
export const FRAME_FLAGS = [0, 1] as const;

const scope = z.enum(MENU_SCOPES, { error: "validation.invalidOption" });

/** A button needs its permission code; an external link needs its address. */
function menuRules(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (v.type === "button" && !v.perms) ctx.addIssue({ code: "custom", path: ["perms"], message: "validation.required" });
  if (v.frame === 1 && !v.framePath) ctx.addIssue({ code: "custom", path: ["framePath"], message: "validation.required" });
}

export const menu = defineEntity({
  ns: "system.menu",
  api: "sys/menu", perm: "sys:menu",
  fields: {
    id: keyField,
    /** The tree a node belongs to; it stays there. */
    scope: { schema: scope, kind: "select", list: false, form: false },
    parentId: { schema: optionalId, kind: "custom", list: false },
    name: { schema: textRequired(64), search: "contains" },
    nameEn: { schema: text(64), list: false },
    type: { schema: z.enum(MENU_TYPES, { error: "validation.invalidOption" }), kind: "radio", dict: "menuType" },
    icon: { schema: text(64), kind: "custom", list: false },
    sort: { schema: numberRequired(10000).default(0), kind: "number", min: 0, max: 10000, floatNum: 0 },
    path: { schema: optional(z.string().trim().max(200, "validation.maxLength").regex(/^\/[\w\-/]*$/, "validation.format")) },
    /** Permission codes, comma-joined, e.g. `sys:user:add`. */
    perms: { schema: optional(z.string().trim().max(100, "validation.maxLength").regex(/^[\w:\-]+(,[\w:\-]+)*$/, "validation.format")) },
    /** 1: an external link opened in a new window (`framePath`). */
    frame: { schema: z.coerce.number().refine((n) => (FRAME_FLAGS as readonly number[]).includes(n), "validation.invalidOption").default(0), kind: "switch", list: false },
    framePath: { schema: optional(z.string().trim().max(500, "validation.maxLength").refine((u) => isUrl(u, WEB_SCHEMES), "validation.format")), list: false },
    createTime: { kind: "datetime", readOnly: true, list: false },
  },
  refine: menuRules,
});

export const menuAdd = menu.body;
export type MenuAdd = z.infer<typeof menuAdd>;
/** `sys/menu/upd`: a node stays in its tree. */
const { scope: _scope, ...menuShape } = menu.shape;
export const menuUpdate = z.object({ id: dbId, ...menuShape }).superRefine(menuRules);
export type MenuUpdate = z.infer<typeof menuUpdate>;

export const menuQuery = menu.query.extend({ scope: scope.default("sys") });
/** `all`, `treePC`, `treeAuthPC`: which tree (the caller's side when absent). */
export const menuScopeQuery = z.object({ scope: z.enum(MENU_SCOPES, { error: "validation.invalidOption" }).optional() });

export type MenuRow = Omit<RowOf<typeof menu.fields>, "parentId" | "frame" | "nameEn"> & { parentId: number | null; frame: number; nameEn: string };
export const menuRow = z.object({
  id: z.number().int(),
  scope,
  parentId: z.number().int().nullable(),
  name: z.string(),
  nameEn: z.string(),
  icon: z.string().nullable(),
  sort: z.number().int(),
  type: z.enum(MENU_TYPES),
  path: z.string().nullable(),
  perms: z.string().nullable(),
  frame: z.number().int(),
  framePath: z.string().nullable(),
  createTime: z.string(),
}) satisfies z.ZodType<MenuRow>;
/** Trees for menuSet and the role permission checkboxes: every node, buttons included. */
export type MenuTreeNode = MenuRow & { childrens: MenuTreeNode[] };
export const menuTreeNode: z.ZodType<MenuTreeNode> = menuRow.extend({ childrens: z.lazy(() => z.array(menuTreeNode)) });
/** An entry of the caller's menus, shaped as the favourites with the entries below it. */
const menuNode: z.ZodType<MenuNode> = collectEntry.extend({ childrens: z.lazy(() => z.array(menuNode)) });
const currentMenus = z.object({ menus: z.array(menuNode), perms: z.array(z.string()) }) satisfies z.ZodType<CurrentMenus>;

export const MENU_SET = "/systemSet/menuSet";
/** Screens that show a tree of permissions to tick: menus, roles, tenant roles, tenants' authorisation. */
export const PERMISSION_TREES = [MENU_SET, "/systemSet/roleSet", "/systemSet/tenantRoleSet", "/systemSet/tenantSet"];
const tree = z.array(menuTreeNode);

/**
 * sys/menu: the caller's own menus and favourites (declared in `menu-favourites`), and menuSet's administration of both trees
 * (writes and the whole trees are the platform's, checked by the cloud beside each call's code).
 */
export const menuApi = {
  current: defineCall({ kind: "get", path: "sys/menu/currentUser/authPC", answer: currentMenus, access: "user", scope: "own" }),
  allSys: defineCall({ kind: "get", path: "sys/menu/all/sys", answer: tree, access: { menu: PERMISSION_TREES } }),
  allTenant: defineCall({ kind: "get", path: "sys/menu/all/tenant", answer: tree, access: { menu: PERMISSION_TREES } }),
  /** The parent picker: folders and entries of the caller's side, no buttons. */
  tree: defineCall({ kind: "get", path: "sys/menu/treePC", input: menuScopeQuery, answer: tree, access: { menu: [MENU_SET] } }),
  /** What the caller may grant, for a role's or a tenant's permission tree. */
  grantable: defineCall({ kind: "get", path: "sys/menu/treeAuthPC", input: menuScopeQuery, answer: tree, access: { menu: PERMISSION_TREES } }),
  info: defineCall({ kind: "get", path: "sys/menu/info", input: idQuery, answer: menuRow, access: { menu: [MENU_SET] } }),
  page: defineCall({ kind: "get", path: "sys/menu/page", input: menuQuery, answer: pageOf(menuRow), access: { menu: [MENU_SET] } }),
  add: defineCall({ kind: "post", path: "sys/menu/add", input: menuAdd, answer: menuRow, access: { perm: "sys:menu:add" } }),
  upd: defineCall({ kind: "post", path: "sys/menu/upd", input: menuUpdate, answer: menuRow, access: { perm: "sys:menu:upd" } }),
  del: defineCall({ kind: "post", path: "sys/menu/del", input: idsBody, answer: deleted, access: { perm: "sys:menu:del" } }),
  ...favouriteApi,
};
