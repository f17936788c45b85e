"use client";

/**
 * Image and document uploaders (widgets §5, §8, §9). Controlled: `value`/`onChange`, so they sit
 * in react-hook-form's `Controller` as they are. The value is an array of stored paths, or one
 * path ("" when empty) with `single`.
 *
 *   <ImageUpload purpose="loginBanner" value={paths} onChange={setPaths} limit={5} sizeHint="1200×500" />
 *   <ImageUpload purpose="companyLogo" single value={logo} onChange={setLogo} />
 *   <DocumentUpload value={files} onChange={setFiles} />
 *
 * Type and size are checked before sending; the cloud checks again, with the bytes.
 */
import { Suspense, lazy, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { EyeIcon, FileTextIcon, ImagesIcon, PlusIcon, UploadIcon, XIcon } from "lucide-react";
import { ApiError } from "@/lib/api/fetcher";
import { call, uploadCall } from "@/lib/api/call";
import { uploadInParts } from "@/lib/api/upload-parts";
import { Code } from "@/lib/contract/envelope";
import { DOC_EXTS, IMAGE_EXTS, UPLOAD_LIMITS, UPLOAD_PURPOSES, checkUpload, extList, uploadApi, type UploadPurpose } from "@/lib/contract/upload";
import { baseName, fileUrl } from "@/lib/file-url";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { useMediaLibraryAccess } from "./media/media-access";

type ValueProps =
  | { single: true; value?: string | null; onChange: (value: string) => void }
  | { single?: false; value?: readonly string[] | null; onChange: (value: string[]) => void };

export type UploadProps = ValueProps & {
  /** Maximum number of files (ignored with `single`). */
  limit?: number;
  /** What the files are for: the cloud takes their size limit, types and visibility from it (core §9). */
  purpose?: UploadPurpose;
  /** Size limit per file in MB (default: the purpose's). */
  maxMb?: number;
  /** Accepted extensions, lower case, without the dot (default: the purpose's). */
  accept?: readonly string[];
  disabled?: boolean;
  className?: string;
  id?: string;
  "aria-invalid"?: boolean;
  /** Send in parts with resume (`uploadApi.init`, `part`, `done`): for large files (a knowledge file up to 1 GB). Needs a `purpose`. */
  inParts?: boolean;
  /** Told of each stored file with its name and size (the value holds only paths). */
  onUploaded?: (file: { path: string; name: string; size: number }) => void;
  /** Images only: the shape a picture must have, e.g. `{ width: 16, height: 9 }` (1 % off is fine); checked before sending. */
  ratio?: { width: number; height: number };
  /** Images only: also offer "choose from the media library" (to users who may open it). Needs the console's session. */
  library?: boolean;
};

/** Whether the image file has the wanted shape; a file the browser cannot read passes (the cloud decides). */
async function hasRatio(file: File, ratio: { width: number; height: number }): Promise<{ ok: boolean; width: number; height: number }> {
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = bitmap;
    bitmap.close();
    return { ok: Math.abs(width / height / (ratio.width / ratio.height) - 1) <= 0.01, width, height };
  } catch {
    return { ok: true, width: 0, height: 0 };
  }
}

type Pending = { key: string; name: string; progress: number };

const toList = (p: ValueProps): string[] => (p.single ? (p.value ? [p.value] : []) : [...(p.value ?? [])]);

/**
 * The queue both uploaders share: checks, sends each file through the XHR `upload()` (progress
 * capped at 90 until the answer), and appends the answered path to the latest value, so files
 * finishing in any order are all kept.
 */
