import { canManage, isOwner, type KnowledgeNode } from "@/lib/contract/knowledge/knowledge";

/** Tree helpers of the knowledge screen: lookup, search keeping ancestors, the node menu of widgets §6. */

export function indexTree(roots: readonly KnowledgeNode[]): Map<number, KnowledgeNode> {
  const out = new Map<number, KnowledgeNode>();
  const walk = (n: KnowledgeNode) => {
    out.set(n.fileId, n);
    n.subList.forEach(walk);
  };
  roots.forEach(walk);
  return out;
}

/** The nodes whose name contains `keyword`, with their ancestors (so the match stays reachable). */
export function filterKnowledge(nodes: readonly KnowledgeNode[], keyword: string): KnowledgeNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...nodes];
  return nodes.flatMap((n) => {
    const sub = filterKnowledge(n.subList, keyword);
    return n.fileName.toLowerCase().includes(k) || sub.length ? [{ ...n, subList: sub }] : [];
  });
}

/** From the base down to the node. */
export function trail(index: Map<number, KnowledgeNode>, id: number): KnowledgeNode[] {
  const out: KnowledgeNode[] = [];
  for (let n = index.get(id); n; n = n.parentId === null ? undefined : index.get(n.parentId)) out.unshift(n);
  return out;
}

export type NodeAction = "preview" | "download" | "share" | "newFolder" | "newFile" | "auth" | "owner" | "move" | "edit" | "view" | "delete";

/**
 * The node menu (widgets §6): new folder, new file, edit, delete with manage or owner rights;
 * permission assignment with owner rights; change creator on a base for userIdentity 2; move with
 * `file:fileBase:moveFile` (not a base). A view-only node offers view (and preview / download / share link for files).
 */
export function nodeActions(n: KnowledgeNode, o: { canMove: boolean }): NodeAction[] {
  const manage = canManage(n.authType);
  const out: NodeAction[] = [];
  if (n.fileType === "2") out.push("preview", "download", "share");
  if (manage && n.fileType !== "2") out.push("newFolder", "newFile");
  if (isOwner(n.authType)) out.push("auth");
  if (n.fileType === "9" && n.canChangeOwner) out.push("owner");
  if (manage && n.fileType !== "9" && o.canMove) out.push("move");
  out.push(manage ? "edit" : "view");
  if (manage) out.push("delete");
  return out;
}
