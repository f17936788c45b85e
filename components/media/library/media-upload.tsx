"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { UploadIcon } from "lucide-react";
import { ApiError, api, upload, uploadInParts } from "@/lib/api/fetcher";
import { MEDIA_LIMITS, MEDIA_PURPOSE, MEDIA_TYPE, type MediaItem } from "@/lib/contract/media/media-library";
import { MEDIA_IMAGE_EXTS, MEDIA_VIDEO_EXTS, UPLOAD_PURPOSES, extList, extOf } from "@/lib/contract/upload";
import { Button } from "@/components/ui/button";
import { MEDIA_API } from "@/components/kit/media/media-folders";

type Pending = { key: string; name: string; progress: number };

const typeOf = (name: string) => {
  const ext = extOf(name);
  if ((MEDIA_IMAGE_EXTS as readonly string[]).includes(ext)) return MEDIA_TYPE.image;
  if ((MEDIA_VIDEO_EXTS as readonly string[]).includes(ext)) return MEDIA_TYPE.video;
  return null;
};

/** The item's name: the file's without its extension, within the name's limit. */
const itemName = (file: string) => (file.replace(/\.[^.]*$/, "") || file).slice(0, MEDIA_LIMITS.nameMax);

export const UPLOAD_HINT = {
  images: extList(MEDIA_IMAGE_EXTS),
  imageMb: UPLOAD_PURPOSES.mediaImage.maxMb,
  videos: extList(MEDIA_VIDEO_EXTS),
  videoMb: UPLOAD_PURPOSES.mediaVideo.maxMb,
};

/**
 * Upload into the folder shown: images through `file/upload`, videos in parts (they resume after
 * a dropped connection); each file's progress is shown until it is saved in the library.
 */
export function MediaUpload({ parentId, onUploaded }: { parentId: number; onUploaded: () => Promise<unknown> }) {
  const t = useTranslations("media");
  const input = React.useRef<HTMLInputElement>(null);
  const [pending, setPending] = React.useState<Pending[]>([]);

  async function send(file: File, key: string, fileType: typeof MEDIA_TYPE.image | typeof MEDIA_TYPE.video) {
    const purpose = MEDIA_PURPOSE[fileType];
    const onProgress = (progress: number) => setPending((list) => list.map((p) => (p.key === key ? { ...p, progress } : p)));
    try {
      const filePath =
        fileType === MEDIA_TYPE.video ? (await uploadInParts(file, purpose, onProgress, { silent: true })).path : await upload<string>(`file/upload?purpose=${purpose}`, file, onProgress, { silent: true });
      await api.post<MediaItem>(`${MEDIA_API}/add`, { parentId, fileName: itemName(file.name), fileType, filePath });
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.message) toast.error(`${t("upload.failed", { name: file.name })}: ${e.message}`);
      return false;
    } finally {
      setPending((list) => list.filter((p) => p.key !== key));
    }
  }

  async function add(files: File[]) {
    const queue: { file: File; key: string; fileType: typeof MEDIA_TYPE.image | typeof MEDIA_TYPE.video }[] = [];
    for (const file of files) {
      const fileType = typeOf(file.name);
      if (!fileType) {
        toast.warning(t("upload.wrongType", { name: file.name, images: UPLOAD_HINT.images, videos: UPLOAD_HINT.videos }));
        continue;
      }
      const maxMb = UPLOAD_PURPOSES[MEDIA_PURPOSE[fileType]].maxMb;
      if (file.size > maxMb * 1024 * 1024) {
        toast.warning(t("upload.tooLarge", { name: file.name, n: maxMb }));
        continue;
      }
      queue.push({ file, fileType, key: `${file.name}-${Math.random().toString(36).slice(2)}` });
    }
    setPending((list) => [...list, ...queue.map((q) => ({ key: q.key, name: q.file.name, progress: 0 }))]);
    // One after another: a site's uplink is shared, and each file's progress stays readable.
    let done = 0;
    for (const q of queue) if (await send(q.file, q.key, q.fileType)) done++;
    if (done) {
      toast.success(t("upload.done", { count: done }));
      await onUploaded();
    }
  }

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
