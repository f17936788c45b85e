"use client";

import { FileTextIcon, FolderIcon, PlayCircleIcon } from "lucide-react";
import { MEDIA_TYPE, type MediaItem } from "@/lib/contract/media/media-library";
import { fileUrl } from "@/lib/file-url";
import { cn } from "@/lib/utils";

/** A tile's picture: a folder icon, the image itself (loaded when it scrolls into view), a document's page icon, or a video's play icon. */
export function MediaThumb({ item, className }: { item: Pick<MediaItem, "fileType" | "filePath" | "fileName">; className?: string }) {
  const box = cn("flex aspect-square w-full items-center justify-center overflow-hidden rounded-md bg-muted", className);
  if (item.fileType === MEDIA_TYPE.folder)
    return (
      <div className={box}>
        <FolderIcon className="size-12 fill-amber-400/30 text-amber-500" />
      </div>
    );
  if (item.fileType === MEDIA_TYPE.document)
    return (
      <div className={box}>
        <FileTextIcon className="size-12 text-sky-600 dark:text-sky-400" />
      </div>
    );
  if (item.fileType === MEDIA_TYPE.image && item.filePath)
    return (
      <div className={box}>
        <img src={fileUrl(item.filePath)} alt={item.fileName} loading="lazy" decoding="async" className="size-full object-cover" />
      </div>
    );
  return (
    <div className={cn(box, "bg-slate-800 dark:bg-slate-950")}>
      <PlayCircleIcon className="size-12 text-white/85" />
    </div>
  );
}
