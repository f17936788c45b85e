"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useSWRConfig } from "swr";
import { toast } from "sonner";
import { Check, ChevronDown, FolderKanban } from "lucide-react";
import { api } from "@/lib/api/fetcher";
import { STORAGE } from "@/lib/client-state";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
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

/** The header's project selector. */
export function ProjectSelector() {
  const t = useTranslations("shell.header");
  const { projects, projId } = useShell();
  const { choose, pending } = useChooseProject();
  const current = projects.find((p) => p.id === projId);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="max-w-36 justify-between sm:max-w-56" disabled={pending} aria-label={t("projectLabel")} data-testid="project-selector">
          <FolderKanban className="size-4" />
          <span className="truncate">{current?.prjName ?? t("projectPlaceholder")}</span>
          <ChevronDown className="size-4 opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-[60vh] min-w-56 overflow-y-auto">
        <DropdownMenuLabel>{t("projectLabel")}</DropdownMenuLabel>
        {projects.length === 0 && <p className="px-2 py-1.5 text-sm text-muted-foreground">{t("noProjects")}</p>}
        {projects.map((p) => (
          <DropdownMenuItem key={p.id} onSelect={() => choose(p.id)} data-testid="project-option">
            <Check className={p.id === projId ? "size-4" : "size-4 opacity-0"} />
            <span className="truncate">{p.prjName}</span>
          </DropdownMenuItem>
        ))}
        {projId !== null && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => choose(null)}>{t("noProject")}</DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
