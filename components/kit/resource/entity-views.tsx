"use client";

import type { z } from "zod";
import { labelOf, rangeKeys, type FieldDef, type FieldKind } from "@/lib/contract/entity";
import type { AreaNode } from "@/lib/contract/system/area";
import { areaPath, joinAreaNames, useAreaTree } from "../form/area-tree";
import type { AnyRow, ColumnSpec, ColumnTweaks, ColumnType, DetailRow, DetailRowType, Entity, FieldType, FormField, KitColumn, RawColumn, SearchItem, Tweaks } from "./resource-types";
import { KIND_WIDTH } from "../table/column-width";

export type { ColumnTweaks, Entity, Tweaks };

/**
 * The views of an entity: columns, search items, form fields and detail rows derived from its
 * contract (`lib/contract/entity.ts`), in the declaration order of each use's key list. A
 * definition states only what differs, keyed by field name: a partial item changes the derived
 * one, `false` leaves it out, and a name the entity does not list for that use adds an item right
 * after the one written before it (at its place if that one was left out; first when nothing is
 * written before it).
 */

/** "Province / City / District" of an area code (the area cascader's tree). */
export function AreaText({ code }: { code: unknown }) {
  const tree = useAreaTree();
  return <>{areaText(tree, code)}</>;
}

/**
 * What `AreaText` shows: the names down to the code, else the nearest province / city the tree
 * knows; nothing while the tree loads (rather than a bare code flashing); the code only when no
 * part of it is known.
 */
export function areaText(tree: readonly AreaNode[] | undefined, code: unknown): string {
  if (typeof code !== "string" || !code) return "-";
  if (!tree) return "";
  const path = areaPath(tree, code, { nearest: true });
  return path.length ? joinAreaNames(path) : code;
}

const kindOf = (f: FieldDef): FieldKind => f.kind ?? "text";
const hasOptions = (f: FieldDef) => !!f.dict && ["select", "multiselect", "radio", "status"].includes(kindOf(f));

/** Default column sizes per kind; a field's own `width` wins. */
const SIZE: Partial<Record<FieldKind, Pick<KitColumn, "width" | "minWidth" | "align">>> = {
  id: { width: 90 },
  number: { width: 100, align: "right" },
  money: { width: 120, align: "right" },
  select: { width: 110 },
  multiselect: { minWidth: 140 },
  radio: { width: 100 },
  switch: { width: 90 },
  status: { width: 100 },
  date: { width: 110 },
  // "2026-11-29 17:16:05" draws 149 px at 14 px: with the cell's 24 px of padding, the table kit's time width.
  datetime: { width: KIND_WIDTH.time },
  phone: { width: 130 },
  email: { minWidth: 170 },
  area: { minWidth: 180 },
  textarea: { minWidth: 200 },
  image: { width: 80 },
  images: { width: 80 },
  color: { width: 90 },
};

const COLUMN_TYPE: Partial<Record<FieldKind, ColumnType>> = {
  money: "money",
  date: "date",
  datetime: "time",
  switch: "switch",
  status: "status",
  image: "image",
  images: "image",
  multiselect: "arr",
};

function entityColumn<Row extends AnyRow>(name: string, f: FieldDef): KitColumn<Row> {
  const kind = kindOf(f);
  const type: ColumnType | undefined = hasOptions(f) && kind !== "status" && kind !== "multiselect" ? "dict" : COLUMN_TYPE[kind];
  const size = f.width ? { width: f.width } : kind === "text" && f.full ? { minWidth: 180 } : SIZE[kind];
  return {
    prop: name,
    label: labelOf(name, f),
    ...(type && { type }),
    ...(f.dict && { dict: f.dict }),
    ...size,
    ...(f.sort && { sortable: true }),
    ...(kind === "area" && { render: (row: Row) => <AreaText code={row[name]} /> }),
  };
}

