"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import type { AnyRow, Resource } from "@/components/kit/resource/define-resource";
import { ResourceFormDialog } from "@/components/kit/resource/resource-form-dialog";
import { findNode } from "@/lib/tree";
import type { TreeLike } from "@/components/kit/form/tree-select";
import { useUrlPatch } from "./url-param";

/**
 * The dialogs of a tree screen, opened from the URL like the kit's lists: `?create=1` (with
 * `&parentId=` for "add below"), `?edit=<id>`. The form is the kit's resource form dialog.
 */
export function useTreeDialogs() {
  const { params, go } = useUrlPatch();
  return {
    params,
    create: (parentId?: number | null) => go({ create: "1", parentId: parentId ? String(parentId) : null, edit: null }),
    edit: (id: number) => go({ edit: String(id), create: null, parentId: null }),
    close: () => go({ create: null, edit: null, parentId: null }),
  };
}

type Props<T extends TreeLike<T> & AnyRow> = {
  resource: Resource<T>;
  nodes: readonly T[];
  loading: boolean;
  onSaved: () => Promise<unknown>;
  /** Extra initial values of a new node (e.g. the menu tree it goes into). */
  createDefaults?: AnyRow;
};

/** The one form dialog of a tree screen, for the node named in the URL. */
export function TreeFormDialog<T extends TreeLike<T> & AnyRow>({ resource, nodes, loading, onSaved, createDefaults }: Props<T>) {
  const tAll = useTranslations();
  const { params, close } = useTreeDialogs();
  const label = React.useCallback((key: string, values?: Record<string, string | number>) => tAll((key.startsWith("kit.") ? key : `${resource.ns}.${key}`) as never, values as never), [tAll, resource.ns]);
  const creating = params.get("create") === "1";
  const editId = params.get("edit");
  if (!creating && !editId) return null;
  const parentId = Number(params.get("parentId")) || null;
  const row = creating ? ({ ...resource.form?.defaults, ...createDefaults, parentId } as unknown as T) : findNode(nodes, editId);
  return (
    <ResourceFormDialog
      key={`${creating ? "c" : "e"}-${editId ?? parentId ?? ""}-${row ? 1 : 0}`}
      resource={resource}
      mode={creating ? "create" : "edit"}
      row={row}
      loading={!creating && !row && loading}
      error={!creating && !row && !loading}
      label={label}
      onClose={close}
      onSaved={onSaved}
    />
  );
}
