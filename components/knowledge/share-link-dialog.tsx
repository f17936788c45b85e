"use client";

import * as React from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { CopyIcon } from "lucide-react";
import { call } from "@/lib/api/call";
import { knowledgeApi, type FileLink, type KnowledgeNode } from "@/lib/contract/knowledge/knowledge";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { KitDialog } from "@/components/kit";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";

/** The /previewFile address of a signed link: with the file's type and name, so the page needs nothing else. */
export const previewLinkUrl = (origin: string, link: FileLink) =>
  `${origin}/previewFile?${new URLSearchParams({ token: link.token, ext: link.ext, name: link.fileName })}`;

/**
 * A knowledge file's "share link": a fresh signed link to /previewFile, shown to copy (the clipboard may be
 * refused on a plain-http console, so the address stays selectable) with the time it stops working.
 */
export function ShareLinkDialog({ node, onClose }: { node: KnowledgeNode; onClose: () => void }) {
  const t = useTranslations("knowledge.share");
  // A new link is a POST: one per dialog opening.
  const { data, error } = useSWR(["share", knowledgeApi.link.path, node.fileId], () => call(knowledgeApi.link, { id: node.fileId }), { revalidateOnFocus: false, revalidateIfStale: false });
  const url = data ? previewLinkUrl(window.location.origin, data) : "";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("copied"));
    } catch {
      toast.warning(t("copyRefused"));
    }
  };
  return (
    <KitDialog onClose={onClose} title={`${t("title")} · ${node.fileName}`} width={560} testId="knowledge-share-dialog" actions="close">
      {error ? (
        <p className="text-sm text-destructive">{t("failed")}</p>
      ) : !data ? (
        <Skeleton className="h-16" />
      ) : (
        <div className="space-y-2">
          <div className="flex gap-2">
            <Input readOnly value={url} aria-label={t("link")} onFocus={(e) => e.currentTarget.select()} data-testid="share-link" />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              <CopyIcon />
              {t("copy")}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground" data-testid="share-expires">
            {t("expires", { time: formatDateTime(data.expiresAt) })}
          </p>
        </div>
      )}
    </KitDialog>
  );
}
