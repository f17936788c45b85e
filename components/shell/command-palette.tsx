"use client";

import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";

/** cmdk, the dialog and the search code load with the first opening, not with every page. */
const PaletteDialog = dynamic(() => import("./palette-dialog").then((m) => m.PaletteDialog), { ssr: false });

/** Ctrl/⌘-K or the header button opens the command palette (`PaletteDialog`). */
export function CommandPalette() {
  const t = useTranslations("shell");
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing plays out and reopening is instant.
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setWanted(true);
        setOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="hidden min-w-48 justify-between gap-3 pr-1.5 text-muted-foreground lg:inline-flex"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        data-testid="palette-open"
      >
        <span className="flex min-w-0 items-center gap-2">
          <Search className="size-4" />
          <span className="truncate">{t("palette.open")}</span>
        </span>
        <kbd className="shrink-0 rounded border bg-muted px-1.5 py-0.5 font-sans text-[10px] leading-none">{t("palette.shortcut")}</kbd>
      </Button>
      {/* Phones and tablets: the same palette behind an icon. */}
      <Button variant="ghost" size="icon" className="lg:hidden"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }} aria-label={t("palette.open")} title={t("palette.open")} data-testid="palette-open-compact">
        <Search className="size-5" />
      </Button>
      {wanted && <PaletteDialog open={open} onOpenChange={setOpen} />}
    </>
  );
}
