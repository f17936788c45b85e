"use client";

import { useCall } from "@/lib/api/call";
import { departmentApi, type DepartmentNode } from "@/lib/contract/system/department";

/** The caller's tenant's department tree (root = the company). */
export function useDepartments() {
  const { data, error, isLoading, mutate } = useCall(departmentApi.tree, {});
  return { nodes: data ?? [], error, isLoading, mutate };
}

export const departmentLabel = (n: Pick<DepartmentNode, "departmentName">) => n.departmentName;
