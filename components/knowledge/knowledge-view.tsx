"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import {
  ChevronRightIcon,
  FileIcon,
  FilePlusIcon,
  FolderIcon,
  FolderPlusIcon,
  LibraryIcon,
  LibrarySquareIcon,
  MoreHorizontalIcon,
  PlusIcon,
  SearchIcon,
  Trash2Icon,
} from "lucide-react";
import { apiUrl } from "@/lib/api/fetcher";
import { call, useCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { formatDateTime } from "@/lib/format";
import { KNOWLEDGE_LIMITS, knowledgeApi, type KnowledgeNode } from "@/lib/contract/knowledge/knowledge";
import { PageFrame, useConfirm, useUrlPatch } from "@/components/kit";
import { usePermissions } from "@/components/kit/can";
import { LoadError } from "@/components/kit/load-error";
import { lazyParts } from "@/components/kit/lazy-parts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { deferred, useDeferred, useDeferredPopup } from "@/components/ui/deferred";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import type { NodeDialogKind, NodeDialogMode } from "./node-dialog";
import { formatSize } from "@/lib/format";
import { filterKnowledge, indexTree, nodeActions, trail, type NodeAction } from "./tree";

// The dialogs and the file preview mount only while open (`?dlg=`): loaded then, not with the page.
const NodeDialog = dynamic(() => import("./node-dialog").then((m) => m.NodeDialog));
const { AuthDialog, OwnerDialog, MoveDialog, RecycleDialog } = lazyParts(() => import("./knowledge-dialogs"), ["AuthDialog", "OwnerDialog", "MoveDialog", "RecycleDialog"]);
const PreviewOverlay = dynamic(() => import("./file-preview").then((m) => m.PreviewOverlay));
const ShareLinkDialog = dynamic(() => import("./share-link-dialog").then((m) => m.ShareLinkDialog));

const PERM_ADD_BASE = permsOf(knowledgeApi.addHeader)[0];
const PERM_MOVE = permsOf(knowledgeApi.move)[0];

const kindOf = (n: KnowledgeNode): NodeDialogKind => (n.fileType === "9" ? "base" : n.fileType === "1" ? "folder" : "file");

function NodeIcon({ node, className }: { node: KnowledgeNode; className?: string }) {
  if (node.fileType === "9") return <LibraryIcon className={cn("text-primary", className)} />;
  if (node.fileType === "1") return <FolderIcon className={cn("text-amber-500", className)} />;
  return <FileIcon className={cn("text-muted-foreground", className)} />;
}

// The node menus (radix context and dropdown menus) are closed at first paint: they load when the
// browser is idle or on the first click; until then a right click shows the browser's own menu.
const nodeMenus = deferred(() => import("./node-menus"));

function WithContextMenu({ actions, onAction, children }: { actions: NodeAction[]; onAction: (a: NodeAction) => void; children: React.ReactElement }) {
  const menus = useDeferred(nodeMenus);
  return menus ? (
    <menus.NodeContextMenu actions={actions} onAction={onAction}>
      {children}
    </menus.NodeContextMenu>
  ) : (
    children
  );
}

function MoreMenu({ actions, onAction, align, trigger }: { actions: NodeAction[]; onAction: (a: NodeAction) => void; align: "start" | "end"; trigger: (props: React.ButtonHTMLAttributes<HTMLButtonElement>) => React.ReactElement }) {
  const { Part: menus, open, setOpen, triggerProps } = useDeferredPopup(nodeMenus);
  const button = trigger(triggerProps);
  return menus ? <menus.NodeMoreMenu trigger={button} open={open} onOpenChange={setOpen} actions={actions} onAction={onAction} align={align} /> : button;
}

function TreeItem({
  node,
  depth,
  selected,
  open,
  toggle,
  onSelect,
  actionsOf,
  onAction,
}: {
  node: KnowledgeNode;
  depth: number;
  selected: number | null;
  open: Set<number>;
  toggle: (id: number) => void;
  onSelect: (n: KnowledgeNode) => void;
  actionsOf: (n: KnowledgeNode) => NodeAction[];
  onAction: (n: KnowledgeNode, a: NodeAction) => void;
}) {
  const t = useTranslations("knowledge.tree");
  const expanded = open.has(node.fileId);
  const children = node.subList;
  const actions = actionsOf(node);
  return (
    <li role="treeitem" aria-expanded={children.length ? expanded : undefined} aria-selected={selected === node.fileId}>
      <WithContextMenu actions={actions} onAction={(a) => onAction(node, a)}>
          <div
            className={cn("group flex h-8 cursor-pointer items-center gap-1 rounded-md pr-1 text-sm hover:bg-accent", selected === node.fileId && "bg-primary/10 font-medium text-primary")}
            style={{ paddingLeft: `${depth * 14 + 4}px` }}
            onClick={() => onSelect(node)}
            data-testid="tree-node"
            data-name={node.fileName}
          >
            <button
              type="button"
              className={cn("flex size-5 shrink-0 items-center justify-center rounded text-muted-foreground", !children.length && "invisible")}
              onClick={(e) => {
                e.stopPropagation();
                toggle(node.fileId);
              }}
              aria-label={node.fileName}
              tabIndex={-1}
            >
              <ChevronRightIcon className={cn("size-3.5 transition-transform", expanded && "rotate-90")} />
            </button>
            <NodeIcon node={node} className="size-4 shrink-0" />
            <span className="min-w-0 flex-1 truncate">{node.fileName}</span>
            <MoreMenu
              actions={actions}
              onAction={(a) => onAction(node, a)}
              align="start"
              trigger={({ onClick, ...props }) => (
                <button
                  type="button"
                  className="flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground opacity-0 group-hover:opacity-100 hover:bg-background focus-visible:opacity-100 data-[state=open]:opacity-100"
                  aria-label={t("more")}
                  data-testid="node-more"
                  {...props}
                  onClick={(e) => {
                    e.stopPropagation();
                    onClick?.(e);
                  }}
                >
                  <MoreHorizontalIcon className="size-4" />
                </button>
              )}
            />
          </div>
      </WithContextMenu>
      {expanded && children.length > 0 && (
        <ul role="group">
          {children.map((c) => (
            <TreeItem key={c.fileId} node={c} depth={depth + 1} selected={selected} open={open} toggle={toggle} onSelect={onSelect} actionsOf={actionsOf} onAction={onAction} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The dialogs the URL names: `?dlg=<kind>&id=<node>` (dialogs open from URL params). */
type Dialog = { name: string; id: number | null };

/**
 * /knowledge (widgets §2, §4, §6): the tree panel (recycle bin, add base, all bases, search) with
 * each node's menu by its right, and the selected folder's contents with the same actions.
 */
export function KnowledgeView() {
  const t = useTranslations("knowledge");
  const { can } = usePermissions();
  const { params, go } = useUrlPatch();
  const { data, error, isLoading, mutate } = useCall(knowledgeApi.tree, {});
  const tree = React.useMemo(() => data ?? [], [data]);
  const index = React.useMemo(() => indexTree(tree), [tree]);
  const [keyword, setKeyword] = React.useState("");
  const [open, setOpen] = React.useState<Set<number>>(new Set());
  const [confirm, confirmElement] = useConfirm();

  const selectedId = Number(params.get("node")) || null;
  const selected = selectedId ? (index.get(selectedId) ?? null) : null;
  const dialog: Dialog | null = params.get("dlg") ? { name: params.get("dlg")!, id: Number(params.get("id")) || null } : null;
  const dialogNode = dialog?.id ? index.get(dialog.id) : undefined;
  const openDialog = (name: string, id?: number) => go({ dlg: name, id: id ? String(id) : null });
  const closeDialog = React.useCallback(() => go({ dlg: null, id: null }), [go]);
  // The cloud's tree is read again a moment after a change (widgets §9: 300 ms).
  const refresh = React.useCallback(() => void setTimeout(() => void mutate(), KNOWLEDGE_LIMITS.treeRefreshMs), [mutate]);

  const shown = React.useMemo(() => filterKnowledge(tree, keyword), [tree, keyword]);
  const expandedSet = React.useMemo(() => (keyword.trim() ? new Set(indexTree(shown).keys()) : open), [keyword, shown, open]);
  const toggle = (id: number) => setOpen((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const select = (n: KnowledgeNode) => {
    if (n.fileType === "2") return openDialog("preview", n.fileId);
    setOpen((s) => new Set([...s, ...trail(index, n.fileId).map((x) => x.fileId)]));
    go({ node: String(n.fileId) });
  };
  const actionsOf = (n: KnowledgeNode) => nodeActions(n, { canMove: can(PERM_MOVE) });

  const remove = async (n: KnowledgeNode) => {
    const message = n.fileType === "9" ? t("confirm.base") : n.fileType === "1" ? t("confirm.folder") : t("confirm.file");
    if (!(await confirm(message, { danger: true }))) return;
    try {
      if (n.fileType === "9") {
        await call(knowledgeApi.delHeader, { id: n.fileId });
        toast.success(t("done.baseDeleted"));
      } else {
        await call(knowledgeApi.recycle, { id: n.fileId });
        toast.success(t("done.recycled"));
      }
      if (selectedId && trail(index, selectedId).some((x) => x.fileId === n.fileId)) go({ node: n.parentId ? String(n.parentId) : null });
      refresh();
    } catch {
      /* shown */
    }
  };

  const onAction = (n: KnowledgeNode, a: NodeAction) => {
    if (a === "download") return void window.location.assign(apiUrl(knowledgeApi.download.path, { id: n.fileId }));
    if (a === "delete") return void remove(n);
    openDialog(a, n.fileId);
  };

  const nodeDialog = (): { mode: NodeDialogMode; kind: NodeDialogKind; node?: KnowledgeNode; parent?: KnowledgeNode } | null => {
    if (!dialog) return null;
    if (dialog.name === "addBase") return { mode: "add", kind: "base" };
    if (dialog.name === "newFolder" && dialogNode) return { mode: "add", kind: "folder", parent: dialogNode };
    if (dialog.name === "newFile" && dialogNode) return { mode: "add", kind: "file", parent: dialogNode };
    if ((dialog.name === "edit" || dialog.name === "view") && dialogNode) return { mode: dialog.name, kind: kindOf(dialogNode), node: dialogNode };
    return null;
  };
  const nd = nodeDialog();

  // What the right pane lists: the selected base's or folder's children, or every base.
  const listed = selected ? selected.subList : tree;
  const path = selected ? trail(index, selected.fileId) : [];

  return (
    <PageFrame>
      <div className="flex min-h-[calc(100vh-10rem)] flex-col gap-4 md:flex-row">
        <aside className="flex w-full shrink-0 flex-col rounded-lg border bg-card md:w-72" aria-label={t("tree.title")}>
          <div className="flex items-center gap-1 border-b px-3 py-2">
            <span className="flex-1 text-sm font-medium">{t("tree.title")}</span>
            <Button variant="ghost" size="icon" className="size-8" title={t("tree.allBases")} aria-label={t("tree.allBases")} onClick={() => go({ node: null })} data-testid="all-bases">
              <LibrarySquareIcon />
            </Button>
            {can(PERM_ADD_BASE) && (
              <Button variant="ghost" size="icon" className="size-8" title={t("tree.addBase")} aria-label={t("tree.addBase")} onClick={() => openDialog("addBase")} data-testid="add-base">
                <PlusIcon />
              </Button>
            )}
            <Button variant="ghost" size="icon" className="size-8" title={t("tree.recycleBin")} aria-label={t("tree.recycleBin")} onClick={() => openDialog("recycle")} data-testid="recycle-bin">
              <Trash2Icon />
            </Button>
          </div>
          <div className="relative px-3 py-2">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-5 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t("tree.search")} className="h-8 pl-8" aria-label={t("tree.search")} />
          </div>
          <div className="min-h-0 flex-1 overflow-auto px-2 pb-2">
            {error ? (
              <LoadError onRetry={() => void mutate()} />
            ) : isLoading ? (
              <div className="space-y-2 p-2">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-6" />
                ))}
              </div>
            ) : shown.length === 0 ? (
              <p className="p-4 text-center text-sm text-muted-foreground">{keyword ? t("tree.noMatch") : t("tree.empty")}</p>
            ) : (
              <ul role="tree" aria-label={t("tree.title")} data-testid="knowledge-tree">
                {shown.map((n) => (
                  <TreeItem key={n.fileId} node={n} depth={0} selected={selectedId} open={expandedSet} toggle={toggle} onSelect={select} actionsOf={actionsOf} onAction={onAction} />
                ))}
              </ul>
            )}
          </div>
        </aside>

        <section className="flex min-w-0 flex-1 flex-col rounded-lg border bg-card" data-testid="knowledge-content">
          <div className="flex flex-wrap items-center gap-2 border-b px-4 py-2.5">
            <nav className="flex min-w-0 flex-1 items-center gap-1 text-sm" aria-label={t("title")}>
              <button type="button" className={cn("hover:text-primary", path.length ? "text-muted-foreground" : "font-medium")} onClick={() => go({ node: null })}>
                {t("tree.allBases")}
              </button>
              {path.map((p, i) => (
                <React.Fragment key={p.fileId}>
                  <ChevronRightIcon className="size-3.5 text-muted-foreground" />
                  <button type="button" className={cn("truncate hover:text-primary", i === path.length - 1 ? "font-medium" : "text-muted-foreground")} onClick={() => select(p)}>
                    {p.fileName}
                  </button>
                </React.Fragment>
              ))}
            </nav>
            {selected && <Badge variant="outline">{t(`authType.${selected.authType}`)}</Badge>}
            {selected && actionsOf(selected).includes("newFolder") && (
              <>
                <Button size="sm" variant="outline" onClick={() => openDialog("newFolder", selected.fileId)} data-testid="new-folder">
                  <FolderPlusIcon />
                  {t("menu.newFolder")}
                </Button>
                <Button size="sm" onClick={() => openDialog("newFile", selected.fileId)} data-testid="new-file">
                  <FilePlusIcon />
                  {t("menu.newFile")}
                </Button>
              </>
            )}
            {!selected && can(PERM_ADD_BASE) && (
              <Button size="sm" onClick={() => openDialog("addBase")}>
                <PlusIcon />
                {t("tree.addBase")}
              </Button>
            )}
          </div>
          {selected?.fileDesc && <p className="border-b px-4 py-2 text-sm text-muted-foreground">{selected.fileDesc}</p>}
          <div className="min-h-0 flex-1 overflow-auto">
            {isLoading ? (
              <Skeleton className="m-4 h-40" />
            ) : listed.length === 0 ? (
              <p className="p-10 text-center text-sm text-muted-foreground">{selected ? t("list.empty") : t("tree.empty")}</p>
            ) : (
              <table className="w-full text-sm" data-testid="knowledge-table">
                <thead className="sticky top-0 bg-muted/60 text-left text-xs text-muted-foreground">
                  <tr>
                    <th className="px-4 py-2 font-medium">{t("list.name")}</th>
                    <th className="px-2 font-medium">{t("list.type")}</th>
                    <th className="px-2 text-right font-medium">{t("list.size")}</th>
                    <th className="px-2 font-medium">{selected ? t("list.right") : t("list.owner")}</th>
                    <th className="px-2 font-medium">{t("list.updated")}</th>
                    <th className="px-4 text-right font-medium">{t("list.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {listed.map((n) => {
                    const actions = actionsOf(n);
                    const inline = actions.filter((a) => a === "preview" || a === "download" || (n.fileType !== "2" && a === "edit")).slice(0, 2);
                    const more = actions.filter((a) => !inline.includes(a));
                    return (
                      <tr key={n.fileId} className="border-b last:border-0 hover:bg-accent/50" data-testid="knowledge-row" data-name={n.fileName}>
                        <td className="px-4 py-2">
                          <button type="button" className="flex min-w-0 items-center gap-2 text-left hover:text-primary" onClick={() => select(n)}>
                            <NodeIcon node={n} className="size-4 shrink-0" />
                            <span className="truncate">{n.fileName}</span>
                          </button>
                        </td>
                        <td className="px-2 text-muted-foreground">{t(`fileType.${n.fileType}`)}</td>
                        <td className="px-2 text-right text-muted-foreground tabular-nums">{n.fileType === "2" ? formatSize(n.fileSize) : t("list.none")}</td>
                        <td className="px-2 text-muted-foreground">{selected ? t(`authType.${n.authType}`) : n.headerUserName}</td>
                        <td className="px-2 text-muted-foreground tabular-nums">{formatDateTime(n.updateTime)}</td>
                        <td className="px-4 text-right whitespace-nowrap">
                          {inline.map((a) => (
                            <Button key={a} variant="link" size="sm" className="h-7 px-1.5" onClick={() => onAction(n, a)} data-action={a}>
                              {t(`menu.${a}`)}
                            </Button>
                          ))}
                          {more.length > 0 && (
                            <MoreMenu
                              actions={more}
                              onAction={(a) => onAction(n, a)}
                              align="end"
                              trigger={(props) => (
                                <Button variant="ghost" size="icon" className="size-7" aria-label={t("tree.more")} data-testid="row-more" {...props}>
                                  <MoreHorizontalIcon />
                                </Button>
                              )}
                            />
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </div>
        </section>
      </div>

      {nd && <NodeDialog open mode={nd.mode} kind={nd.kind} node={nd.node} parent={nd.parent} onClose={closeDialog} onSaved={refresh} />}
      {dialog?.name === "auth" && dialogNode && <AuthDialog node={dialogNode} onClose={closeDialog} />}
      {dialog?.name === "owner" && dialogNode && <OwnerDialog node={dialogNode} onClose={closeDialog} onSaved={refresh} />}
      {dialog?.name === "move" && dialogNode && <MoveDialog node={dialogNode} tree={tree} onClose={closeDialog} onSaved={refresh} />}
      {dialog?.name === "recycle" && <RecycleDialog onClose={closeDialog} onChanged={refresh} />}
      {dialog?.name === "preview" && dialogNode && <PreviewOverlay node={dialogNode} onClose={closeDialog} />}
      {dialog?.name === "share" && dialogNode && <ShareLinkDialog node={dialogNode} onClose={closeDialog} />}
      {confirmElement}
    </PageFrame>
  );
}
