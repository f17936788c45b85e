import { describe, expect, it } from "vitest";
import { checkedLeaves, savedIds, stateOf, toggle, type CheckNode } from "./menu-check";

const tree: CheckNode[] = [
  { id: 1, childrens: [{ id: 2, childrens: [{ id: 3 }, { id: 4 }] }, { id: 5 }] },
  { id: 6, childrens: [] },
];

describe("menu check tree", () => {
  it("reads leaves from stored ids, ignoring a folder stored alone", () => {
    expect([...checkedLeaves(tree, [1, 2, 3])]).toEqual([3]);
    expect([...checkedLeaves(tree, [1])]).toEqual([]);
  });
  it("derives folder states from their leaves", () => {
    const leaves = new Set([3]);
    expect(stateOf(tree[0], leaves)).toBe("indeterminate");
    expect(stateOf(tree[0].childrens![0], new Set([3, 4]))).toBe("checked");
    expect(stateOf(tree[1], leaves)).toBe("unchecked");
  });
  it("checks and clears whole subtrees", () => {
    expect([...toggle(tree[0], new Set(), true)].sort()).toEqual([3, 4, 5]);
    expect([...toggle(tree[0].childrens![0], new Set([3, 4, 5]), false)]).toEqual([5]);
  });
  it("saves the leaves with every folder above them", () => {
    expect(savedIds(tree, new Set([4]))).toEqual([1, 2, 4]);
    expect(savedIds(tree, new Set([6]))).toEqual([6]);
    expect(savedIds(tree, new Set())).toEqual([]);
  });
});