function entitySearchItem(name: string, f: FieldDef): SearchItem {
  const kind = kindOf(f);
  const base = { prop: name, label: labelOf(name, f) };
  if (f.search === "range") {
    const [prop1, prop2] = rangeKeys(name, f);
    return { ...base, type: "date2", prop1, prop2 };
  }
  if (f.search === "in") return { ...base, type: "select", multiple: true, ...(f.dict && { dict: f.dict }) };
  if (f.search === "eq" && f.dict) return { ...base, type: "select", dict: f.dict };
  if (f.search === "eq" && (kind === "date" || kind === "datetime")) return { ...base, type: "date" };
  if (f.search === "eq" && (kind === "number" || kind === "money")) return { ...base, type: "number", ...(f.min !== undefined && { min: f.min }), ...(f.max !== undefined && { max: f.max }) };
  return base;
}

const FORM_TYPE: Partial<Record<FieldKind, FieldType>> = {
  textarea: "textarea",
  number: "number",
  money: "number",
  select: "select",
  multiselect: "multiselect",
  radio: "radio",
  switch: "switch",
  status: "radio",
  area: "cascader",
  date: "date",
  datetime: "datetime",
  password: "password",
  color: "color",
  image: "image",
  images: "image",
  document: "document",
  documents: "document",
  richText: "richText",
  custom: "custom",
};
const MANY: readonly FieldKind[] = ["images", "documents", "multiselect"];

/** A switch with a dictionary (enabled / disabled) is a radio group in forms, a switch in lists. */
function entityFormField(name: string, f: FieldDef): FormField {
  const kind = kindOf(f);
  const type = kind === "switch" && f.dict ? "radio" : FORM_TYPE[kind];
  return {
    name,
    label: labelOf(name, f),
    ...(type && { type }),
    ...(f.schema && { rule: f.schema }),
    ...(f.dict && { dict: f.dict }),
    ...(f.min !== undefined && { min: f.min }),
    ...(f.max !== undefined && { max: f.max }),
    ...(f.floatNum !== undefined && { floatNum: f.floatNum }),
    ...(f.purpose && { purpose: f.purpose }),
    ...((kind === "images" || kind === "documents") && { multiple: true }),
    ...(f.limit !== undefined && { limit: f.limit }),
    ...(f.full && { full: true }),
  };
}

/** A new row's value: the rule's default, else an empty list or an empty string. */
function formDefault(f: FieldDef): unknown {
  const s = f.schema as (z.ZodType & { def?: { type?: string; defaultValue?: unknown } }) | undefined;
  if (s?.def?.type === "default") {
    const d = s.def.defaultValue;
    return typeof d === "function" ? (d as () => unknown)() : d;
  }
  return MANY.includes(kindOf(f)) ? [] : "";
}

const DETAIL_TYPE: Partial<Record<FieldKind, DetailRowType>> = {
  date: "date",
  datetime: "time",
  image: "image",
  images: "images",
  document: "file",
  documents: "file",
  richText: "html",
};
const DETAIL_FULL: readonly FieldKind[] = ["textarea", "richText", "images", "documents"];

function entityDetailRow<Row extends AnyRow>(name: string, f: FieldDef): DetailRow<Row> {
  const kind = kindOf(f);
  const type: DetailRowType | undefined = kind === "area" ? "slot" : hasOptions(f) || (kind === "switch" && f.dict) ? "dict" : DETAIL_TYPE[kind];
  return {
    prop: name,
    label: labelOf(name, f),
    ...(type && { type }),
    ...(f.dict && { dict: f.dict }),
    ...((DETAIL_FULL.includes(kind) || f.full) && { full: true }),
    ...(kind === "area" && { render: (row: Row) => <AreaText code={row[name]} /> }),
  };
}

/**
 * The derived items with the tweaks applied (see `Tweaks`). `make` builds an item the entity
 * does not derive, from its name and tweak.
 */
