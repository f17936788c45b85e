"use client";

import * as React from "react";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { FileWarningIcon } from "lucide-react";
import { extOf } from "@/lib/contract/upload";
import { fileUrl } from "@/lib/file-url";
import { Skeleton } from "@/components/ui/skeleton";
import { PreviewBody, linkSrc } from "./file-preview";

/** A public file's stored path (`p/…`): the only other thing /previewFile shows without a session. */
const PUBLIC_PATH = /^p\/\d{1,10}\/\d{8}\/[a-f0-9]{32}\.[a-z0-9]{1,8}$/;

/** The file name of a content-disposition header (the UTF-8 one first), or "". */
export function dispositionName(header: string | null): string {
  if (!header) return "";
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? "";
}

/**
 * /previewFile (core §2, outside login): `?token=` a short-lived signed link (`fileBase/link`), or
 * `?path=p/…` a public file. Anything else, or an expired link, says so; private files never
 * resolve by guessing a path, the cloud serves them only through a link or a session.
 */
export function PreviewFileView() {
  const t = useTranslations("knowledge.preview");
  const params = useSearchParams();
  const token = params.get("token") ?? "";
  const path = params.get("path") ?? "";
  const name = params.get("name") ?? "";
  const src = /^[a-f0-9]{48}$/.test(token) ? linkSrc(token) : PUBLIC_PATH.test(path) ? fileUrl(path) : null;
  const [state, setState] = React.useState<"checking" | "ok" | "gone">(src ? "checking" : "gone");
  // A link without `&ext=` takes its type from the file's own name, as the answer gives it.
  const [answeredExt, setAnsweredExt] = React.useState("");
  const ext = (params.get("ext") || extOf(path) || answeredExt).toLowerCase();
  React.useEffect(() => {
    if (!src) return;
    // Only the answer's status is wanted: stop reading once the headers are in.
    const ctrl = new AbortController();
    fetch(src, { signal: ctrl.signal })
      .then((res) => {
        const ok = res.ok && !(res.headers.get("content-type") ?? "").includes("application/json");
        if (ok) setAnsweredExt(extOf(dispositionName(res.headers.get("content-disposition"))));
        setState(ok ? "ok" : "gone");
        ctrl.abort();
      })
      .catch((e: Error) => e.name !== "AbortError" && setState("gone"));
    return () => ctrl.abort();
  }, [src]);
  return (
    <main className="flex h-dvh flex-col bg-background" data-testid="preview-file">
      <header className="flex items-center border-b px-4 py-2 text-sm font-medium">
        <span className="truncate">{name || t("title")}</span>
      </header>
      <div className="min-h-0 flex-1">
        {state === "checking" ? (
          <Skeleton className="m-6 h-64" />
        ) : state === "gone" || !src ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 text-sm text-muted-foreground" data-testid="preview-expired">
            <FileWarningIcon className="size-10" />
            {t("expired")}
          </div>
        ) : (
          <PreviewBody src={src} ext={ext} name={name} />
        )}
      </div>
    </main>
  );
}
