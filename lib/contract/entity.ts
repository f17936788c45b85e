import { z } from "zod";
import { pageQuery } from "./common";
import type { UploadPurpose } from "./upload";
import { optional, textRequired } from "./validation";

/**
 * One field, written once. An entity's contract lists its fields with their rule (the zod schema
 * of what a user writes) and their metadata; the console's kit derives columns, search items,
 * form fields and detail rows from it, and the cloud derives its row mapper, filters, sorts,
 * export and import columns. A screen or a service states only what differs.
 *
 * ```ts
 * export const project = defineEntity({
 *   ns: "projects.project",
 *   fields: {
 *     id: { kind: "id", readOnly: true, schema: dbId },
 *     prjName: rowName(64, { import: true, full: true }),   // names a row: the nameField
 *     prjType: { schema: text(32), kind: "select", dict: "prjType", search: "eq" },
 *     createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, search: "range", form: false },
 *   },
 * });
 * project.body      // z.object of the writable fields: the add form and `<api>/add`
 * project.update    // { id } + any writable fields: `<api>/upd` changes only what it is given
 * project.filters   // search fields + sortField / sortOrder: the list and the export
 * project.query     // pageQuery + filters: `<api>/page`
 * project.keys.list // field names per use, in declaration order
 * ```
 */

/** How a field is shown and edited; also decides its default column width. */
export type FieldKind =
  | "text"
  | "textarea"
  | "number"
  | "money"
  | "select"
  | "multiselect"
  | "radio"
  | "switch"
  | "status"
  | "area"
  | "date"
  | "datetime"
  | "phone"
  | "email"
  | "password"
  | "color"
  | "image"
  | "images"
  | "document"
  | "documents"
  | "richText"
  | "id"
  | "custom";

/**
 * How the list filters on a field: `contains` (case-insensitive substring, `%` and `_` taken
 * literally), `endsWith` (the field's last characters, exactly, spaces dropped: an ICCID's last
 * digits as printed on the card; the cloud's condition is `reverse(column) like …`, which an index
 * on `reverse(column) text_pattern_ops` serves), `eq`, `in` (any of several values) or `range`
 * (two query keys, from and to).
 */
export type SearchOp = "contains" | "endsWith" | "eq" | "in" | "range";

export type FieldDef = {
  /** The rule of what a user writes. Read-only fields may give one for typing their value. */
  schema?: z.ZodType;
  /** Shown and stored, never written by a user (id, createTime, counts). */
  readOnly?: boolean;
  kind?: FieldKind;
  /** Options: a static enum name (`ENUMS`) or a server dictionary code. */
  dict?: string;
  /** Message key under the entity's `ns`; default `fields.<name>`. */
  label?: string;
  search?: SearchOp;
  /** range: the two query keys (default `<name>Start`, `<name>End`). */
  range?: readonly [string, string];
  sort?: boolean;
  /** The property of the database table when it differs from the field's name. */
  column?: string;
  /** Where the field appears (defaults: list, detail and export yes; form when writable; import no). */
  list?: boolean;
  detail?: boolean;
  form?: boolean;
  export?: boolean;
  import?: boolean;
  /** Form and column hints, shared so the cloud's export can use the same units. */
  full?: boolean;
  width?: number;
  min?: number;
  max?: number;
  floatNum?: number;
  /** Uploads: what the files are for, and how many at most. */
  purpose?: UploadPurpose;
  limit?: number;
  /** The field names a row (`rowName`): the entity's `nameField`. */
  names?: boolean;
};

/**
 * The text that names a row — in delete confirmations, pickers and the keyword box: required,
 * searched by "contains", sortable. The entity takes it as its `nameField`.
 */
export const rowName = <const O extends Pick<FieldDef, "import" | "full"> = object>(max: number, more?: O) =>
  ({ schema: textRequired(max), search: "contains", sort: true, names: true, ...(more as O) }) as const;

export type Fields = Record<string, FieldDef>;

type Writable<F extends Fields> = { [K in keyof F as F[K]["readOnly"] extends true ? never : F[K]["schema"] extends z.ZodType ? K : never]: F[K]["schema"] & z.ZodType };
type BodyShape<F extends Fields> = { [K in keyof Writable<F>]: Writable<F>[K] };
type ValueOf<D extends FieldDef> = D["schema"] extends z.ZodType ? z.output<D["schema"]> : D["kind"] extends "id" | "number" | "money" ? number : string;

type Stored<V> = undefined extends V ? Exclude<V, undefined | ""> | null : V;
/** A row as the console receives it: every field with its output type (a blank optional one is null). */
export type RowOf<F extends Fields> = { [K in keyof F]: Stored<ValueOf<F[K]>> };

