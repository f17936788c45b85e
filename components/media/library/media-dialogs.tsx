"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { DownloadIcon } from "lucide-react";
import { call } from "@/lib/api/call";
import { fileUrl } from "@/lib/file-url";
import { MEDIA_ROOT, MEDIA_TYPE, mediaAdd, mediaApi, mediaRename, type MediaItem, type RecycledMedia } from "@/lib/contract/media/media-library";
import { FormDialog, KitDialog, MoveDialog as KitMoveDialog, RecycleBinDialog } from "@/components/kit";
import { MediaFolderTree, folderAndBelow, useMediaFolders } from "@/components/kit/media/media-folders";
import { MediaThumb } from "@/components/kit/media/media-thumb";
import { Button } from "@/components/ui/button";

type Done = () => Promise<unknown>;

/** New folder in the folder shown. */
export function FolderDialog({ parentId, onClose, onDone }: { parentId: number; onClose: () => void; onDone: Done }) {
  const t = useTranslations("media");
  return (
    <FormDialog
      title={t("folder.title")}
      fields={[{ name: "fileName", label: "folder.name", placeholder: t("folder.placeholder"), required: true }]}
      schema={mediaAdd}
      call={mediaApi.add}
      extra={{ parentId, fileType: MEDIA_TYPE.folder }}
      label={(k) => t(k)}
      onClose={onClose}
      onDone={onDone}
      testId="media-folder-dialog"
    />
  );
}

export function RenameDialog({ item, onClose, onDone }: { item: MediaItem; onClose: () => void; onDone: Done }) {
  const t = useTranslations("media");
  return (
    <FormDialog
      title={t("rename.title")}
      fields={[{ name: "fileName", label: "fields.fileName", required: true }]}
      schema={mediaRename}
      call={mediaApi.upd}
      defaults={{ fileName: item.fileName }}
      extra={{ id: item.id }}
      label={(k) => t(k)}
      onClose={onClose}
      onDone={onDone}
      testId="media-rename-dialog"
    />
  );
}

/** Move into another folder: never itself, a folder below it, or where it is (the cloud refuses them too). */
export function MoveDialog({ item, onClose, onDone }: { item: MediaItem; onClose: () => void; onDone: Done }) {
  const t = useTranslations("media");
  const { nodes } = useMediaFolders();
  return (
    <KitMoveDialog<number>
      title={t("move.title", { name: item.fileName })}
      testId="media-move-dialog"
      prompt={t("move.target")}
      tree={(target, choose) => <MediaFolderTree value={target ?? Number.NaN} onChange={choose} className="w-full" testId="media-move-tree" />}
      refused={(id) => (item.parentId ?? MEDIA_ROOT) === id || (item.fileType === MEDIA_TYPE.folder && folderAndBelow(nodes, item.id).has(id))}
      messages={{ none: t("move.none"), refused: t("move.refused"), moved: t("done.moved") }}
      move={(parentId) => call(mediaApi.move, { id: item.id, parentId })}
      onClose={onClose}
      onDone={onDone}
      submitLabel={t("actions.move")}
      submitTestId="media-move-confirm"
    />
  );
}

/** The media library's recycle bin: the kit's, with thumbnails. */
export function RecycleDialog({ canDelete, onClose, onChanged }: { canDelete: boolean; onClose: () => void; onChanged: Done }) {
  const t = useTranslations("media");
  return (
    <RecycleBinDialog<RecycledMedia>
      calls={mediaApi}
      idOf={(r) => r.id}
      icon={(r) => <MediaThumb item={r} className="size-9 w-9 shrink-0 [&_svg]:size-5" />}
      hint={t("recycle.hint")}
      confirmPurge={(r) => t("recycle.confirmPurge", { name: r.fileName })}
      canAct={canDelete}
      width={860}
      testId="media-recycle-dialog"
      rowTestId="media-recycle-row"
      onClose={onClose}
      onChanged={onChanged}
    />
  );
}

/** A video in the browser's own player (it streams as it plays); what it cannot play is offered for download. */
export function VideoDialog({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const t = useTranslations("media");
  const [failed, setFailed] = React.useState(false);
  const src = fileUrl(item.filePath ?? "");
  return (
    <KitDialog
      onClose={onClose}
      title={`${t("preview.video")} · ${item.fileName}`}
      width={960}
      testId="media-video-dialog"
      footer={
        <Button variant="outline" size="sm" asChild>
          <a href={src} download={item.fileName}>
            <DownloadIcon />
            {t("actions.download")}
          </a>
        </Button>
      }
    >
      {failed ? (
        <p className="rounded-md border border-dashed p-10 text-center text-sm text-muted-foreground">{t("preview.cannotPlay")}</p>
      ) : (
        <video src={src} controls autoPlay playsInline preload="metadata" className="max-h-[65vh] w-full rounded-md bg-black" onError={() => setFailed(true)} data-testid="media-video">
          <track kind="captions" />
        </video>
      )}
    </KitDialog>
  );
}
