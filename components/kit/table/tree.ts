import type { AnyRow } from "../resource/define-resource";

/**
 * Pure helpers over nested rows (department, menu and dictionary trees): which key names a
 * node and which holds its children. Keys are compared as strings, as they come from the URL.
 */
export type TreeShape = { rowKey: string; childrenKey: string };
export const TREE_SHAPE: TreeShape = { rowKey: "id", childrenKey: "childrens" };

export const childrenOf = <T extends AnyRow>(node: T, shape: TreeShape = TREE_SHAPE): readonly T[] => {
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
