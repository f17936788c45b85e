"use client";

import { startTransition, useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { reloadOnceForChunk } from "./chunk-reload";

/** A page that failed: a localised message and a retry that re-fetches the server part too. */
export function PageError({ error, reset }: { error: Error; reset: () => void }) {
  const t = useTranslations("shell.error");
  const router = useRouter();
  const [reloading, setReloading] = useState(false);
  useEffect(() => setReloading(reloadOnceForChunk(error)), [error]);
  const retry = () =>
    startTransition(() => {
      router.refresh();
      reset();
    });
  return (
    <div role="alert" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 p-8 text-center" data-testid="page-error">
      <TriangleAlert className="size-10 text-warning" aria-hidden="true" />
      <h1 className="text-lg font-medium">{reloading ? t("reloading") : t("title")}</h1>
      {!reloading && <p className="text-sm text-muted-foreground">{t("description")}</p>}
      {!reloading && (
        <Button onClick={retry} data-testid="page-retry">
          {t("retry")}
        </Button>
      )}
    </div>
  );
}
