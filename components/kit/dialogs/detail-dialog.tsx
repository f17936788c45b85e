"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";
import { DetailView, type DetailLayout } from "../detail/define-detail";
import type { AnyRow, DetailRow } from "../resource/define-resource";
import { KitDialog } from "./kit-dialog";

/** The view dialog: a row's details through the same renderer as detail pages (rows alone = one card). */
export function DetailDialog<Row extends AnyRow>({
  detail,
  row,
  loading,
  error,
  title,
  label,
  onClose,
  onRefresh,
  width,
}: {
  detail: readonly DetailRow<Row>[] | DetailLayout<Row>;
  row: Row | undefined;
  loading?: boolean;
  error?: boolean;
  title: React.ReactNode;
  label: (key: string, values?: Record<string, string | number>) => string;
  onClose: () => void;
  onRefresh: () => Promise<unknown>;
  width?: number;
}) {
  const t = useTranslations("kit");
  const layout: DetailLayout<Row> = Array.isArray(detail) ? { sections: [{ key: "rows", rows: [...detail] }] } : (detail as DetailLayout<Row>);
  return (
    <KitDialog
      onClose={onClose}
      title={title}
      width={width ?? (layout.tabs ? 860 : undefined)}
      testId="view-dialog"
      actions="close"
    >
      {error || (!loading && !row) ? (
        <p className="py-8 text-center text-sm text-destructive">{t("form.notFound")}</p>
      ) : loading || !row ? (
        <Skeleton className="h-40" />
      ) : (
        <DetailView layout={layout} ctx={{ row, t: label, refresh: onRefresh }} plain />
      )}
    </KitDialog>
  );
}
