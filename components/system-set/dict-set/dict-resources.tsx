"use client";

import { PlusIcon } from "lucide-react";
import { permsOf } from "@/lib/contract/call";
import { dict, dictApi, dictItem, dictItemApi, dictItemUpdate, dictUpdate, type DictItemNode, type DictNode } from "@/lib/contract/system/dict";
import { type CustomFieldProps, defineResource, urlId } from "@/components/kit";
import { findNode } from "@/lib/tree";
import { subtreeIds, TreeSelect } from "@/components/kit/form/tree-select";
import { multilingualField } from "@/components/kit/form/multilingual-input";

/** The parent of a node: another node of the same tree, never itself or one below it. */
function parentField<T extends { id: number; childrens?: T[] | null }>(nodes: () => readonly T[], labelOf: (n: T) => string) {
  return {
    render: ({ field, form, disabled, invalid }: CustomFieldProps) => {
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

/** Dictionaries (a tree per scope); the forms read the current tree through `nodes()`. */
export function dictResource(nodes: () => readonly DictNode[]) {
  return defineResource<DictNode>({
    entity: dict,
    entityLabel: "dictEntity",
    // The trees come whole; edits start from the row.
    calls: { ...dictApi, page: dictApi.tree },
    schemas: { update: dictUpdate },
    columns: [],
    form: { columns: 2, fields: { parentId: parentField(nodes, (n) => n.dictName), dictName: multilingualField, dictCode: { hint: "hints.dictCode" } } },
  });
}

/**
 * Items of one dictionary (a tree: itemName, itemValue, childrens), listed beside the chosen
 * dictionary narrowed to its `dictId`; the forms read the current tree through `nodes()`.
 */
export function dictItemResource(nodes: () => readonly DictItemNode[]) {
  return defineResource<DictItemNode>({
    entity: dictItem,
    entityLabel: "itemEntity",
    calls: { ...dictItemApi, page: dictItemApi.tree },
    schemas: { update: dictItemUpdate },
    query: { dictId: urlId },
    tree: { defaultExpanded: 2, request: (q) => [dictItemApi.tree.path, { dictId: Number(q.dictId) }] },
    columns: {
      itemName: { minWidth: 200 },
      itemValue: { width: 160, render: (r) => <code className="text-xs">{r.itemValue}</code> },
      sort: { width: 80, align: undefined },
      remark: { minWidth: 160 },
    },
    rowActions: [{ builtin: "addChild", label: "actions.addChild" }, "edit", { builtin: "del", confirm: "confirm.deleteItem" }],
    inlineActions: 3,
    rowName: (n) => n.itemName,
    toolbar: [{ key: "addItem", label: "actions.addItem", perm: permsOf(dictItemApi.add)[0], icon: <PlusIcon />, variant: "default", onClick: (ui) => ui.addChild() }],
    form: {
      columns: 2,
      // A new item goes into the chosen dictionary.
      preset: (q) => ({ dictId: q.dictId }),
      fields: { parentId: parentField(nodes, (n) => n.itemName), itemName: multilingualField },
    },
  });
}
