"use client";

import { useTranslations } from "next-intl";
import { Check } from "lucide-react";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useShell } from "./shell-context";

/** The project selector's menu around its trigger: loaded after the page (`ProjectSelector`). */
export function ProjectMenu({ trigger, open, onOpenChange, onChoose }: { trigger: React.ReactElement; open: boolean; onOpenChange: (open: boolean) => void; onChoose: (id: number | null) => void }) {
  const t = useTranslations("shell.header");
  const { projects, projId } = useShell();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-[60vh] min-w-56 overflow-y-auto">
        <DropdownMenuLabel>{t("projectLabel")}</DropdownMenuLabel>
        {projects.length === 0 && <p className="px-2 py-1.5 text-sm text-muted-foreground">{t("noProjects")}</p>}
        {projects.map((p) => (
          <DropdownMenuItem key={p.id} onSelect={() => onChoose(p.id)} data-testid="project-option">
            <Check className={p.id === projId ? "size-4" : "size-4 opacity-0"} />
            <span className="truncate">{p.prjName}</span>
          </DropdownMenuItem>
        ))}
        {projId !== null && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onChoose(null)}>{t("noProject")}</DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
