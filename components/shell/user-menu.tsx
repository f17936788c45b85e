"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { ChevronDown } from "lucide-react";
import { toast } from "@/lib/toast";
import { clearSessionState } from "@/lib/client-state";
import { request } from "@/lib/api/fetcher";
import { fileUrl } from "@/lib/file-url";
import { useConfirm } from "@/components/kit/dialogs/confirm-dialog";
import { ChangePasswordDialog } from "@/components/kit/lazy-password-dialogs";
import { Button } from "@/components/ui/button";
import { deferred, useDeferredPopup } from "@/components/ui/deferred";
import { useShell } from "./shell-context";

// The menu (radix) is closed at first paint: it loads when the browser is idle or on the first click.
const userMenu = deferred(() => import("./user-menu-content").then((m) => m.UserMenuContent));

/** Avatar and name; security settings, change password, log out (confirmed). Dialogs live outside
 *  the menu so closing the menu does not take them along. */
export function UserMenu() {
  const t = useTranslations("shell.user");
  const common = useTranslations("common");
  const { user } = useShell();
  const [password, setPassword] = useState(false);
  const [confirm, confirmElement] = useConfirm();
  const logout = async () => {
    if (!(await confirm(common("logout.confirm"), { title: common("actions.logout") }))) return;
    await request("POST", "auth/logout", { silent: true }).catch(() => undefined);
    clearSessionState();
    toast.success(common("logout.done"));
    // The tenant defaults to 1 on logout (core §4); the server forgot the last tenant with the session.
    window.location.assign("/login");
  };
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
      {Menu ? <Menu trigger={trigger} open={open} onOpenChange={setOpen} name={name} username={user.name} onDialog={(d) => (d === "logout" ? void logout() : setPassword(true))} /> : trigger}
      <ChangePasswordDialog open={password} onOpenChange={setPassword} />
      {confirmElement}
    </>
  );
}
