"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { clearSessionState } from "@/lib/client-state";
import { request } from "@/lib/api/fetcher";
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

/** Log out with confirmation; the cookie is cleared by the server, tabs and project by the client. */
export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations("common");
  const logout = async () => {
    await request("POST", "auth/logout", { silent: true }).catch(() => undefined);
    clearSessionState();
    toast.success(t("logout.done"));
    // The tenant defaults to 1 on logout (core §4); the server forgot the last tenant with the session.
    window.location.assign("/login");
  };
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("actions.logout")}</AlertDialogTitle>
          <AlertDialogDescription>{t("logout.confirm")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("actions.cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={logout} data-testid="logout-confirm">
            {t("actions.confirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
