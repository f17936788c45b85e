"use client";

import { useEffect, useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { FileTextIcon, SaveIcon } from "lucide-react";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { call, callKey, useCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { DOC_EDITOR_PATH, MEDIA_LIMITS, MEDIA_ROOT, mediaApi, type MediaDoc } from "@/lib/contract/media/media-library";
import { usePermissions } from "@/components/kit/can";
import { LoadError } from "@/components/kit/load-error";
import { PageFrame } from "@/components/kit/page-frame";
import { RichTextEditor } from "@/components/kit/rich-text-editor";
import { useSubmitOnce } from "@/components/kit/use-submit-once";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, formatSize } from "@/lib/format";

const LIBRARY = "/media/library";
const libraryAt = (parentId: number | null) => (parentId ? `${LIBRARY}?parentId=${parentId}` : LIBRARY);

/**
 * /quillEditor (core §2 misc; widgets §2 the rich-text editor with its toolbar and image upload,
 * §5 its limits): a standalone rich-text document of the media library — a site notice, a
 * conclusions draft — opened at `?id=`, or a new one in the folder `?parentId=`. tiptap loads with
 * the editor, never with the shell. Saving writes it to the library (`docAdd` / `docUpd`); a
 * version saved by someone else meanwhile is refused by the cloud, not overwritten.
 */
export function DocumentEditorView() {
  const t = useTranslations("media.doc");
  const params = useSearchParams();
  const id = Number(params.get("id"));
  const { data, error, mutate } = useCall(mediaApi.docInfo, id > 0 ? { id } : null);
  if (id > 0 && error && !data)
    return (
      <PageFrame back={LIBRARY} title={t("title")}>
        <LoadError className="py-10" onRetry={() => void mutate()} />
      </PageFrame>
    );
  if (id > 0 && !data)
    return (
      <PageFrame back={LIBRARY} title={t("title")}>
        <Skeleton className="h-10 w-80" />
        <Skeleton className="h-[50vh]" />
      </PageFrame>
    );
  const parentId = Number(params.get("parentId")) || MEDIA_ROOT;
  return <DocumentForm key={data?.id ?? "new"} doc={data ?? null} parentId={parentId} />;
}

function DocumentForm({ doc: opened, parentId }: { doc: MediaDoc | null; parentId: number }) {
  const t = useTranslations("media.doc");
  const router = useRouter();
  // The version saved last: the next save names it, so one made by someone else meanwhile is refused.
  const [doc, setDoc] = useState(opened);
  const { can } = usePermissions();
  const { mutate } = useSWRConfig();
  const writable = can(permsOf(doc ? mediaApi.docUpd : mediaApi.docAdd)[0]);
  const [name, setName] = useState(doc?.fileName ?? "");
  const [html, setHtml] = useState(doc?.content ?? "");
  const [saved, setSaved] = useState({ name: doc?.fileName ?? "", html: doc?.content ?? "" });
  const dirty = name !== saved.name || html !== saved.html;
  const nameProblem = !name.trim() ? t("nameRequired") : name.trim().length > MEDIA_LIMITS.nameMax ? t("nameTooLong", { max: MEDIA_LIMITS.nameMax }) : null;
  const tooLong = html.length > MEDIA_LIMITS.documentMax;

  const [busy, save] = useSubmitOnce(async () => {
    if (nameProblem || tooLong) return;
    const fileName = name.trim();
    const next = doc
      ? await call(mediaApi.docUpd, { id: doc.id, fileName, content: html, updateTime: doc.updateTime })
      : await call(mediaApi.docAdd, { parentId, fileName, content: html });
    setSaved({ name: fileName, html });
    toast.success(t("saved"));
    // The page's cache holds what was saved: the new document's page opens without asking again.
    await mutate(callKey(mediaApi.docInfo, { id: next.id }), next, { revalidate: false });
    if (doc) setDoc(next);
    else router.replace(`${DOC_EDITOR_PATH}?id=${next.id}`);
  });

  // Leaving with unsaved changes asks first (closing the tab, reloading).
  useEffect(() => {
    if (!dirty) return;
    const stay = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", stay);
    return () => window.removeEventListener("beforeunload", stay);
  }, [dirty]);
  // Ctrl/⌘+S saves, as in any editor.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault();
        if (writable && dirty) void save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [writable, dirty, save]);

  const actions = writable && (
    <Button size="sm" onClick={() => void save()} disabled={busy || !dirty || !!nameProblem || tooLong} aria-busy={busy || undefined} data-testid="doc-save">
      <SaveIcon className="size-4" />
      {t("save")}
    </Button>
  );
  return (
    <PageFrame back={libraryAt(doc?.parentId ?? (parentId === MEDIA_ROOT ? null : parentId))} title={doc ? doc.fileName : t("new")} actions={actions}>
      <div className="flex flex-col gap-3 rounded-md border bg-card p-3 sm:p-4">
        {/* Name and state side by side from a tablet up; stacked on a phone. */}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:gap-3">
          <div className="grid w-full min-w-0 gap-1.5 sm:max-w-md">
            <Label htmlFor="doc-name">{t("name")}</Label>
            <Input id="doc-name" value={name} readOnly={!writable} maxLength={MEDIA_LIMITS.nameMax} placeholder={t("namePlaceholder")} aria-invalid={!!nameProblem && dirty} onChange={(e) => setName(e.target.value)} data-testid="doc-name" />
            {nameProblem && dirty && <p className="text-xs text-destructive">{nameProblem}</p>}
          </div>
          <p className="flex items-start gap-1.5 text-xs text-muted-foreground sm:pb-2" data-testid="doc-state">
            <FileTextIcon className="mt-px size-3.5 shrink-0" />
            {dirty ? t("unsaved") : doc ? t("savedBy", { name: doc.updatedByName ?? "—", at: formatDateTime(doc.updateTime), size: formatSize(doc.fileSize) }) : t("notSaved")}
          </p>
        </div>
        <RichTextEditor value={html} onChange={setHtml} disabled={!writable} aria-invalid={tooLong} className="[&_.ProseMirror]:min-h-[45vh]" id="doc-body" />
        {tooLong && <p className="text-xs text-destructive">{t("tooLong", { max: MEDIA_LIMITS.documentMax })}</p>}
        <p className="text-xs text-muted-foreground">{writable ? t("hint") : t("readOnly")}</p>
      </div>
    </PageFrame>
  );
}
