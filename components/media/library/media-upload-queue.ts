import type * as React from "react";
import { toast } from "@/lib/toast";
import { ApiError } from "@/lib/api/fetcher";
import { call, uploadCall } from "@/lib/api/call";
import { uploadInParts } from "@/lib/api/upload-parts";
import { MEDIA_LIMITS, MEDIA_PURPOSE, MEDIA_TYPE, mediaApi } from "@/lib/contract/media/media-library";
import { MEDIA_IMAGE_EXTS, MEDIA_VIDEO_EXTS, UPLOAD_PURPOSES, extOf, uploadApi } from "@/lib/contract/upload";
import { UPLOAD_HINT, type Pending } from "./media-upload";

type FileType = typeof MEDIA_TYPE.image | typeof MEDIA_TYPE.video;
type Upload = {
  parentId: number;
  t: (key: string, values?: Record<string, string | number>) => string;
  onUploaded: () => Promise<unknown>;
  setPending: React.Dispatch<React.SetStateAction<Pending[]>>;
};

const typeOf = (name: string): FileType | null => {
  const ext = extOf(name);
  if ((MEDIA_IMAGE_EXTS as readonly string[]).includes(ext)) return MEDIA_TYPE.image;
  if ((MEDIA_VIDEO_EXTS as readonly string[]).includes(ext)) return MEDIA_TYPE.video;
  return null;
};

/** The item's name: the file's without its extension, within the name's limit. */
const itemName = (file: string) => (file.replace(/\.[^.]*$/, "") || file).slice(0, MEDIA_LIMITS.nameMax);

/** One file: images through `uploadApi.upload`, videos in parts (they resume after a dropped connection), then the library entry. */
async function send(file: File, key: string, fileType: FileType, { parentId, t, setPending }: Upload) {
  const purpose = MEDIA_PURPOSE[fileType];
  const onProgress = (progress: number) => setPending((list) => list.map((p) => (p.key === key ? { ...p, progress } : p)));
  try {
    const filePath =
      fileType === MEDIA_TYPE.video ? (await uploadInParts(file, purpose, onProgress, { silent: true })).path : await uploadCall(uploadApi.upload, file, onProgress, { input: { purpose }, silent: true });
    await call(mediaApi.add, { parentId, fileName: itemName(file.name), fileType, filePath });
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.message) toast.error(`${t("upload.failed", { name: file.name })}: ${e.message}`);
    return false;
  } finally {
    setPending((list) => list.filter((p) => p.key !== key));
  }
}

/** The chosen files, checked (type, size), then sent one after another with their progress. */
export async function uploadMedia(files: File[], ctx: Upload) {
  const { t, setPending, onUploaded } = ctx;
  const queue: { file: File; key: string; fileType: FileType }[] = [];
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
  for (const q of queue) if (await send(q.file, q.key, q.fileType, ctx)) done++;
  if (done) {
    toast.success(t("upload.done", { count: done }));
    await onUploaded();
  }
}
