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
        className="hidden w-48 justify-between text-muted-foreground md:inline-flex"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        data-testid="palette-open"
      >
        <span className="flex items-center gap-2">
          <Search className="size-4" />
          {t("palette.open")}
        </span>
        <kbd className="rounded border bg-muted px-1 text-[10px]">{t("palette.shortcut")}</kbd>
      </Button>
      {wanted && <PaletteDialog open={open} onOpenChange={setOpen} />}
    </>
  );
}
