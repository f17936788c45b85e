"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { UploadIcon } from "lucide-react";
import { MEDIA_IMAGE_EXTS, MEDIA_VIDEO_EXTS, UPLOAD_PURPOSES, extList } from "@/lib/contract/upload";
import { Button } from "@/components/ui/button";

export type Pending = { key: string; name: string; progress: number };

export const UPLOAD_HINT = {
  images: extList(MEDIA_IMAGE_EXTS),
  imageMb: UPLOAD_PURPOSES.mediaImage.maxMb,
  videos: extList(MEDIA_VIDEO_EXTS),
  videoMb: UPLOAD_PURPOSES.mediaVideo.maxMb,
};

/**
 * Upload into the folder shown: images through `uploadApi.upload`, videos in parts (they resume after
 * a dropped connection); each file's progress is shown until it is saved in the library.
 */
export function MediaUpload({ parentId, onUploaded }: { parentId: number; onUploaded: () => Promise<unknown> }) {
  const t = useTranslations("media");
  const input = React.useRef<HTMLInputElement>(null);
  const [pending, setPending] = React.useState<Pending[]>([]);

  // The upload itself (checks, parts, the library entry) loads with the first files chosen.
  const add = (files: File[]) =>
    import("./media-upload-queue").then((m) => m.uploadMedia(files, { parentId, t, onUploaded, setPending }));

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept={[...MEDIA_IMAGE_EXTS, ...MEDIA_VIDEO_EXTS].map((e) => `.${e}`).join(",")}
        data-testid="media-upload-input"
        onChange={(e) => {
          void add([...(e.target.files ?? [])]);
          e.target.value = "";
        }}
      />
      <Button size="sm" data-action="upload" onClick={() => input.current?.click()}>
        <UploadIcon />
        {t("actions.upload")}
      </Button>
      {pending.map((p) => (
        <span key={p.key} className="flex w-48 flex-col gap-1 text-xs text-muted-foreground" role="progressbar" aria-valuenow={p.progress} aria-label={p.name} data-testid="media-upload-progress">
          <span className="truncate">
            {t("upload.progress", { name: p.name })} {p.progress}%
          </span>
          <span className="h-1 w-full overflow-hidden rounded bg-border">
            <span className="block h-full bg-primary transition-all" style={{ width: `${p.progress}%` }} />
          </span>
        </span>
      ))}
    </>
  );
}
