"use client";

import * as React from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { DownloadIcon, RotateCcwIcon, Trash2Icon } from "lucide-react";
import { api, swrFetcher } from "@/lib/api/fetcher";
import { formatDateTime } from "@/lib/format";
import { fileUrl } from "@/lib/file-url";
import { MEDIA_ROOT, MEDIA_TYPE, mediaAdd, mediaRename, type MediaItem, type RecycledMedia } from "@/lib/contract/media/media-library";
import { FormDialog, KitDialog, useConfirm } from "@/components/kit";
import { MEDIA_API, MediaFolderTree, folderAndBelow, useMediaFolders } from "@/components/kit/media/media-folders";
import { MediaThumb } from "@/components/kit/media/media-thumb";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

type Done = () => Promise<unknown>;

/** New folder in the folder shown. */
export function FolderDialog({ parentId, onClose, onDone }: { parentId: number; onClose: () => void; onDone: Done }) {
  const t = useTranslations("media");
  return (
    <FormDialog
      title={t("folder.title")}
      fields={[{ name: "fileName", label: "folder.name", placeholder: t("folder.placeholder"), required: true }]}
      schema={mediaAdd}
      endpoint={`${MEDIA_API}/add`}
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
      endpoint={`${MEDIA_API}/upd`}
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
  const [target, setTarget] = React.useState<number | null>(null);
  const [busy, setBusy] = React.useState(false);
  const refused = (id: number) => (item.parentId ?? MEDIA_ROOT) === id || (item.fileType === MEDIA_TYPE.folder && folderAndBelow(nodes, item.id).has(id));
  const submit = async () => {
    if (target === null) return toast.warning(t("move.none"));
    if (refused(target)) return toast.warning(t("move.refused"));
    setBusy(true);
    try {
      await api.post(`${MEDIA_API}/moveFile`, { id: item.id, parentId: target });
      toast.success(t("done.moved"));
      await onDone();
      onClose();
    } catch {
      /* the fetcher showed the refusal */
    } finally {
      setBusy(false);
    }
  };
  return (
    <KitDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("move.title", { name: item.fileName })}
      width={520}
      testId="media-move-dialog"
      footer={
        <>
          <Button variant="outline" size="sm" onClick={onClose}>
            {t("picker.cancel")}
          </Button>
          <Button size="sm" onClick={() => void submit()} disabled={busy} data-testid="media-move-confirm">
            {t("actions.move")}
          </Button>
        </>
      }
    >
      <p className="mb-2 text-sm text-muted-foreground">{t("move.target")}</p>
      <MediaFolderTree value={target ?? Number.NaN} onChange={setTarget} className="w-full" testId="media-move-tree" />
    </KitDialog>
  );
}

/** The recycle bin (core §4): restore, or delete for good; what stays 30 days is purged by itself. */
export function RecycleDialog({ canDelete, onClose, onChanged }: { canDelete: boolean; onClose: () => void; onChanged: Done }) {
  const t = useTranslations("media");
  const { data, mutate, isLoading } = useSWR<RecycledMedia[]>(`${MEDIA_API}/recycleList`, swrFetcher);
  const [confirm, confirmElement] = useConfirm();
  const act = async (path: "restore" | "delete", r: RecycledMedia) => {
    if (path === "delete" && !(await confirm(t("recycle.confirmPurge", { name: r.fileName }), { danger: true }))) return;
    try {
      await api.post(`${MEDIA_API}/${path}`, { id: r.id });
      toast.success(t(path === "restore" ? "done.restored" : "done.deleted"));
      await onChanged();
    } catch {
      /* shown by the fetcher */
    }
    await mutate();
  };
  return (
    <KitDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("recycle.title")}
      width={860}
      testId="media-recycle-dialog"
      footer={
        <Button variant="outline" size="sm" onClick={onClose}>
          {t("recycle.close")}
        </Button>
      }
    >
      <p className="mb-3 text-xs text-muted-foreground">{t("recycle.hint")}</p>
      {isLoading ? (
        <Skeleton className="h-24" />
      ) : !data?.length ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{t("recycle.empty")}</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-muted-foreground">
            <tr className="border-b">
              <th className="py-2 font-medium">{t("fields.fileName")}</th>
              <th className="font-medium">{t("recycle.deletedBy")}</th>
              <th className="font-medium">{t("recycle.deletedAt")}</th>
              <th className="font-medium">{t("recycle.purgeAt")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.map((r) => (
              <tr key={r.id} className="border-b last:border-0" data-testid="media-recycle-row">
                <td className="py-2">
                  <span className="flex items-center gap-2">
                    <MediaThumb item={r} className="size-9 w-9 shrink-0 [&_svg]:size-5" />
                    <span className="truncate">{r.fileName}</span>
                  </span>
                </td>
                <td>{r.deletedBy}</td>
                <td className="tabular-nums">{formatDateTime(r.deletedAt)}</td>
                <td className="tabular-nums">{formatDateTime(r.purgeAt).slice(0, 10)}</td>
                <td className="text-right whitespace-nowrap">
                  {canDelete && (
                    <>
                      <Button variant="ghost" size="sm" onClick={() => void act("restore", r)}>
                        <RotateCcwIcon />
                        {t("recycle.restore")}
                      </Button>
                      <Button variant="ghost" size="sm" className="text-destructive" onClick={() => void act("delete", r)}>
                        <Trash2Icon />
                        {t("recycle.purge")}
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {confirmElement}
    </KitDialog>
  );
}

/** A video in the browser's own player (it streams as it plays); what it cannot play is offered for download. */
export function VideoDialog({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const t = useTranslations("media");
  const [failed, setFailed] = React.useState(false);
  const src = fileUrl(item.filePath ?? "");
  return (
    <KitDialog
      open
      onOpenChange={(o) => !o && onClose()}
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
