"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { FileIcon } from "lucide-react";
import { fileUrl } from "@/lib/file-url";
import { formatDate, formatDateTime, formatText } from "@/lib/format";
import { cn } from "@/lib/utils";
import { DictText } from "../table/cells";
import type { AnyRow, DetailRow } from "../resource/define-resource";
import { Skeleton } from "@/components/ui/skeleton";

/** sanitize-html (≈ 65 KB gzip) loads when an HTML value is shown, not with every list page. */
const SafeHtml = dynamic(() => import("../dialogs/safe-html").then((m) => m.SafeHtml), { ssr: false, loading: () => <Skeleton className="h-16 w-full" /> });

const fileName = (path: string) => decodeURIComponent(path.split("/").pop() ?? path);

/** One value by row type (widgets §2): slot, time, date, html, dictionary text, image(s), file, text. */
export function DetailValue<Row extends AnyRow>({ def, row }: { def: DetailRow<Row>; row: Row }) {
  const t = useTranslations("kit.file");
  const value = row[def.prop];
  switch (def.type) {
    case "slot":
      return <>{def.render?.(row) ?? "-"}</>;
    case "time":
      return <>{formatDateTime(value)}</>;
    case "date":
      return <>{formatDate(value)}</>;
    case "html":
      // Sanitised again here: stored HTML is never trusted as-is.
      return value ? <SafeHtml html={String(value)} /> : <>-</>;
    case "dict":
      return <DictText dict={def.dict} value={value} />;
    case "image":
    case "images": {
      const list = (Array.isArray(value) ? value : value ? [value] : []).map(String).filter(Boolean);
      if (!list.length) return <>-</>;
      return (
        <div className="flex flex-wrap gap-2">
          {list.map((p) => (
            <a key={p} href={fileUrl(p)} target="_blank" rel="noreferrer">
              <img src={fileUrl(p)} alt={fileName(p)} className="size-20 rounded border object-cover" />
            </a>
          ))}
        </div>
      );
    }
    case "file": {
      const list = (Array.isArray(value) ? value : value ? [value] : []).map(String).filter(Boolean);
      if (!list.length) return <>-</>;
      return (
        <ul className="flex flex-col gap-1">
          {list.map((p) => (
            <li key={p}>
              <a href={fileUrl(p)} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-primary hover:underline" title={t("open")}>
                <FileIcon className="size-3.5" />
                {fileName(p)}
              </a>
            </li>
          ))}
        </ul>
      );
    }
    default:
      return <span className="whitespace-pre-wrap wrap-anywhere">{def.render ? def.render(row) : formatText(value)}</span>;
  }
}

/** Label/value rows in a bordered two-column grid (Element's descriptions look). */
/** `columns`: two pairs a line from small screens on (default), or one (a narrow card). */
export function DetailRows<Row extends AnyRow>({ rows, row, label, columns = 2 }: { rows: readonly DetailRow<Row>[]; row: Row; label: (key: string) => string; columns?: 1 | 2 }) {
  const two = columns === 2;
  return (
    <dl className={cn("grid overflow-hidden rounded-md border text-sm", two && "sm:grid-cols-2")} data-testid="detail-rows">
      {rows.map((d) => (
        <div key={d.prop} className={cn("grid grid-cols-[6.5rem_minmax(0,1fr)] border-b sm:grid-cols-[8rem_minmax(0,1fr)] last:border-b-0", two && "sm:[&:nth-last-child(2):nth-child(odd)]:border-b-0", two && d.full && "sm:col-span-2")}>
          <dt className="bg-muted px-3 py-2 text-muted-foreground">{label(d.label)}</dt>
          <dd className="min-w-0 px-3 py-2">
            <DetailValue def={d} row={row} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