/** The query keys a field's search writes. */
type FilterKeys<F extends Fields> = {
  [K in keyof F & string]: F[K]["search"] extends "range" ? (F[K]["range"] extends readonly [infer A extends string, infer B extends string] ? A | B : `${K}Start` | `${K}End`) : F[K]["search"] extends SearchOp ? K : never;
}[keyof F & string];
export type FilterValue = string | number | (string | number)[] | null | undefined;
type OptionKind = "select" | "radio" | "status" | "switch";
/** An option's filter is typed by the field's own rule (see filterSchema). */
type FilterValueOf<D extends FieldDef> = D["search"] extends "contains" | "endsWith"
  ? string | null | undefined
  : D["search"] extends "eq"
  ? D["kind"] extends OptionKind
    ? D["schema"] extends z.ZodType
      ? Exclude<z.output<D["schema"]>, "" | null> | undefined
      : number | undefined
    : D["kind"] extends "id" | "number" | "money"
      ? number | undefined
      : FilterValue
  : D["search"] extends "in"
    ? (D["kind"] extends "id" ? number[] : string[]) | undefined
    : D["search"] extends "range"
      ? string | null | undefined
      : FilterValue;
/** Every filter may be left out (blank is none), so a caller names only those it sets. */
type FilterShape<F extends Fields> = { [K in FilterKeys<F>]: z.ZodOptional<z.ZodType<K extends keyof F ? FilterValueOf<F[K]> : FilterValue>> } & {
  sortField: z.ZodOptional<z.ZodType<string | null>>;
  sortOrder: z.ZodOptional<z.ZodType<"asc" | "desc" | "" | null>>;
};

export type Use = "list" | "detail" | "form" | "export" | "import";

const DEFAULT_USE: Record<Use, (f: FieldDef) => boolean> = {
  list: () => true,
  detail: () => true,
  form: (f) => !f.readOnly && !!f.schema,
  export: (f) => f.list !== false,
  import: () => false,
};

/** Whether a field takes part in a use, its own flag first. */
export function uses(f: FieldDef, use: Use): boolean {
  return f[use] ?? DEFAULT_USE[use](f);
}

/** The key field of an entity whose screens do not show it (rows carry it; the cloud maps it). */
export const keyField = { kind: "id", readOnly: true, list: false, detail: false, export: false } as const satisfies FieldDef;

export const labelOf = (name: string, f: FieldDef) => f.label ?? `fields.${name}`;
export const columnOf = (name: string, f: FieldDef) => f.column ?? name;
export const rangeKeys = (name: string, f: FieldDef): readonly [string, string] => f.range ?? [`${name}Start`, `${name}End`];

/** Longest search text, and most values of an `in` filter. */
export const SEARCH_TEXT_MAX = 200;
export const SEARCH_LIST_MAX = 500;
/** "YYYY-MM-DD HH:mm(:ss)" (platform time) or "YYYY-MM-DD", as the search bar sends them. */
export const SEARCH_DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
export const searchDateTime = optional(z.string().regex(SEARCH_DATE, "validation.format"));
const searchText = optional(z.string().trim().max(SEARCH_TEXT_MAX, "validation.maxLength"));
const idValue = z.coerce.number({ error: "validation.number" }).int().positive().max(2_147_483_647);

/**
 * A field's rule without its default. Looked at on first use (`z.lazy`): in the browser a contract's
 * rules are recordings until zod has loaded (lib/lazy-zod.ts), so nothing may inspect them at import.
 */
const withoutDefault = (s: z.ZodType) => z.lazy(() => (s instanceof z.ZodDefault ? (s.unwrap() as z.ZodType) : s));

/**
 * What a filter's query-string value is: a date, text, one of the field's options (checked by the
 * field's own rule), a list of ids or of texts, an id or a number. The cloud's query schema and
 * the console's URL state (which reads it without zod) both follow it.
 */
export type FilterValueKind = "date" | "text" | "option" | "ids" | "texts" | "id" | "number";
export function filterValueKind(f: FieldDef): FilterValueKind {
  if (f.kind === "date" || f.kind === "datetime") return "date";
  if (f.search === "contains" || f.search === "endsWith") return "text";
  if (f.search === "eq" && f.schema && (f.kind === "select" || f.kind === "radio" || f.kind === "status" || f.kind === "switch")) return "option";
  if (f.search === "in") return f.kind === "id" ? "ids" : "texts";
  if (f.kind === "id") return "id";
  if (f.kind === "number" || f.kind === "money" || f.kind === "status" || f.kind === "switch") return "number";
  return "text";
}

/** The query-string rule of one filter: the field's own value rule, blank meaning "no filter". */
function filterSchema(f: FieldDef): z.ZodType {
  const blankIsNone = (s: z.ZodType) => z.preprocess((v) => (v === "" || v === null ? undefined : v), s.optional());
  const list = (item: z.ZodType) => blankIsNone(z.preprocess((v) => (typeof v === "string" ? v.split(",") : v), z.array(item).max(SEARCH_LIST_MAX)));
  switch (filterValueKind(f)) {
    case "date":
      return searchDateTime;
    case "text":
      // A code's end is typed as printed, in groups: its spaces are not part of it.
      return f.search === "endsWith" ? z.preprocess((v) => (typeof v === "string" ? v.replace(/\s+/g, "") : v), searchText) : searchText;
    // An option is checked by the field's own rule, its default left out.
    case "option":
      return blankIsNone(withoutDefault(f.schema!));
    case "ids":
      return list(idValue);
    case "texts":
      return list(z.string().max(64));
    case "id":
      return blankIsNone(idValue);
    case "number":
      return blankIsNone(z.coerce.number({ error: "validation.number" }));
  }
}

