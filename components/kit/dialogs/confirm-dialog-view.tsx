"use client";

import { useTranslations } from "next-intl";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";
import type { Ask } from "./confirm-dialog";

/** The confirmation itself (radix alert dialog): loaded after the page by `useConfirm`. */
export function ConfirmDialog({ ask, onDone }: { ask: Ask | null; onDone: (ok: boolean) => void }) {
  const t = useTranslations("kit");
  return (
    <AlertDialog open={ask !== null} onOpenChange={(open) => !open && onDone(false)}>
      <AlertDialogContent data-testid="confirm-dialog" className="sm:max-w-sm">
        <AlertDialogHeader>
          <AlertDialogTitle className="text-base">{ask?.title ?? t("confirm.title")}</AlertDialogTitle>
          <AlertDialogDescription>{ask?.message}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel className={buttonVariants({ variant: "outline", size: "sm" })}>{t("actions.cancel")}</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: ask?.danger ? "destructive" : "default", size: "sm" })} onClick={() => onDone(true)} data-testid="confirm-ok">
            {t("actions.confirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
