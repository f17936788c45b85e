export type TreeOf<T> = T & { childrens: TreeOf<T>[] };

/** Nests flat rows by `parentId` into `childrens` (the contract's name), ordered by `sort` then
 *  id. Rows whose parent is missing become roots, so a filtered list still shows. */
export function toTree<T extends { id: number; parentId: number | null; sort?: number }>(rows: T[]): TreeOf<T>[] {
  const nodes = new Map<number, TreeOf<T>>(rows.map((r) => [r.id, { ...r, childrens: [] }]));
  const roots: TreeOf<T>[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId == null ? undefined : nodes.get(n.parentId);
    (parent ? parent.childrens : roots).push(n);
  }
  const order = (list: TreeOf<T>[]) => {
    list.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id);
    for (const n of list) order(n.childrens);
  };
  order(roots);
  return roots;
}