/** Which entity a body, update or query schema belongs to, so a refusal names a field by its label. */
const labelKeys = new WeakMap<z.ZodType, (name: string) => string | undefined>();
/** The message key of a field's label (`<ns>.fields.<name>`) when `schema` is an entity's own. */
export function fieldLabelKey(schema: z.ZodType, name: string): string | undefined {
  return labelKeys.get(schema)?.(name);
}

/** Names the fields of schemas that are not an entity's (login forms): `<ns>.fields.<name>`. */
export function labelFields(ns: string, ...schemas: z.ZodType[]) {
  for (const s of schemas) labelKeys.set(s, (name) => `${ns}.fields.${name}`);
}

export type EntityDef<F extends Fields, K extends string = "id"> = {
  /** Message prefix of the labels (namespace or namespace.path). */
  ns: string;
  fields: F;
  /** The key field (default "id"). */
  key?: K;
  /** The field that names a row (delete confirmations, pickers): "删除项目“…”？"; default the `rowName` field. */
  nameField?: keyof F & string;
  /** Cross-field rules of the body (e.g. max not below min), applied to add and update. */
  refine?: (value: Record<string, unknown>, ctx: z.RefinementCtx) => void;
  /**
   * Where the entity is served, for console and cloud alike: the path its calls are under
   * (`<api>/page`, `<api>/add`…), the permission prefix of its writes (`<perm>:add|upd|del`) and whose
   * rows these are — the caller's tenant's, or the call's project's (`projectId` header).
   */
  api?: string;
  perm?: string;
  scope?: EntityScope;
};

export type EntityScope = "tenant" | "project";

export function defineEntity<const F extends Fields, const K extends string = "id">(def: EntityDef<F, K>) {
  const key = (def.key ?? "id") as K;
  const entries = Object.entries(def.fields) as [keyof F & string, FieldDef][];
  const pick = (use: Use) => entries.filter(([, f]) => uses(f, use)).map(([name]) => name);

  const shape = Object.fromEntries(entries.filter(([, f]) => !f.readOnly && f.schema).map(([name, f]) => [name, f.schema!])) as BodyShape<F>;
  const plain = z.object(shape);
  const refined = <S extends z.ZodObject>(s: S) => (def.refine ? s.superRefine(def.refine as (v: z.output<S>, ctx: z.RefinementCtx) => void) : s);
  const body = refined(plain);
  // An update changes only what it is given: a field left out is not touched (never blanked).
  // Defaults are for new rows: in an update they would overwrite what is stored.
  const optionalShape = Object.fromEntries(Object.entries(shape).map(([name, s]) => [name, withoutDefault(s as z.ZodType).optional()]));
  const update = refined(z.object({ ...optionalShape, [key]: idValue }) as unknown as z.ZodObject<{ [K in keyof BodyShape<F>]: z.ZodOptional<BodyShape<F>[K]> } & Record<K, typeof idValue>>);

  const sorts = entries.filter(([, f]) => f.sort).map(([name]) => name);
  const filterShape: Record<string, z.ZodType> = {};
  for (const [name, f] of entries) {
    if (!f.search) continue;
    if (f.search === "range") for (const k of rangeKeys(name, f)) filterShape[k] = filterSchema(f);
    else filterShape[name] = filterSchema(f);
  }
  const sortEnum = sorts.length ? z.enum(sorts as [string, ...string[]]) : z.never();
  const filters = z.object({
    ...filterShape,
    sortField: optional(sortEnum),
    sortOrder: optional(z.enum(["asc", "desc"])),
  }) as unknown as z.ZodObject<FilterShape<F>>;
  const query = pageQuery.extend(filters.shape);
  const labelKey = (name: string) => (def.fields[name] ? `${def.ns}.${labelOf(name, def.fields[name])}` : undefined);
  for (const s of [body, update, filters, query] as z.ZodType[]) labelKeys.set(s, labelKey);

  return {
    ns: def.ns,
    key,
    nameField: def.nameField ?? entries.find(([, f]) => f.names)?.[0],
    api: def.api,
    perm: def.perm,
    scope: def.scope ?? ("tenant" as EntityScope),
    fields: def.fields,
    /** The writable fields' rules, a plain object (an update that leaves fields out spreads it). */
    shape,
    body,
    update,
    filters,
    query,
    sorts,
    keys: { list: pick("list"), detail: pick("detail"), form: pick("form"), export: pick("export"), import: pick("import") },
  };
}

export type Entity<F extends Fields = Fields, K extends string = "id"> = ReturnType<typeof defineEntity<F, K>>;
