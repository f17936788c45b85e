"use client";

import * as React from "react";
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

type Ask = { message: React.ReactNode; title?: React.ReactNode; danger?: boolean; resolve: (ok: boolean) => void };

/**
 * `const [confirm, confirmElement] = useConfirm()`; `await confirm("…")` resolves true on OK,
 * false on cancel / Escape. Render `confirmElement` once (the list's dialogs host does).
 */
export function useConfirm(): [(message: React.ReactNode, opts?: { title?: React.ReactNode; danger?: boolean }) => Promise<boolean>, React.ReactNode] {
  const [ask, setAsk] = React.useState<Ask | null>(null);
  const confirm = React.useCallback(
    (message: React.ReactNode, opts?: { title?: React.ReactNode; danger?: boolean }) =>
      new Promise<boolean>((resolve) => setAsk({ message, ...opts, resolve })),
    [],
  );
  const element = <ConfirmDialog ask={ask} onDone={(ok) => (ask?.resolve(ok), setAsk(null))} />;
  return [confirm, element];
}

function ConfirmDialog({ ask, onDone }: { ask: Ask | null; onDone: (ok: boolean) => void }) {
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
          <AlertDialogAction className={buttonVariants({ variant: ask?.danger ? "destructive" : "default", size: "sm" })} onClick={() => onDone(true)}>
            {t("actions.confirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
