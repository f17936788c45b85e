"use client";

import { useTranslations } from "next-intl";
import { FolderIcon, ImagesIcon } from "lucide-react";
import { useCall } from "@/lib/api/call";
import { MEDIA_ROOT, mediaApi, type MediaFolder } from "@/lib/contract/media/media-library";
import { MasterPane } from "../master/master-pane";

/** The library's folders under one root node ("all files", id −1), as the tree panes show them. */
export function useMediaFolders() {
  const t = useTranslations("media");
  const { data, error, isLoading, mutate } = useCall(mediaApi.folders, {});
  const nodes: MediaFolder[] = [{ id: MEDIA_ROOT, fileName: t("tree.root"), parentId: null, children: data ?? [] }];
  return { nodes, folders: data, error, isLoading, mutate };
}

/** The ids of a folder and every folder below it. */
export function folderAndBelow(nodes: readonly MediaFolder[], id: number): Set<number> {
  const out = new Set<number>();
  const walk = (list: readonly MediaFolder[], inside: boolean) => {
    for (const n of list) {
      const here = inside || n.id === id;
      if (here) out.add(n.id);
      walk(n.children, here);
    }
  };
  walk(nodes, false);
  return out;
}

/**
 * The folder tree of the media library (the screen's master pane, the move dialog, the picker):
 * `value` −1 is the root.
 */
export function MediaFolderTree({ value, onChange, className, testId = "media-folders" }: { value: number; onChange: (id: number) => void; className?: string; testId?: string }) {
  const t = useTranslations("media");
  return (
    <MasterPane
      source={useMediaFolders()}
      childrenKey="children"
      labelOf={(n) => n.fileName}
      render={(n) => (
        <>
          {n.id === MEDIA_ROOT ? <ImagesIcon className="size-4 shrink-0 text-primary" /> : <FolderIcon className="size-4 shrink-0 text-amber-500" />}
          <span className="truncate">{n.fileName}</span>
        </>
      )}
      value={value}
      onChange={(id) => onChange(id === null ? MEDIA_ROOT : Number(id))}
      searchLabel={t("tree.search")}
      label={t("tree.label")}
      className={className}
      testId={testId}
      itemTestId={() => "media-folder"}
    />
  );
}
