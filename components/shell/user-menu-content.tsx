"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useTheme } from "@/lib/theme";
import { KeyRound, KeySquare, Languages, LogOut, Moon, ShieldCheck, Sun } from "lucide-react";
import { locales, type Locale } from "@/lib/contract/locale";
import { useSwitchLocale } from "@/components/app/use-switch-locale";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

/** The user menu around its trigger: loaded after the page (`UserMenu`). */
export function UserMenuContent({
  trigger,
  open,
  onOpenChange,
  name,
  username,
  onDialog,
}: {
  trigger: React.ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  username: string;
  onDialog: (dialog: "password" | "logout") => void;
}) {
  const t = useTranslations("shell.user");
  const th = useTranslations("shell.header");
  const tl = useTranslations("common.language");
  const locale = useLocale();
  const { switchTo } = useSwitchLocale();
  const { resolvedTheme, setTheme } = useTheme();
  const other = locales.find((l) => l !== locale) as Locale;
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-48">
        <DropdownMenuLabel className="font-normal">
          <div className="font-medium">{name}</div>
          <div className="text-xs text-muted-foreground">{username}</div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/systemSet/securitySet" data-testid="user-security">
            <ShieldCheck className="size-4" />
            {t("security")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/systemSet/apiKeys" data-testid="user-api-keys">
            <KeySquare className="size-4" />
            {t("apiKeys")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onDialog("password")} data-testid="user-change-password">
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
        <DropdownMenuItem variant="destructive" onSelect={() => onDialog("logout")} data-testid="logout">
          <LogOut className="size-4" />
          {t("logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
