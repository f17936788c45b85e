"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { ChevronDown, KeyRound, Languages, LogOut, Moon, ShieldCheck, Sun } from "lucide-react";
import { locales, type Locale } from "@/lib/contract/locale";
import { useSwitchLocale } from "@/components/app/use-switch-locale";
import { fileUrl } from "@/lib/file-url";
import { ChangePasswordDialog } from "@/components/kit/lazy-password-dialogs";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useShell } from "./shell-context";

// The confirmation (radix alert dialog) loads after the page, not in its first load.
const LogoutDialog = dynamic(() => import("./logout-dialog").then((m) => m.LogoutDialog), { ssr: false });

/** Avatar and name; security settings, change password, log out (confirmed). Dialogs live outside
 *  the menu so closing the menu does not take them along. */
export function UserMenu() {
  const t = useTranslations("shell.user");
  const { user } = useShell();
  const [dialog, setDialog] = useState<"password" | "logout" | null>(null);
  const name = user.realname || user.name;
  const th = useTranslations("shell.header");
  const tl = useTranslations("common.language");
  const locale = useLocale();
  const { switchTo } = useSwitchLocale();
  const { resolvedTheme, setTheme } = useTheme();
  const other = locales.find((l) => l !== locale) as Locale;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" className="gap-2" aria-label={t("menu")} data-testid="user-menu">
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
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-48">
          <DropdownMenuLabel className="font-normal">
            <div className="font-medium">{name}</div>
            <div className="text-xs text-muted-foreground">{user.name}</div>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href="/systemSet/securitySet" data-testid="user-security">
              <ShieldCheck className="size-4" />
              {t("security")}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("password")} data-testid="user-change-password">
            <KeyRound className="size-4" />
            {t("changePassword")}
          </DropdownMenuItem>
          {/* Below lg the header has no room for these two: they live here. */}
          <DropdownMenuSeparator className="lg:hidden" />
          <DropdownMenuItem className="lg:hidden" onSelect={() => setTheme(resolvedTheme === "dark" ? "light" : "dark")} data-testid="user-theme">
            <Sun className="size-4 dark:hidden" />
            <Moon className="hidden size-4 dark:block" />
            {th("theme")}
          </DropdownMenuItem>
          <DropdownMenuItem className="lg:hidden" onSelect={() => switchTo(other)} data-testid="user-language">
            <Languages className="size-4" />
            {tl(other)}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setDialog("logout")} data-testid="logout">
            <LogOut className="size-4" />
            {t("logout")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ChangePasswordDialog open={dialog === "password"} onOpenChange={(o) => setDialog(o ? "password" : null)} />
      <LogoutDialog open={dialog === "logout"} onOpenChange={(o) => setDialog(o ? "logout" : null)} />
    </>
  );
}
