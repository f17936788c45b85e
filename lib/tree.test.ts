import { describe, expect, it } from "vitest";
import { branchKeys, filterTree, findNode, flattenOpen, toTree } from "./tree";

type Node = { id: number; name: string; childrens: Node[] };
const n = (id: number, name: string, childrens: Node[] = []): Node => ({ id, name, childrens });
const tree = [n(1, "Acme", [n(2, "Sales", [n(4, "Field")]), n(3, "Ops", [n(5, "Night", [n(6, "Crew")])])])];
const names = (rows: { node: Node }[]) => rows.map((r) => r.node.name);

describe("tree helpers", () => {
  it("nests flat rows by parent, ordered by sort then id; an orphan becomes a root", () => {
    const rows = [
      { id: 3, parentId: 1, sort: 1 },
      { id: 2, parentId: 1, sort: 1 },
      { id: 1, parentId: null, sort: 0 },
      { id: 4, parentId: 1, sort: 0 },
      { id: 5, parentId: 99 },
    ];
    const tree = toTree(rows);
    expect(tree.map((r) => r.id)).toEqual([1, 5]);
    expect(tree[0].childrens.map((r) => r.id)).toEqual([4, 2, 3]);
  });

  it("shows a node's children only while it is open, with depth and branch state", () => {
    const rows = flattenOpen(tree, new Set(["1", "3"]));
    expect(names(rows)).toEqual(["Acme", "Sales", "Ops", "Night"]);
    expect(rows.map((r) => r.state)).toEqual([
      { depth: 0, hasChildren: true, open: true },
      { depth: 1, hasChildren: true, open: false },
      { depth: 1, hasChildren: true, open: true },
      { depth: 2, hasChildren: true, open: false },
    ]);
  });

  it("lists the branches down to a depth, leaves never", () => {
    expect(branchKeys(tree, 1)).toEqual(["1"]);
    expect(branchKeys(tree, 2)).toEqual(["1", "2", "3"]);
    expect(branchKeys(tree, Infinity)).toEqual(["1", "2", "3", "5"]);
    expect(branchKeys(tree, 0)).toEqual([]);
  });

  it("filters to the matches and their ancestors; a match keeps its children", () => {
    const night = filterTree(tree, (x) => x.name === "Night");
    expect(names(flattenOpen(night, new Set(branchKeys(night, Infinity))))).toEqual(["Acme", "Ops", "Night", "Crew"]);
    const field = filterTree(tree, (x) => x.name === "Field");
    expect(names(flattenOpen(field, new Set(branchKeys(field, Infinity))))).toEqual(["Acme", "Sales", "Field"]);
    expect(filterTree(tree, () => false)).toEqual([]);
    // The input is left as it was.
    expect(tree[0].childrens).toHaveLength(2);
  });

  it("finds a node by its key as text, under any key and children names", () => {
    expect(findNode(tree, "6")?.name).toBe("Crew");
    expect(findNode(tree, 9)).toBeUndefined();
    const other = [{ code: "a", kids: [{ code: "b", kids: [] }] }];
    expect(findNode(other, "b", { rowKey: "code", childrenKey: "kids" })).toEqual({ code: "b", kids: [] });
  });
});
