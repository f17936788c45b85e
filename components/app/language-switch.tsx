"use client";

import { Languages } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { locales, type Locale } from "@/lib/contract/locale";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useSwitchLocale } from "./use-switch-locale";

/** zh-cn / en; the page re-renders in place, nothing else is lost. */
export function LanguageSwitch() {
  const t = useTranslations("common.language");
  const locale = useLocale();
  const { switchTo, pending } = useSwitchLocale();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t("label")} data-testid="language-switch" disabled={pending}>
          <Languages className="size-4" />
          <span>{t(locale as Locale)}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={locale} onValueChange={(v) => switchTo(v as Locale)}>
          {locales.map((l) => (
            <DropdownMenuRadioItem key={l} value={l} data-testid={`language-${l}`}>
              {t(l)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
