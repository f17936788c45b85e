"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { DownloadIcon, EditIcon, EyeIcon, FilePlusIcon, FolderInputIcon, FolderPlusIcon, Share2Icon, ShieldIcon, Trash2Icon, UserCogIcon } from "lucide-react";
import { ContextMenu, ContextMenuContent, ContextMenuItem, ContextMenuTrigger } from "@/components/ui/context-menu";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { NodeAction } from "./tree";

const ACTION_ICONS: Record<NodeAction, React.ComponentType<{ className?: string }>> = {
  preview: EyeIcon,
  download: DownloadIcon,
  share: Share2Icon,
  newFolder: FolderPlusIcon,
  newFile: FilePlusIcon,
  auth: ShieldIcon,
  owner: UserCogIcon,
  move: FolderInputIcon,
  edit: EditIcon,
  view: EyeIcon,
  delete: Trash2Icon,
};

type Menu = { actions: NodeAction[]; onAction: (a: NodeAction) => void };

/** The node menu's items, shared by the right-click menu, the "more" button and the row actions. */
function ActionItems({ actions, onAction, Item }: Menu & { Item: typeof ContextMenuItem | typeof DropdownMenuItem }) {
  const t = useTranslations("knowledge.menu");
  return (
    <>
      {actions.map((a) => {
        const Icon = ACTION_ICONS[a];
        return (
          <Item key={a} variant={a === "delete" ? "destructive" : "default"} onSelect={() => onAction(a)} data-action={a}>
            <Icon className="size-4" />
            {t(a)}
          </Item>
        );
      })}
    </>
  );
}

/** A tree node's right-click menu (loaded after the page, `knowledge-view.tsx`). */
export function NodeContextMenu({ actions, onAction, children }: Menu & { children: React.ReactElement }) {
  return (
    <ContextMenu>
      <ContextMenuTrigger asChild>{children}</ContextMenuTrigger>
      <ContextMenuContent>
        <ActionItems actions={actions} onAction={onAction} Item={ContextMenuItem} />
      </ContextMenuContent>
    </ContextMenu>
  );
}

/** A node's "more" menu around its button; a choice does not also click what the button sits in. */
export function NodeMoreMenu({ actions, onAction, trigger, open, onOpenChange, align }: Menu & { trigger: React.ReactElement; open: boolean; onOpenChange: (open: boolean) => void; align: "start" | "end" }) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align={align} onClick={(e) => e.stopPropagation()}>
        <ActionItems actions={actions} onAction={onAction} Item={DropdownMenuItem} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