function useUploadQueue(props: UploadProps, defaults: { limit: number; accept: readonly string[]; unique?: boolean }) {
  const t = useTranslations("widgets.upload");
  const [pending, setPending] = useState<Pending[]>([]);
  const [names, setNames] = useState<Record<string, string>>({});
  const latest = useRef<string[]>([]);
  latest.current = toList(props);
  // Files sent from this field and not yet saved: removing one deletes it in the cloud at once.
  const sentHere = useRef(new Set<string>());
  const rules = props.purpose ? UPLOAD_PURPOSES[props.purpose] : undefined;
  const accept = props.accept ?? rules?.accept ?? defaults.accept;
  const maxMb = props.maxMb ?? rules?.maxMb ?? UPLOAD_LIMITS.sizeMb;
  const limit = props.single ? 1 : (props.limit ?? defaults.limit);

  const emit = (paths: string[]) => {
    latest.current = paths;
    if (props.single) props.onChange(paths[paths.length - 1] ?? "");
    else props.onChange(paths);
  };

  const remove = (path: string) => {
    emit(latest.current.filter((p) => p !== path));
    if (sentHere.current.delete(path)) void call(uploadApi.del, { path }, { silent: true }).catch(() => undefined);
  };
  const nameOf = (path: string) => names[path] ?? baseName(path);

  async function send(file: File) {
    const key = `${file.name}-${Math.random().toString(36).slice(2)}`;
    setPending((list) => [...list, { key, name: file.name, progress: 0 }]);
    try {
      const onProgress = (progress: number) => setPending((list) => list.map((p) => (p.key === key ? { ...p, progress } : p)));
      const path =
        props.inParts && props.purpose
          ? (await uploadInParts(file, props.purpose, onProgress, { silent: true })).path
          : await uploadCall(uploadApi.upload, file, onProgress, { input: { maxMb, accept: accept.join(","), purpose: props.purpose }, silent: true });
      setNames((n) => ({ ...n, [path]: file.name }));
      sentHere.current.add(path);
      props.onUploaded?.({ path, name: file.name, size: file.size });
      emit(props.single ? [path] : [...latest.current, path]);
    } catch (e) {
      // One message: the cloud's reason when it gave one, else what happened to the file (widgets §8).
      const reason = e instanceof ApiError && e.code !== Code.NETWORK && e.code !== Code.ERROR ? e.message : "";
      toast.error(e instanceof ApiError && e.code === Code.NETWORK ? t("retry") : reason ? `${t("failed")}: ${reason}` : t("failed"));
    } finally {
      setPending((list) => list.filter((p) => p.key !== key));
    }
  }

  function add(files: File[]) {
    const room = props.single ? 1 : limit - latest.current.length - pending.length;
    if (files.length > room) {
      toast.warning(t("tooMany", { n: limit }));
      if (!props.single) return;
    }
    const taken = new Set([...latest.current.map(nameOf), ...pending.map((p) => p.name)]);
    for (const file of files.slice(0, Math.max(room, 0))) {
      const problem = checkUpload(file, { accept, maxMb });
      if (problem) {
        toast.warning(t(problem.key, problem.values));
        continue;
      }
      if (defaults.unique && taken.has(file.name)) {
        toast.warning(t("duplicate"));
        continue;
      }
      taken.add(file.name);
      const ratio = props.ratio;
      if (!ratio) void send(file);
      else
        void hasRatio(file, ratio).then((r) => {
          if (r.ok) return send(file);
          toast.warning(t("ratio", { ratio: `${ratio.width}:${ratio.height}`, width: r.width, height: r.height }));
        });
    }
  }

  /** A file stored already (chosen from the media library): kept like an upload, never deleted from here. */
  const addStored = (path: string, name: string) => {
    setNames((n) => ({ ...n, [path]: name }));
    emit(props.single ? [path] : [...latest.current.filter((p) => p !== path), path]);
  };

  return { pending, add, addStored, remove, nameOf, accept, maxMb, limit, paths: latest.current };
}

function FilePicker({ accept, multiple, disabled, onFiles, children, id }: { accept: readonly string[]; multiple: boolean; disabled?: boolean; onFiles: (files: File[]) => void; children: (open: () => void) => React.ReactNode; id?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        hidden
        multiple={multiple}
        disabled={disabled}
        accept={accept.map((e) => `.${e}`).join(",")}
        data-testid="upload-input"
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          // The same file can be picked again after a failure.
          e.target.value = "";
        }}
      />
      {children(() => input.current?.click())}
    </>
  );
}

function Hints({ hints }: { hints: (string | undefined | false)[] }) {
  return (
    <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
      {hints.filter(Boolean).map((h) => (
        <span key={h as string}>{h}</span>
      ))}
    </p>
  );
}

