"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { RotateCcwIcon, Trash2Icon } from "lucide-react";
import { call, useCall } from "@/lib/api/call";
import type { z } from "zod";
import type { AnyCall, Call } from "@/lib/contract/call";
import { formatDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useConfirm } from "./confirm-dialog";
import { KitDialog } from "./kit-dialog";

/** What every recycle bin lists of an item (cloud/lib/recycle-bin.ts answers it). */
export type RecycledItem = { fileName: string; deletedBy: string; deletedAt: string; purgeAt: string };

/** A store's bin calls: its list, and restore and delete for good, each taking `{ id }`. */
export type RecycleBinCalls<R extends RecycledItem> = { recycleList: Call<z.ZodType, R[]>; restore: AnyCall; delete: AnyCall };

export type RecycleBinDialogProps<R extends RecycledItem> = {
  /** The store's declared calls (`knowledgeApi`, `mediaApi`). */
  calls: RecycleBinCalls<R>;
  idOf: (r: R) => number;
  icon: (r: R) => React.ReactNode;
  /** Columns a store adds after the name (e.g. the knowledge base an item was in). */
  columns?: { label: string; cell: (r: R) => React.ReactNode }[];
  hint: string;
  confirmPurge: (r: R) => string;
  /** Restoring and purging need the store's delete right; without it the bin is only shown. */
  canAct?: boolean;
  width: number;
  testId: string;
  rowTestId: string;
  onClose: () => void;
  onChanged: () => unknown;
};

/** The recycle bin (core §4): restore, or delete for good; what stays 30 days is purged by the cloud. */
export function RecycleBinDialog<R extends RecycledItem>({ calls, idOf, icon, columns = [], hint, confirmPurge, canAct = true, width, testId, rowTestId, onClose, onChanged }: RecycleBinDialogProps<R>) {
  const t = useTranslations("kit.recycle");
  const { data, mutate, isLoading } = useCall(calls.recycleList, {});
  const [confirm, confirmElement] = useConfirm();
  const act = async (path: "restore" | "delete", r: R) => {
    if (path === "delete" && !(await confirm(confirmPurge(r), { danger: true }))) return;
    try {
      await call(calls[path], { id: idOf(r) });
      toast.success(t(path === "restore" ? "restored" : "purged"));
      await onChanged();
    } catch {
      /* shown by the fetcher */
    }
    await mutate();
  };
  return (
    <KitDialog
      onClose={onClose}
      title={t("title")}
      width={width}
      testId={testId}
      actions="close"
    >
      <p className="mb-3 text-xs text-muted-foreground">{hint}</p>
      {isLoading ? (
        <Skeleton className="h-24" />
      ) : !data?.length ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{t("empty")}</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-muted-foreground">
            <tr className="border-b">
              <th className="py-2 font-medium">{t("name")}</th>
              {columns.map((c) => (
                <th key={c.label} className="font-medium">
                  {c.label}
                </th>
              ))}
              <th className="font-medium">{t("deletedBy")}</th>
              <th className="font-medium">{t("deletedAt")}</th>
              <th className="font-medium">{t("purgeAt")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.map((r) => (
              <tr key={idOf(r)} className="border-b last:border-0" data-testid={rowTestId}>
                <td className="py-2">
                  <span className="flex items-center gap-2">
                    {icon(r)}
                    <span className="truncate">{r.fileName}</span>
                  </span>
                </td>
                {columns.map((c) => (
                  <td key={c.label}>{c.cell(r)}</td>
                ))}
                <td>{r.deletedBy}</td>
                <td className="tabular-nums">{formatDateTime(r.deletedAt)}</td>
                <td className="tabular-nums">{formatDateTime(r.purgeAt).slice(0, 10)}</td>
                <td className="text-right whitespace-nowrap">
                  {canAct && (
                    <>
                      <Button variant="ghost" size="sm" onClick={() => void act("restore", r)}>
                        <RotateCcwIcon />
                        {t("restore")}
                      </Button>
                      <Button variant="ghost" size="sm" className="text-destructive" onClick={() => void act("delete", r)}>
                        <Trash2Icon />
                        {t("purge")}
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {confirmElement}
    </KitDialog>
  );
}
