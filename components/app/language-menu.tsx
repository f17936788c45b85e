"use client";

import { useTranslations } from "next-intl";
import { locales, type Locale } from "@/lib/contract/locale";
import { DropdownMenu, DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

/** The language switch's menu around its trigger: loaded after the page (`LanguageSwitch`). */
export function LanguageMenu({ trigger, open, onOpenChange, locale, onChoose }: { trigger: React.ReactElement; open: boolean; onOpenChange: (open: boolean) => void; locale: string; onChoose: (l: Locale) => void }) {
  const t = useTranslations("common.language");
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={locale} onValueChange={(v) => onChoose(v as Locale)}>
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