export function ImageUpload({ sizeHint, ...props }: UploadProps & { /** e.g. "1200×500" */ sizeHint?: string }) {
  const t = useTranslations("widgets.upload");
  const q = useUploadQueue(props, { limit: UPLOAD_LIMITS.images, accept: IMAGE_EXTS });
  const [viewing, setViewing] = useState<number | null>(null);
  // The viewer loads with its first opening and stays mounted after (its closing animation).
  const [viewed, setViewed] = useState(false);
  if (viewing !== null && !viewed) setViewed(true);
  const full = q.paths.length + q.pending.length >= q.limit;
  return (
    <div className={cn("space-y-1.5", props.className)}>
      <div className="flex flex-wrap gap-2" aria-invalid={props["aria-invalid"]}>
        {q.paths.map((path, i) => (
          <div key={path} className="group relative size-20 overflow-hidden rounded-md border bg-muted">
            <img src={fileUrl(path)} alt={q.nameOf(path)} className="size-full object-cover" />
            <div className="absolute inset-0 flex items-center justify-center gap-1 bg-black/50 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
              <button type="button" className="rounded p-1 text-white hover:bg-white/20" aria-label={t("preview")} onClick={() => setViewing(i)}>
                <EyeIcon className="size-4" />
              </button>
              {!props.disabled && (
                <button type="button" className="rounded p-1 text-white hover:bg-white/20" aria-label={t("remove")} onClick={() => q.remove(path)}>
                  <XIcon className="size-4" />
                </button>
              )}
            </div>
          </div>
        ))}
        {q.pending.map((p) => (
          <div key={p.key} className="flex size-20 flex-col items-center justify-center gap-1 rounded-md border bg-muted px-2 text-xs text-muted-foreground" role="progressbar" aria-valuenow={p.progress} aria-label={p.name}>
            <span>{t("uploading", { percent: p.progress })}</span>
            <span className="h-1 w-full overflow-hidden rounded bg-border">
              <span className="block h-full bg-primary transition-all" style={{ width: `${p.progress}%` }} />
            </span>
          </div>
        ))}
        {!full && !props.disabled && (
          <FilePicker id={props.id} accept={q.accept} multiple={!props.single} onFiles={q.add}>
            {(open) => (
              <button
                type="button"
                onClick={open}
                className="flex size-20 flex-col items-center justify-center gap-1 rounded-md border border-dashed text-xs text-muted-foreground transition-colors hover:border-primary hover:text-primary"
              >
                <PlusIcon className="size-5" />
                {t("addImage")}
              </button>
            )}
          </FilePicker>
        )}
        {props.library && !full && !props.disabled && <LibraryTile accept={q.accept} ratio={props.ratio} onPick={q.addStored} />}
      </div>
      <Hints hints={[t("typeHint", { exts: extList(q.accept) }), t("limitHint", { limit: q.limit, n: q.maxMb }), sizeHint && t("sizeHint", { size: sizeHint })]} />
      {viewed && (
        <Suspense fallback={null}>
          <ImageViewer images={q.paths} names={q.paths.map(q.nameOf)} index={viewing} onIndexChange={setViewing} />
        </Suspense>
      )}
    </div>
  );
}

const ImageViewer = lazy(() => import("./image-viewer").then((m) => ({ default: m.ImageViewer })));

/** The picker's dialog loads with its first opening. */
const MediaPicker = lazy(() => import("./media/media-picker").then((m) => ({ default: m.MediaPicker })));

/** "Choose from the media library" beside the add tile, for users who may open the library. */
function LibraryTile({ accept, ratio, onPick }: { accept: readonly string[]; ratio?: { width: number; height: number }; onPick: (path: string, name: string) => void }) {
  const t = useTranslations("media.picker");
  const allowed = useMediaLibraryAccess();
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="media-library-pick"
        className="flex size-20 flex-col items-center justify-center gap-1 rounded-md border border-dashed px-1 text-center text-xs text-muted-foreground transition-colors hover:border-primary hover:text-primary"
      >
        <ImagesIcon className="size-5" />
        {t("open")}
      </button>
      {open && (
        <Suspense fallback={null}>
          <MediaPicker open={open} onOpenChange={setOpen} accept={accept} ratio={ratio} onPick={(item) => item.filePath && onPick(item.filePath, item.fileName)} />
        </Suspense>
      )}
    </>
  );
}

export function DocumentUpload(props: UploadProps) {
  const t = useTranslations("widgets.upload");
  const q = useUploadQueue(props, { limit: UPLOAD_LIMITS.documents, accept: DOC_EXTS, unique: true });
  const full = q.paths.length + q.pending.length >= q.limit;
  return (
    <div className={cn("space-y-1.5", props.className)}>
      {!props.disabled && (
        <FilePicker id={props.id} accept={q.accept} multiple={!props.single} disabled={full} onFiles={q.add}>
          {(open) => (
            <Button type="button" variant="outline" size="sm" onClick={open} disabled={full} aria-invalid={props["aria-invalid"]}>
              <UploadIcon />
              {t("addFile")}
            </Button>
          )}
        </FilePicker>
      )}
      <Hints hints={[t("typeHint", { exts: extList(q.accept) }), t("limitHint", { limit: q.limit, n: q.maxMb })]} />
      <ul className="space-y-1 text-sm">
        {q.paths.map((path) => (
          <li key={path} className="flex items-center gap-2 rounded px-1 hover:bg-accent">
            <FileTextIcon className="size-4 shrink-0 text-muted-foreground" />
            <a href={fileUrl(path)} target="_blank" rel="noreferrer" className="min-w-0 flex-1 truncate hover:text-primary" title={q.nameOf(path)}>
              {q.nameOf(path)}
            </a>
            {!props.disabled && (
              <button type="button" className="rounded p-1 text-muted-foreground hover:text-destructive" aria-label={t("remove")} onClick={() => q.remove(path)}>
                <XIcon className="size-3.5" />
              </button>
            )}
          </li>
        ))}
        {q.pending.map((p) => (
          <li key={p.key} className="flex items-center gap-2 px-1 text-muted-foreground" role="progressbar" aria-valuenow={p.progress} aria-label={p.name}>
            <FileTextIcon className="size-4 shrink-0" />
            <span className="min-w-0 flex-1 truncate">{p.name}</span>
            <span className="text-xs">{t("uploading", { percent: p.progress })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
