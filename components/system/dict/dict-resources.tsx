"use client";

import { z } from "zod";
import { dictAdd, dictItemAdd, dictItemUpdate, dictUpdate, type DictItemNode, type DictNode } from "@/lib/contract/system/dict";
import { defineResource, type FormField } from "@/components/kit";
import { findNode } from "@/lib/tree";
import { subtreeIds, TreeSelect } from "@/components/kit/form/tree-select";

const NOT_LISTS = { info: false, export: false, import: false, template: false, openOrClose: false } as const;

/** The parent of a node: another node of the same tree, never itself or one below it. */
function parentField<T extends { id: number; childrens?: T[] | null }>(nodes: () => readonly T[], labelOf: (n: T) => string): FormField {
  return {
    name: "parentId",
    label: "fields.parentId",
    type: "custom",
    full: true,
    render: ({ field, form, disabled, invalid }) => {
      const all = nodes();
      const self = form.getValues("id");
      return (
        <TreeSelect
          id="field-parentId"
          nodes={all}
          labelOf={labelOf}
          value={field.value}
          onChange={field.onChange}
          clearable
          disabled={disabled}
          invalid={invalid}
          disabledIds={self ? subtreeIds(findNode(all, self)) : undefined}
        />
      );
    },
  };
}

const common: FormField[] = [
  { name: "sort", label: "fields.sort", type: "number", min: 0, max: 10000, floatNum: 0 },
  { name: "enabled", label: "fields.enabled", type: "radio", dict: "enableState" },
  { name: "remark", label: "fields.remark", type: "textarea" },
];

/** Dictionaries (a tree per scope); the forms read the current tree through `nodes()`. */
export function dictResource(nodes: () => readonly DictNode[]) {
  return defineResource<DictNode>({
    ns: "system.dict",
    entity: "dictEntity",
    api: "sys/dict",
    perm: "sys:dict",
    endpoints: { page: "sys/dict/tree", ...NOT_LISTS },
    schemas: { query: z.object({}), create: dictAdd, update: dictUpdate },
    columns: [],
    form: {
      columns: 2,
      defaults: { parentId: null, dictName: "", dictCode: "", sort: 0, enabled: 1, remark: "" },
      toForm: ({ id, scope, parentId, dictName, dictCode, sort, enabled, remark }) => ({ id, scope, parentId, dictName, dictCode, sort, enabled, remark }),
      fields: [
        parentField(nodes, (n) => n.dictName),
        { name: "dictName", label: "fields.dictName", required: true },
        { name: "dictCode", label: "fields.dictCode", required: true, hint: "hints.dictCode" },
        ...common,
      ],
    },
  });
}

/** Items of one dictionary (a tree: itemName, itemValue, childrens). */
export function dictItemResource(nodes: () => readonly DictItemNode[]) {
  return defineResource<DictItemNode>({
    ns: "system.dict",
    entity: "itemEntity",
    api: "sys/dictItem",
    perm: "sys:dict",
    endpoints: { page: "sys/dictItem/tree", ...NOT_LISTS },
    schemas: { query: z.object({}), create: dictItemAdd, update: dictItemUpdate },
    columns: [],
    form: {
      columns: 2,
      defaults: { parentId: null, itemName: "", itemValue: "", sort: 0, enabled: 1, remark: "" },
      toForm: ({ id, dictId, parentId, itemName, itemValue, sort, enabled, remark }) => ({ id, dictId, parentId, itemName, itemValue, sort, enabled, remark }),
      fields: [
        parentField(nodes, (n) => n.itemName),
        { name: "itemName", label: "fields.itemName", required: true },
        { name: "itemValue", label: "fields.itemValue", required: true },
        ...common,
      ],
    },
  });
}
