import { useCall } from "@/lib/api/call";
import { areaApi, type AreaNode } from "@/lib/contract/system/area";

/**
 * The path of names from the root to `code` (core §3: shown joined with " / "). With `nearest`,
 * a code the tree lacks (a district renamed or merged since the row was written) still answers
 * the province and city it lies in, from its leading digits.
 */
export function areaPath(tree: readonly AreaNode[] | undefined, code: string | null | undefined, { nearest = false } = {}): AreaNode[] {
  if (!tree || !code) return [];
  const walk = (nodes: readonly AreaNode[], trail: AreaNode[]): AreaNode[] | null => {
    for (const n of nodes) {
      if (n.code === code) return [...trail, n];
      if (n.childrens && code.startsWith(n.code)) {
        const hit = walk(n.childrens, [...trail, n]);
        if (hit) return hit;
        if (nearest) return [...trail, n];
      }
    }
    return null;
  };
  return walk(tree, []) ?? [];
}

export const joinAreaNames = (path: readonly AreaNode[]) => path.map((n) => n.name).join(" / ");

/** The area tree, fetched once per session (it never changes). */
export function useAreaTree() {
  const { data } = useCall(areaApi.tree, {}, { revalidateOnFocus: false, revalidateIfStale: false, dedupingInterval: 3_600_000 });
  return data;
}
