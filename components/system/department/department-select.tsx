"use client";

import { findNode } from "@/lib/tree";
import { subtreeIds, TreeSelect } from "@/components/kit/form/tree-select";
import { departmentLabel, useDepartments } from "./use-departments";

/** A department of the caller's tenant, chosen from its tree (user form, parent department). */
export function DepartmentSelect({
  excludeSubtreeOf,
  ...props
}: {
  value: number | string | null | undefined;
  onChange: (id: number | null) => void;
  /** Editing this department: it and those below it cannot be its parent. */
  excludeSubtreeOf?: number | null;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
}) {
  const { nodes } = useDepartments();
  const disabledIds = excludeSubtreeOf ? subtreeIds(findNode(nodes, excludeSubtreeOf)) : undefined;
  return <TreeSelect nodes={nodes} labelOf={departmentLabel} disabledIds={disabledIds} {...props} />;
}
