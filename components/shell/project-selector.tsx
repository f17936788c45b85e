"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useSWRConfig } from "swr";
import { toast } from "@/lib/toast";
import { ChevronDown, FolderKanban } from "lucide-react";
import { api } from "@/lib/api/fetcher";
import { STORAGE } from "@/lib/client-state";
import { Button } from "@/components/ui/button";
import { deferred, useDeferredPopup } from "@/components/ui/deferred";
import { useShell } from "./shell-context";

/**
 * Switches the project the console works in: stored in the session cookie by `/api/session/project`,
 * then every open view revalidates — server components by a refresh, client data by SWR.
 */
export function useChooseProject() {
  const t = useTranslations("shell.header");
  const { projects } = useShell();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [pending, start] = useTransition();
  const choose = (id: number | null) =>
    start(async () => {
      try {
        await api.post("session/project", { projId: id });
      } catch {
        return; // the fetcher has shown the message
      }
      if (id === null) localStorage.removeItem(STORAGE.projId);
      else localStorage.setItem(STORAGE.projId, String(id));
      sessionStorage.setItem(STORAGE.projId, id === null ? "" : String(id));
      const name = projects.find((p) => p.id === id)?.prjName ?? "";
      toast.success(id === null ? t("projectCleared") : t("projectChanged", { name }));
      router.refresh();
      await mutate(() => true);
    });
  return { choose, pending };
}

// The menu (radix) is closed at first paint: it loads when the browser is idle or on the first click.
const projectMenu = deferred(() => import("./project-menu").then((m) => m.ProjectMenu));

/** The header's project selector. */
export function ProjectSelector() {
  const t = useTranslations("shell.header");
  const { projects, projId } = useShell();
  const { choose, pending } = useChooseProject();
  const { Part: Menu, open, setOpen, triggerProps } = useDeferredPopup(projectMenu);
  const current = projects.find((p) => p.id === projId);
  const trigger = (
    <Button
      variant="outline"
      size="sm"
      className="max-w-36 justify-between sm:max-w-56"
      disabled={pending}
      aria-label={t("projectLabel")}
      data-testid="project-selector"
      {...triggerProps}
    >
      <FolderKanban className="size-4" />
      <span className="truncate">{current?.prjName ?? t("projectPlaceholder")}</span>
      <ChevronDown className="size-4 opacity-60" />
    </Button>
  );
  return Menu ? <Menu trigger={trigger} open={open} onOpenChange={setOpen} onChoose={choose} /> : trigger;
}
