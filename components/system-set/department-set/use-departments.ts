"use client";

import useSWR from "swr";
import { swrFetcher } from "@/lib/api/fetcher";
import type { DepartmentNode } from "@/lib/contract/system/department";

export const DEPARTMENT_TREE = "sys/department/currentUser/tree";

/** The caller's tenant's department tree (root = the company). */
export function useDepartments() {
  const { data, error, isLoading, mutate } = useSWR<DepartmentNode[]>(DEPARTMENT_TREE, swrFetcher);
  return { nodes: data ?? [], error, isLoading, mutate };
}

export const departmentLabel = (n: Pick<DepartmentNode, "departmentName">) => n.departmentName;
