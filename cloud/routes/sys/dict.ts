import { and, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import {
  dictApi,
  dictItemApi,
  type DictItemNode,
  type DictNode,
  type DictScope,
} from "@/lib/contract/system/dict";
import type { DictLookup, DictOption } from "@/lib/contract/system/dict-lookup";
import { dictItems, dicts } from "../../db/schema";
import type { Db } from "../../db/client";
import type { Auth, Ctx } from "../../lib/context";
import { AppError, badRequest, notFound } from "../../lib/http";
import { serve } from "../../lib/serve";
import { PLATFORM_TENANT_ID } from "../../lib/menu-access";
import { personalScope, tenantOf, tenantScope } from "../../lib/scope";
import { mapTree, toTree, type TreeOf } from "@/lib/tree";
import type { Locale } from "@/lib/contract/locale";
import { localized, textColumns } from "../../lib/i18n-text";
import { assertUnique, switchStatus } from "../../lib/crud";
import type { I18nTexts } from "@/lib/contract/i18n-text";

type Dict = typeof dicts.$inferSelect;
type Item = typeof dictItems.$inferSelect;

/** The caller's dictionaries of a scope: the tenant's own, or the user's own. */
function owned(auth: Auth, scope: DictScope): SQL {
  return scope === "user" ? personalScope(auth).where(dicts) : tenantScope(auth).where(dicts, isNull(dicts.userId));
}
const scopeOf = (d: Dict): DictScope => (d.userId === null ? "tenant" : "user");
/** Every dictionary the caller may edit, whichever scope. */
const editable = (auth: Auth) => or(owned(auth, "tenant"), owned(auth, "user"))!;

const toDictNode = (d: Dict, childrens: DictNode[]): DictNode => ({
  id: d.id,
  parentId: d.parentId,
  dictName: d.dictName,
  dictCode: d.dictCode,
  sort: d.sort,
  enabled: d.enabled,
  remark: d.remark,
  scope: scopeOf(d),
  createTime: d.createdAt.toISOString(),
  i18n: d.i18n ?? null,
  childrens,
});
const toItemNode = (i: Item, childrens: DictItemNode[]): DictItemNode => ({
  id: i.id,
  dictId: i.dictId,
  parentId: i.parentId,
  itemName: i.itemName,
  itemValue: i.itemValue,
  sort: i.sort,
  enabled: i.enabled,
  remark: i.remark,
  i18n: i.i18n ?? null,
  childrens,
});

/** The ids below a node (for "a node cannot move under itself"). */
function descendants(rows: { id: number; parentId: number | null }[], id: number): Set<number> {
  const out = new Set<number>([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (r.parentId !== null && out.has(r.parentId) && !out.has(r.id)) {
      out.add(r.id);
      grew = true;
    }
  }
  return out;
}

/** A parent must be a node of the same set and not the node itself or below it. */
function assertParent(rows: { id: number; parentId: number | null }[], parentId: number | null | undefined, self?: number) {
  if (parentId == null) return;
  if (!rows.some((r) => r.id === parentId) || (self !== undefined && descendants(rows, self).has(parentId))) throw badRequest("cloud.dictParentInvalid");
}

/** The caller's dictionaries of a scope, as the nodes a parent is chosen among. */
const dictsOf = (db: Db, auth: Auth, scope: DictScope) => db.select({ id: dicts.id, parentId: dicts.parentId }).from(dicts).where(owned(auth, scope));

async function ownedDict(db: Db, auth: Auth, id: number): Promise<Dict> {
  const [d] = await db.select().from(dicts).where(and(editable(auth), eq(dicts.id, id)));
  if (!d) throw notFound();
  return d;
}

/** Dictionary codes are unique in a scope (the tenant's, a user's). */
const assertCodeFree = (db: Db, auth: Auth, scope: DictScope, code: string, except?: number) =>
  assertUnique(db, dicts, (...conds) => and(owned(auth, scope), ...conds)!, dicts.dictCode, code, except, new AppError(Code.CONFLICT, "cloud.dictCodeTaken", { code }));

/** Item values are unique in their dictionary. */
const assertValueFree = (db: Db, dictId: number, value: string, except?: number) =>
  assertUnique(db, dictItems, (...conds) => and(eq(dictItems.dictId, dictId), ...conds)!, dictItems.itemValue, value, except, new AppError(Code.CONFLICT, "cloud.dictItemValueTaken", { value }));

type NodeInput = { parentId?: number | null; sort: number; enabled: number; remark?: string | null };
type NodeTable = typeof dicts | typeof dictItems;

/**
 * Writes a dictionary or an item, new or over `before`: its place and state as given (no parent:
 * the top), its texts in the caller's language kept beside the others. Answers the row localised.
 */
async function saveNode<T extends NodeTable>(c: Ctx, table: T, input: NodeInput & Record<string, unknown>, own: Record<string, unknown>, before?: { id: number; i18n: I18nTexts | null }): Promise<T["$inferSelect"]> {
  const { db, now } = c.var.deps;
  const values = { ...own, parentId: input.parentId ?? null, sort: input.sort, enabled: input.enabled, remark: input.remark || null, ...textColumns(c.var.locale, before?.i18n, input), updatedAt: now() };
  // The two tables share these columns; drizzle cannot type a write over a union of tables.
  const t = table as typeof dicts;
  const [row] = before ? await db.update(t).set(values).where(eq(t.id, before.id)).returning() : await db.insert(t).values({ ...(values as typeof dicts.$inferInsert), createdAt: now() }).returning();
  return localized(c.var.locale, row) as T["$inferSelect"];
}

/** Deleting is refused while a node keeps children that are not deleted with it. */
function assertNoOrphans<R extends { id: number; parentId: number | null }>(all: R[], ids: Set<number>, name: (r: R) => string, key: string) {
  for (const r of all) {
    if (r.parentId !== null && ids.has(r.parentId) && !ids.has(r.id)) {
      const parent = all.find((p) => p.id === r.parentId)!;
      throw badRequest(key, { name: name(parent) });
    }
  }
}

/**
 * Enabled items of each requested code. The caller's own dictionary of a code wins over the
 * tenant's, the tenant's over the platform's; a disabled dictionary answers no items, and a
 * disabled item hides the items below it.
 */
async function lookupDicts(db: Db, auth: Pick<Auth, "tenantId" | "userId">, locale: Locale, codes: string[]): Promise<DictLookup> {
  const out: DictLookup = Object.fromEntries(codes.map((c) => [c, []]));
  const candidates = await db
    .select()
    .from(dicts)
    .where(
      and(
        inArray(dicts.dictCode, codes),
        or(
          personalScope(auth).where(dicts),
          tenantScope(auth).where(dicts, isNull(dicts.userId)),
          tenantOf(PLATFORM_TENANT_ID).where(dicts, isNull(dicts.userId)),
        ),
      ),
    );
  const rank = (d: Dict) => (d.userId !== null ? 0 : d.tenantId === auth.tenantId ? 1 : 2);
  const chosen = new Map<string, Dict>();
  for (const d of candidates.sort((a, b) => rank(a) - rank(b))) if (!chosen.has(d.dictCode)) chosen.set(d.dictCode, d);
  const live = [...chosen.values()].filter((d) => d.enabled === 1);
  if (!live.length) return out;
  const items = await db
    .select()
    .from(dictItems)
    .where(inArray(dictItems.dictId, live.map((d) => d.id)));
  for (const d of live) {
    const mine = items.filter((i) => i.dictId === d.id);
    const enabled = new Set(mine.filter((i) => i.enabled === 1).map((i) => i.id));
    // Items under a disabled parent are dropped rather than lifted to the top.
    const visible = mine.filter((i) => enabled.has(i.id) && (i.parentId === null || enabled.has(i.parentId) || !mine.some((p) => p.id === i.parentId)));
    out[d.dictCode] = mapTree<TreeOf<Item>, DictOption>(toTree(visible.map((i) => localized(locale, i))), (i, childrens) => ({ itemValue: i.itemValue, itemName: i.itemName, childrens }));
  }
  return out;
}

export const dictServed = [
  /** Every select of the console resolves its server dictionaries here. */
  serve(dictApi.codeList, (c, { codeList }) => lookupDicts(c.var.deps.db, c.var.auth, c.var.locale, codeList)),
  serve(dictApi.tree, async (c, q) => {
    const rows = (await c.var.deps.db.select().from(dicts).where(owned(c.var.auth, q.scope))).map((d) => localized(c.var.locale, d));
    const keyword = q.keyword?.trim().toLowerCase();
    let shown = rows;
    if (keyword) {
      // Matches keep the dictionaries above them, so the tree stays whole.
      const byId = new Map(rows.map((r) => [r.id, r]));
      const keep = new Set<number>();
      for (const r of rows) {
        if (!r.dictName.toLowerCase().includes(keyword) && !r.dictCode.toLowerCase().includes(keyword)) continue;
        for (let n: Dict | undefined = r; n && !keep.has(n.id); n = n.parentId !== null ? byId.get(n.parentId) : undefined) keep.add(n.id);
      }
      shown = rows.filter((r) => keep.has(r.id));
    }
    return mapTree(toTree(shown), toDictNode);
  }),
  serve(dictApi.add, async (c, input) => {
    const db = c.var.deps.db;
    const auth = c.var.auth;
    assertParent(await dictsOf(db, auth, input.scope), input.parentId);
    await assertCodeFree(db, auth, input.scope, input.dictCode);
    const row = await saveNode(c, dicts, input, { dictName: input.dictName, dictCode: input.dictCode, tenantId: auth.tenantId, userId: input.scope === "user" ? auth.userId : null });
    return toDictNode(row, []);
  }),
  serve(dictApi.upd, async (c, input) => {
    const db = c.var.deps.db;
    const auth = c.var.auth;
    const before = await ownedDict(db, auth, input.id);
    const scope = scopeOf(before);
    assertParent(await dictsOf(db, auth, scope), input.parentId, input.id);
    await assertCodeFree(db, auth, scope, input.dictCode, input.id);
    return toDictNode(await saveNode(c, dicts, input, { dictName: input.dictName, dictCode: input.dictCode }, before), []);
  }),
  serve(dictApi.del, async (c, { ids }) => {
    const db = c.var.deps.db;
    const all = await db.select().from(dicts).where(editable(c.var.auth));
    const targets = new Set(all.filter((d) => ids.includes(d.id)).map((d) => d.id));
    if (!targets.size) throw notFound();
    assertNoOrphans(all, targets, (d) => d.dictName, "cloud.dictHasChildren");
    await db.delete(dicts).where(inArray(dicts.id, [...targets]));
    return { deleted: targets.size };
  }),
  serve(dictApi.openOrClose, async (c, { id, status }) => {
    await switchStatus(c.var.deps.db, dicts, and(editable(c.var.auth), eq(dicts.id, id))!, "enabled", status, c.var.deps.now());
    return null;
  }),
];

/** Items of the dictionaries the caller may edit. */
const editableItems = (db: Db, auth: Auth, ...conds: SQL[]) => and(inArray(dictItems.dictId, db.select({ id: dicts.id }).from(dicts).where(editable(auth))), ...conds)!;

async function ownedItem(db: Db, auth: Auth, id: number): Promise<Item> {
  const [row] = await db.select().from(dictItems).where(editableItems(db, auth, eq(dictItems.id, id)));
  if (!row) throw notFound();
  return row;
}

const itemsOf = (db: Db, dictId: number) => db.select().from(dictItems).where(eq(dictItems.dictId, dictId));

export const dictItemServed = [
  serve(dictItemApi.tree, async (c, { dictId }) => {
    const db = c.var.deps.db;
    await ownedDict(db, c.var.auth, dictId);
    return mapTree(toTree((await itemsOf(db, dictId)).map((i) => localized(c.var.locale, i))), toItemNode);
  }),
  serve(dictItemApi.add, async (c, input) => {
    const db = c.var.deps.db;
    await ownedDict(db, c.var.auth, input.dictId);
    assertParent(await itemsOf(db, input.dictId), input.parentId);
    await assertValueFree(db, input.dictId, input.itemValue);
    const row = await saveNode(c, dictItems, input, { itemName: input.itemName, itemValue: input.itemValue, dictId: input.dictId });
    return toItemNode(row, []);
  }),
  serve(dictItemApi.upd, async (c, input) => {
    const db = c.var.deps.db;
    const before = await ownedItem(db, c.var.auth, input.id);
    assertParent(await itemsOf(db, before.dictId), input.parentId, input.id);
    await assertValueFree(db, before.dictId, input.itemValue, input.id);
    return toItemNode(await saveNode(c, dictItems, input, { itemName: input.itemName, itemValue: input.itemValue }, before), []);
  }),
  serve(dictItemApi.del, async (c, { ids }) => {
    const db = c.var.deps.db;
    const rows = await db.select().from(dictItems).where(editableItems(db, c.var.auth, inArray(dictItems.id, ids)));
    if (!rows.length) throw notFound();
    const targets = new Set(rows.map((r) => r.id));
    const dictIds = [...new Set(rows.map((r) => r.dictId))];
    const all = await db.select().from(dictItems).where(inArray(dictItems.dictId, dictIds));
    assertNoOrphans(all, targets, (i) => i.itemName, "cloud.dictItemHasChildren");
    await db.delete(dictItems).where(inArray(dictItems.id, [...targets]));
    return { deleted: targets.size };
  }),
  serve(dictItemApi.openOrClose, async (c, { id, status }) => {
    await switchStatus(c.var.deps.db, dictItems, editableItems(c.var.deps.db, c.var.auth, eq(dictItems.id, id)), "enabled", status, c.var.deps.now());
    return null;
  }),
];
