"use client";

import { Languages } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/contract/locale";
import { Button } from "@/components/ui/button";
import { deferred, useDeferredPopup } from "@/components/ui/deferred";
import { useSwitchLocale } from "./use-switch-locale";

// The menu (radix) is closed at first paint: it loads when the browser is idle or on the first click.
const languageMenu = deferred(() => import("./language-menu").then((m) => m.LanguageMenu));

/** zh-cn / en; the page re-renders in place, nothing else is lost. */
export function LanguageSwitch() {
  const t = useTranslations("common.language");
  const locale = useLocale();
  const { switchTo, pending } = useSwitchLocale();
  const { Part: Menu, open, setOpen, triggerProps } = useDeferredPopup(languageMenu);
  const trigger = (
    <Button
      variant="ghost"
      size="sm"
      aria-label={t("label")}
      data-testid="language-switch"
      disabled={pending}
      {...triggerProps}
    >
      <Languages className="size-4" />
      <span>{t(locale as Locale)}</span>
    </Button>
  );
  return Menu ? <Menu trigger={trigger} open={open} onOpenChange={setOpen} locale={locale} onChoose={switchTo} /> : trigger;
}
