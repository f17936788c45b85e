
/** A row of any shape (the console's and the cloud's trees alike). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- trees of any row shape, the console's and the cloud's
type AnyRow = Record<string, any>;

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

/** A tree rebuilt node by node: `node` gets each row and its children already rebuilt. */
export function mapTree<T extends { childrens: T[] }, N>(nodes: readonly T[], node: (row: T, childrens: N[]) => N): N[] {
  return nodes.map((n) => node(n, mapTree(n.childrens, node)));
}

/**
 * Pure helpers over nested rows (department, menu and dictionary trees): which key names a
 * node and which holds its children. Keys are compared as strings, as they come from the URL.
 */
export type TreeShape = { rowKey: string; childrenKey: string };
export const TREE_SHAPE: TreeShape = { rowKey: "id", childrenKey: "childrens" };

const childrenOf = <T extends AnyRow>(node: T, shape: TreeShape = TREE_SHAPE): readonly T[] => {
  const kids = node[shape.childrenKey];
  return Array.isArray(kids) ? kids : [];
};
export const nodeKey = (node: AnyRow, shape: TreeShape = TREE_SHAPE) => String(node[shape.rowKey]);

export type TreeRowState = { depth: number; hasChildren: boolean; open: boolean };
export type VisibleRow<T> = { node: T; state: TreeRowState };

/** The rows a reader sees: a node's children only while it is open. */
export function flattenOpen<T extends AnyRow>(nodes: readonly T[], open: ReadonlySet<string>, shape: TreeShape = TREE_SHAPE, depth = 0): VisibleRow<T>[] {
  return nodes.flatMap((node) => {
    const kids = childrenOf(node, shape);
    const isOpen = open.has(nodeKey(node, shape));
    const row: VisibleRow<T> = { node, state: { depth, hasChildren: kids.length > 0, open: isOpen } };
    return isOpen ? [row, ...flattenOpen(kids, open, shape, depth + 1)] : [row];
  });
}

/** Keys of the branches down to `levels` deep (Infinity: all of them). */
export function branchKeys<T extends AnyRow>(nodes: readonly T[], levels: number, shape: TreeShape = TREE_SHAPE): string[] {
  if (levels <= 0) return [];
  return nodes.flatMap((n) => {
    const kids = childrenOf(n, shape);
    return kids.length ? [nodeKey(n, shape), ...branchKeys(kids, levels - 1, shape)] : [];
  });
}

/** The nodes `keep` accepts with the ancestors leading to them; a kept node keeps its children. */
export function filterTree<T extends AnyRow>(nodes: readonly T[], keep: (n: T) => boolean, shape: TreeShape = TREE_SHAPE): T[] {
  return nodes.flatMap((n) => {
    const kids = filterTree(childrenOf(n, shape), keep, shape);
    const self = keep(n);
    return self || kids.length ? [{ ...n, [shape.childrenKey]: kids.length ? kids : self ? childrenOf(n, shape) : [] }] : [];
  });
}

export function findNode<T extends AnyRow>(nodes: readonly T[], key: unknown, shape: TreeShape = TREE_SHAPE): T | undefined {
  for (const n of nodes) {
    if (nodeKey(n, shape) === String(key)) return n;
    const hit = findNode(childrenOf(n, shape), key, shape);
    if (hit) return hit;
  }
  return undefined;
}
