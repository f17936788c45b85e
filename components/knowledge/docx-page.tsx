"use client";

import * as React from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";
import { docxHtml } from "./docx-html";

/** A document's own look (paper, headings, lists, tables), whatever the console's theme. */
const SHEET = [
  "mx-auto max-w-3xl bg-white px-10 py-8 text-sm leading-relaxed text-neutral-900 shadow-sm",
  "[&_h1]:mb-4 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mt-5 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold",
  "[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-blue-700 [&_a]:underline [&_img]:inline [&_img]:max-w-full",
  "[&_table]:my-3 [&_table]:border-collapse [&_td]:border [&_td]:border-neutral-300 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-neutral-300 [&_th]:px-2 [&_th]:py-1 [&_td_p]:my-0",
].join(" ");

/** A Word document rendered to HTML in the browser (widgets §2 file preview), on a page-like sheet. */
export function DocxPage({ src }: { src: string }) {
  const t = useTranslations("knowledge.preview");
  const { data, error } = useSWR(["docx", src], async () => {
    const res = await fetch(src);
    if (!res.ok) throw new Error(String(res.status));
    return docxHtml(await res.arrayBuffer());
  }, { revalidateOnFocus: false });
  if (error) return <p className="p-6 text-sm text-destructive">{t("failed")}</p>;
  if (data === undefined) return <Skeleton className="mx-auto mt-6 h-96 max-w-3xl" />;
  return (
    <div className="h-full overflow-auto bg-muted/60 py-4">
      {/* Sanitised in docxHtml: only structure, text, tables, safe links and inline images remain. */}
      <article
        className={SHEET}
        data-testid="preview-docx"
        dangerouslySetInnerHTML={{ __html: data }}
      />
    </div>
  );
}
