"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { DownloadIcon, FileIcon, XIcon } from "lucide-react";
import { apiUrl } from "@/lib/api/fetcher";
import { call } from "@/lib/api/call";
import { knowledgeApi, type KnowledgeNode } from "@/lib/contract/knowledge/knowledge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { DocxPage } from "./docx-page";

// The pdf viewer (and pdf.js behind it) loads when a pdf is opened, never with the knowledge page or /previewFile.
const PdfPages = dynamic(() => import("./pdf-pages").then((m) => m.PdfPages), { ssr: false, loading: () => <Skeleton className="h-96 w-full" /> });

const IMAGES = new Set(["jpg", "jpeg", "png", "bmp", "gif", "webp"]);
const TEXTS = new Set(["txt", "csv"]);

/** Where a signed link's file is read, without a session. */
export const linkSrc = (token: string) => apiUrl(knowledgeApi.linked.path.replace(":token", token));

function TextFrame({ src }: { src: string }) {
  const t = useTranslations("knowledge.preview");
  const { data, error } = useSWR(src, async (url: string) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(String(res.status));
    return res.text();
  });
  if (error) return <p className="p-6 text-sm text-destructive">{t("failed")}</p>;
  if (data === undefined) return <Skeleton className="m-6 h-64" />;
  return <pre className="h-full overflow-auto p-6 font-mono text-sm whitespace-pre-wrap" data-testid="preview-text">{data}</pre>;
}

/**
 * The file by its extension (widgets §2): images in the page, pdf drawn by pdf.js, docx rendered
 * to HTML, txt as text; the rest (the old binary .doc included) offer the download. pdf.js and the
 * docx converter load when such a file is opened, not with the screen.
 */
export function PreviewBody({ src, ext, name }: { src: string; ext: string; name: string }) {
  const t = useTranslations("knowledge.preview");
  if (IMAGES.has(ext)) return <img src={src} alt={name} className="mx-auto max-h-full max-w-full object-contain" data-testid="preview-image" />;
  if (ext === "pdf") return <PdfPages src={src} />;
  if (ext === "docx") return <DocxPage src={src} />;
  if (TEXTS.has(ext)) return <TextFrame src={src} />;
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center text-sm text-muted-foreground" data-testid="preview-unsupported">
      <FileIcon className="size-12" />
      <p>{t("unsupported")}</p>
      <Button asChild size="sm">
        <a href={src} download={name}>
          <DownloadIcon />
          {t("download")}
        </a>
      </Button>
    </div>
  );
}

/** The full-screen preview with its close button, over the knowledge screen. */
export function PreviewOverlay({ node, onClose }: { node: KnowledgeNode; onClose: () => void }) {
  const t = useTranslations("knowledge.preview");
  // A new link is a POST: cached under its own key while the overlay is open.
  const { data, error } = useSWR([knowledgeApi.link.path, node.fileId], () => call(knowledgeApi.link, { id: node.fileId }), { revalidateOnFocus: false });
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div role="dialog" aria-modal="true" aria-label={t("title")} className="fixed inset-0 z-50 flex flex-col bg-background/95 backdrop-blur-sm" data-testid="file-preview">
      <div className="flex items-center gap-2 border-b px-4 py-2">
        <span className="min-w-0 flex-1 truncate font-medium">{node.fileName}</span>
        <Button asChild variant="outline" size="sm">
          <a href={apiUrl(knowledgeApi.download.path, { id: node.fileId })}>
            <DownloadIcon />
            {t("download")}
          </a>
        </Button>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={t("close")} autoFocus>
          <XIcon />
        </Button>
      </div>
      <div className="min-h-0 flex-1">
        {error ? <p className="p-6 text-sm text-destructive">{t("failed")}</p> : data ? <PreviewBody src={linkSrc(data.token)} ext={data.ext} name={node.fileName} /> : <Skeleton className="m-6 h-64" />}
      </div>
    </div>
  );
}
