"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { FileIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { fileUrl } from "@/lib/file-url";
import { formatDate, formatDateTime, formatText } from "@/lib/format";
import { cn } from "@/lib/utils";
import { DictText } from "../table/cells";
import type { AnyRow, DetailRow } from "../resource/define-resource";
import { KitDialog } from "./kit-dialog";

/** sanitize-html (≈ 65 KB gzip) loads when an HTML value is shown, not with every list page. */
const SafeHtml = dynamic(() => import("./safe-html").then((m) => m.SafeHtml), { ssr: false, loading: () => <Skeleton className="h-16 w-full" /> });

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
              {/* eslint-disable-next-line @next/next/no-img-element */}
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
      return <span className="break-all whitespace-pre-wrap">{def.render ? def.render(row) : formatText(value)}</span>;
  }
}

/** Label/value rows in a bordered two-column grid (Element's descriptions look). */
export function DetailRows<Row extends AnyRow>({ rows, row, label }: { rows: readonly DetailRow<Row>[]; row: Row; label: (key: string) => string }) {
  return (
    <dl className="grid overflow-hidden rounded-md border text-sm sm:grid-cols-2" data-testid="detail-rows">
      {rows.map((d) => (
        <div key={d.prop} className={cn("grid grid-cols-[8rem_1fr] border-b last:border-b-0 sm:[&:nth-last-child(2):nth-child(odd)]:border-b-0", d.full && "sm:col-span-2")}>
          <dt className="bg-muted px-3 py-2 text-muted-foreground">{label(d.label)}</dt>
          <dd className="min-w-0 px-3 py-2">
            <DetailValue def={d} row={row} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The detail dialog: rows of a row, a close button. */
export function DetailDialog<Row extends AnyRow>({
  rows,
  row,
  loading,
  error,
  title,
  label,
  onClose,
  width,
}: {
  rows: readonly DetailRow<Row>[];
  row: Row | undefined;
  loading?: boolean;
  error?: boolean;
  title: React.ReactNode;
  label: (key: string) => string;
  onClose: () => void;
  width?: number;
}) {
  const t = useTranslations("kit");
  return (
    <KitDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      width={width}
      testId="view-dialog"
      footer={
        <Button size="sm" variant="outline" onClick={onClose}>
          {t("actions.close")}
        </Button>
      }
    >
      {error || (!loading && !row) ? (
        <p className="py-8 text-center text-sm text-destructive">{t("form.notFound")}</p>
      ) : loading || !row ? (
        <Skeleton className="h-40" />
      ) : (
        <DetailRows rows={rows} row={row} label={label} />
      )}
    </KitDialog>
  );
}
