import { describe, expect, it } from "vitest";
import type { KnowledgeNode } from "@/lib/contract/knowledge/knowledge";
import { formatSize } from "@/lib/format";
import { filterKnowledge, indexTree, nodeActions, trail } from "./tree";

const node = (fileId: number, fileType: KnowledgeNode["fileType"], authType: KnowledgeNode["authType"], subList: KnowledgeNode[] = [], parentId: number | null = null): KnowledgeNode => ({
  fileId,
  headerId: 1,
  parentId,
  fileName: `n${fileId}`,
  fileDesc: null,
  fileType,
  filePath: null,
  fileSize: null,
  authType,
  headerUserId: 1,
  headerUserName: "",
  updateTime: "",
  subList,
});

describe("the node menu (widgets §6)", () => {
  it("offers permission assignment to the owner only, change creator on a base for userIdentity 2", () => {
    expect(nodeActions(node(1, "9", "9"), { canMove: true })).toEqual(["newFolder", "newFile", "auth", "edit", "delete"]);
    expect(nodeActions({ ...node(1, "9", "2"), canChangeOwner: true }, { canMove: true })).toEqual(["newFolder", "newFile", "owner", "edit", "delete"]);
  });
  it("moves folders with the move permission and manage rights; view-only gets view, preview and download", () => {
    expect(nodeActions(node(2, "1", "2"), { canMove: true })).toContain("move");
    expect(nodeActions(node(2, "1", "2"), { canMove: false })).not.toContain("move");
    expect(nodeActions(node(3, "2", "1"), { canMove: true })).toEqual(["preview", "download", "share", "view"]);
    expect(nodeActions(node(2, "1", "1"), { canMove: true })).toEqual(["view"]);
  });
});

describe("tree helpers", () => {
  const tree = [node(1, "9", "9", [node(2, "1", "9", [node(3, "2", "9", [], 2)], 1), node(4, "1", "9", [], 1)])];
  it("keeps a match's ancestors when searching", () => {
    expect(filterKnowledge(tree, "n3")[0].subList.map((n) => n.fileId)).toEqual([2]);
    expect(filterKnowledge(tree, "zzz")).toEqual([]);
  });
  it("finds the trail from the base", () => {
    expect(trail(indexTree(tree), 3).map((n) => n.fileId)).toEqual([1, 2, 3]);
  });
  it("formats sizes", () => {
    expect(formatSize("1536")).toBe("1.50 KB");
    expect(formatSize(null)).toBe("—");
    expect(formatSize(String(900 * 1024 * 1024))).toBe("900.0 MB");
  });
});
