"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";

/** Copies a text to the clipboard and says so in a toast, or that the browser refused (the kit's words unless given). */
export function useCopy(messages?: { done: string; failed: string }) {
  const t = useTranslations("kit.copy");
  const done = messages?.done ?? t("done");
  const failed = messages?.failed ?? t("failed");
  return React.useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        toast.success(done);
      } catch {
        toast.error(failed);
      }
    },
    [done, failed],
  );
}
