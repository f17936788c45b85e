"use client";

import { useTranslations } from "next-intl";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { MenuBody } from "./side-menu";

/** The menu drawer around its trigger: loaded after the page (`MenuDrawer`). */
export function MenuDrawerDialog({ trigger, open, onOpenChange }: { trigger: React.ReactElement; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations("shell.menu");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        sheet="left"
        className="flex w-72 max-w-[85vw] flex-col gap-0 p-0"
        data-testid="menu-drawer"
        // An entry opening in a new window leaves the URL as it is: close on any entry click.
        onClickCapture={(e) => {
          if ((e.target as HTMLElement).closest("a[data-menu-item], [role=menuitem]")) onOpenChange(false);
        }}
      >
        <DialogTitle className="sr-only">{t("label")}</DialogTitle>
        <DialogDescription className="sr-only">{t("label")}</DialogDescription>
        <MenuBody collapsed={false} />
      </DialogContent>
    </Dialog>
  );
}
