"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { ChevronDown } from "lucide-react";
import { fileUrl } from "@/lib/file-url";
import { ChangePasswordDialog } from "@/components/kit/lazy-password-dialogs";
import { Button } from "@/components/ui/button";
import { deferred, useDeferredPopup } from "@/components/ui/deferred";
import { useShell } from "./shell-context";

// The confirmation (radix alert dialog) loads after the page, not in its first load.
const LogoutDialog = dynamic(() => import("./logout-dialog").then((m) => m.LogoutDialog), { ssr: false });
// The menu (radix) is closed at first paint: it loads when the browser is idle or on the first click.
const userMenu = deferred(() => import("./user-menu-content").then((m) => m.UserMenuContent));

/** Avatar and name; security settings, change password, log out (confirmed). Dialogs live outside
 *  the menu so closing the menu does not take them along. */
export function UserMenu() {
  const t = useTranslations("shell.user");
  const { user } = useShell();
  const [dialog, setDialog] = useState<"password" | "logout" | null>(null);
  const { Part: Menu, open, setOpen, triggerProps } = useDeferredPopup(userMenu);
  const name = user.realname || user.name;
  const trigger = (
    <Button
      variant="ghost"
      size="sm"
      className="gap-2"
      aria-label={t("menu")}
      data-testid="user-menu"
      {...triggerProps}
    >
      {user.avatar ? (
        <img src={fileUrl(user.avatar)} alt="" className="size-7 rounded-full object-cover" />
      ) : (
        <span className="flex size-7 items-center justify-center rounded-full bg-primary-solid text-xs font-medium text-primary-foreground" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="hidden max-w-32 truncate lg:inline" data-testid="current-user">
        {name}
      </span>
      <ChevronDown className="size-4 opacity-60" />
    </Button>
  );
  return (
    <>
      {Menu ? <Menu trigger={trigger} open={open} onOpenChange={setOpen} name={name} username={user.name} onDialog={setDialog} /> : trigger}
      <ChangePasswordDialog open={dialog === "password"} onOpenChange={(o) => setDialog(o ? "password" : null)} />
      <LogoutDialog open={dialog === "logout"} onOpenChange={(o) => setDialog(o ? "logout" : null)} />
    </>
  );
}
