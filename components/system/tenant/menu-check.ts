/** Tri-state check logic of a menu tree: leaves are the truth, folders follow their leaves. */
export type CheckNode = { id: number; childrens?: CheckNode[] | null };
export type CheckState = "checked" | "indeterminate" | "unchecked";

const kids = (n: CheckNode) => n.childrens ?? [];

export function leafIds(n: CheckNode): number[] {
  const c = kids(n);
  return c.length ? c.flatMap(leafIds) : [n.id];
}

/** The leaves of the stored ids: a stored folder alone (no leaf of it) checks nothing. */
export function checkedLeaves(tree: readonly CheckNode[], ids: Iterable<number>): Set<number> {
  const stored = new Set(ids);
  return new Set(tree.flatMap(leafIds).filter((id) => stored.has(id)));
}

export function stateOf(n: CheckNode, leaves: ReadonlySet<number>): CheckState {
  const all = leafIds(n);
  const on = all.filter((id) => leaves.has(id)).length;
  return on === 0 ? "unchecked" : on === all.length ? "checked" : "indeterminate";
}

/** Checking a node checks every leaf below it; unchecking clears them. */
export function toggle(n: CheckNode, leaves: ReadonlySet<number>, on: boolean): Set<number> {
  const next = new Set(leaves);
  for (const id of leafIds(n)) (on ? next.add(id) : next.delete(id));
  return next;
}

/** What gets saved: the checked leaves and every folder above them (half-checked included). */
export function savedIds(tree: readonly CheckNode[], leaves: ReadonlySet<number>): number[] {
  const out: number[] = [];
  const walk = (n: CheckNode): boolean => {
    const c = kids(n);
    const any = c.length ? c.map(walk).some(Boolean) : leaves.has(n.id);
    if (any) out.push(n.id);
    return any;
  };
  tree.forEach(walk);
  return out.sort((a, b) => a - b);
}