export function applyTweaks<T>(derived: readonly (readonly [string, T])[], tweaks: Readonly<Record<string, Partial<T> | T | false>> | undefined, make: (name: string, tweak: Partial<T> | T) => T): T[] {
  const out: (readonly [string, T])[] = [...derived];
  const known = new Set(derived.map(([n]) => n));
  // Where the item written last sits (or sat, when it was left out): an extra one goes after it.
  let cursor = -1;
  for (const [name, tweak] of Object.entries(tweaks ?? {})) {
    const at = out.findIndex(([n]) => n === name);
    if (tweak === false) {
      if (at >= 0) {
        out.splice(at, 1);
        cursor = at - 1;
      }
    } else if (known.has(name) && at >= 0) {
      out[at] = [name, { ...out[at][1], ...tweak }];
      cursor = at;
    } else {
      out.splice(++cursor, 0, [name, make(name, tweak)]);
    }
  }
  return out.map(([, item]) => item);
}

const fieldsOf = (entity: Entity, use: "list" | "detail" | "form") => entity.keys[use].map((name) => [name, entity.fields[name]] as const);

export function deriveColumns<Row extends AnyRow>(entity: Entity, tweaks?: ColumnTweaks<Row>): ColumnSpec<Row>[] {
  return applyTweaks<ColumnSpec<Row>>(
    fieldsOf(entity, "list").map(([name, f]) => [name, entityColumn<Row>(name, f)]),
    tweaks as Readonly<Record<string, Partial<ColumnSpec<Row>> | false>>,
    (name, t) => ("def" in t ? (t as RawColumn<Row>) : { prop: name, label: `fields.${name}`, ...(t as Partial<KitColumn<Row>>) }),
  );
}

export function deriveSearchItems(entity: Entity, tweaks?: Tweaks<SearchItem>): SearchItem[] {
  const searched = Object.entries(entity.fields).filter(([, f]) => f.search);
  return applyTweaks<SearchItem>(
    searched.map(([name, f]) => [name, entitySearchItem(name, f)]),
    tweaks,
    (name, t) => ({ prop: name, label: `fields.${name}`, ...t }),
  );
}

/** `placeholders`: every text-like input (or the named ones) shows `placeholders.<name>`. */
export function deriveFormFields(entity: Entity, tweaks?: Tweaks<FormField>, placeholders?: true | readonly string[]): FormField[] {
  const TEXTUAL: readonly (FieldType | undefined)[] = [undefined, "text", "number", "textarea", "password"];
  const wants = (f: FormField) => (placeholders === true ? TEXTUAL.includes(f.type) && !f.placeholder : !!placeholders?.includes(f.name));
  const fields = applyTweaks<FormField>(
    fieldsOf(entity, "form").map(([name, f]) => [name, entityFormField(name, f)]),
    tweaks,
    (name, t) => ({ name, label: `fields.${name}`, ...(entity.fields[name] ? entityFormField(name, entity.fields[name]) : {}), ...t }),
  );
  return fields.map((f) => (wants(f) ? { ...f, placeholder: `placeholders.${f.name}` } : f));
}

export function deriveDetailRows<Row extends AnyRow>(entity: Entity, tweaks?: Tweaks<DetailRow<Row>>): DetailRow<Row>[] {
  return applyTweaks<DetailRow<Row>>(
    fieldsOf(entity, "detail").map(([name, f]) => [name, entityDetailRow<Row>(name, f)]),
    tweaks,
    (name, t) => ({ prop: name, label: `fields.${name}`, ...t }),
  );
}

/** A new row's values: each form field's default (`name2` of a range included). */
export function deriveDefaults(entity: Entity, fields: readonly FormField[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.flatMap((f) => {
      const def = entity.fields[f.name];
      const value = def ? formDefault(def) : f.multiple ? [] : "";
      return f.name2 ? [[f.name, value], [f.name2, ""]] : [[f.name, value]];
    }),
  );
}

/** Row → form values: the key, the form's fields and the entity's writable ones (what a body may carry). */
export function pickForm(entity: Entity, fields: readonly FormField[], key = entity.key) {
  const writable = Object.entries(entity.fields).flatMap(([name, f]) => (!f.readOnly && f.schema ? [name] : []));
  const names = [...new Set([key, ...writable, ...fields.flatMap((f) => (f.name2 ? [f.name, f.name2] : [f.name]))])];
  return (row: AnyRow) => Object.fromEntries(names.filter((n) => n in row).map((n) => [n, row[n]]));
}
