"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { entryAction, type MenuNode } from "@/lib/shell/menu";
import { useShell } from "./shell-context";

/**
 * Opens a menu entry the way core §2 and §8 say: external links and data screens in a new
 * browser tab, a missing project or an unknown route as a warning, anything else in the console.
 * Returns whether the click was handled (so links can let the browser do the navigation).
 */
export function useOpenEntry() {
  const router = useRouter();
  const t = useTranslations("shell.menu");
  const { tenantId, projId } = useShell();
  return (node: Pick<MenuNode, "path" | "frame" | "framePath">) => {
    const action = entryAction(node, { tenantId, projId });
    switch (action.kind) {
      case "misconfigured":
        toast.error(t("misconfigured"));
        return;
      case "needsProject":
        toast.warning(t("needsProject"));
        return;
      case "window":
        window.open(action.href, "_blank", "noopener,noreferrer");
        return;
      case "navigate":
        router.push(action.href);
    }
  };
}
