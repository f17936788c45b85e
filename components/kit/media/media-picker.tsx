"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { CheckIcon, ImagesIcon } from "lucide-react";
import { useCall } from "@/lib/api/call";
import { MEDIA_LIMITS, MEDIA_ROOT, MEDIA_TYPE, mediaApi, type MediaItem } from "@/lib/contract/media/media-library";
import { extList, extOf } from "@/lib/contract/upload";
import { fileUrl } from "@/lib/file-url";
import { cn } from "@/lib/utils";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { KitDialog } from "../dialogs/kit-dialog";
import { MediaFolderTree } from "./media-folders";
import { MediaThumb } from "./media-thumb";

/** The picture's size, read by the browser; null when it cannot be read (the cloud decides then). */
function naturalSize(src: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

export type MediaPickerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Extensions the field takes; other images are shown but cannot be chosen. */
  accept: readonly string[];
  /** The shape the field needs, e.g. 16:9 (1 % off is fine). */
  ratio?: { width: number; height: number };
  onPick: (item: MediaItem) => void;
};

/**
 * "Choose from the media library" (core §2 /media/library): the library's folders and images, so a
 * form reuses a stored picture instead of uploading it again. The chosen file's path goes into
 * the field as an upload's would; its type and shape are checked as an upload's are.
 */
export function MediaPicker({ open, onOpenChange, accept, ratio, onPick }: MediaPickerProps) {
  const t = useTranslations("media");
  const [folder, setFolder] = React.useState<number>(MEDIA_ROOT);
  const [page, setPage] = React.useState<{ current: number; size: number }>({ current: 1, size: MEDIA_LIMITS.pageSize });
  const [chosen, setChosen] = React.useState<MediaItem | null>(null);
  const params = { current: page.current, size: page.size, ...(folder === MEDIA_ROOT ? {} : { parentId: folder }) };
  const { data, isLoading } = useCall(mediaApi.page, open ? params : null, { keepPreviousData: true });
  // Folders to go into and images; videos and documents cannot fill an image field.
  const items = (data?.records ?? []).filter((r) => r.fileType === MEDIA_TYPE.folder || r.fileType === MEDIA_TYPE.image);
  const usable = (r: MediaItem) => r.fileType === MEDIA_TYPE.image && !!r.filePath && accept.includes(extOf(r.filePath));
  const openFolder = (id: number) => {
    setFolder(id);
    setPage((p) => ({ ...p, current: 1 }));
    setChosen(null);
  };

  const confirm = async () => {
    if (!chosen?.filePath) return toast.warning(t("picker.none"));
    if (!usable(chosen)) return toast.warning(t("picker.wrongType", { exts: extList(accept) }));
    if (ratio) {
      const size = await naturalSize(fileUrl(chosen.filePath));
      if (size && Math.abs(size.width / size.height / (ratio.width / ratio.height) - 1) > 0.01)
        return toast.warning(t("picker.ratio", { ratio: `${ratio.width}:${ratio.height}`, width: size.width, height: size.height }));
    }
    onPick(chosen);
    onOpenChange(false);
  };

  return (
    <KitDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("picker.title")}
      width={960}
      testId="media-picker"
      actions={{ onSubmit: () => void confirm(), disabled: !chosen, cancelLabel: t("picker.cancel"), submitLabel: t("picker.confirm"), submitTestId: "media-picker-confirm" }}
    >
      <div className="flex min-h-80 gap-3">
        <MediaFolderTree value={folder} onChange={openFolder} className="w-52 shrink-0" testId="media-picker-folders" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <p className="text-xs text-muted-foreground">{t("picker.wrongType", { exts: extList(accept) })}</p>
          {isLoading && !data ? (
            <div className="grid grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-3">
              {[1, 2, 3, 4, 5, 6].map((i) => (
                <Skeleton key={i} className="aspect-square" />
              ))}
            </div>
          ) : items.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 rounded-md border border-dashed p-6 text-sm text-muted-foreground">
              <ImagesIcon className="size-8" />
              {t("grid.empty")}
            </div>
          ) : (
            <ul className="grid grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-3" aria-label={t("grid.label")}>
              {items.map((r) => {
                const folderTile = r.fileType === MEDIA_TYPE.folder;
                const selected = chosen?.id === r.id;
                return (
                  <li key={r.id}>
                    <button
                      type="button"
                      data-testid="media-picker-item"
                      aria-pressed={folderTile ? undefined : selected}
                      disabled={!folderTile && !usable(r)}
                      title={r.fileName}
                      className={cn("relative w-full rounded-md border p-1.5 text-left transition-colors hover:border-primary disabled:cursor-not-allowed disabled:opacity-40", selected && "border-primary ring-2 ring-primary/40")}
                      onClick={() => (folderTile ? openFolder(r.id) : setChosen(r))}
                    >
                      <MediaThumb item={r} />
                      <span className="mt-1 block truncate text-xs">{r.fileName}</span>
                      {selected && (
                        <span className="absolute top-2 right-2 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground">
                          <CheckIcon className="size-3.5" />
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {(data?.total ?? 0) > page.size && <Pagination page={page.current} size={page.size} total={data!.total} pageSizes={[MEDIA_LIMITS.pageSize, 48, 96]} onChange={(current, size) => setPage({ current, size })} />}
        </div>
      </div>
    </KitDialog>
  );
}
