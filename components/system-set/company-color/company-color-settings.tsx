"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { LayoutDashboardIcon, SettingsIcon } from "lucide-react";
import { colorInput, saveColor, type CompanySettings } from "@/lib/contract/system/company-settings";
import { themeVariables } from "@/lib/shell/colors";
import { defineSettings, SettingsPage } from "@/components/kit/settings/define-settings";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { companySettings } from "../company-settings";

const NS = "system.company";
const STEPS = [1, 2, 3, 5, 7, 8, 9];

/**
 * Buttons, a tag, a link and a menu item in a colour: the shell's own theme variables
 * (`themeVariables`, lib/shell/colors) scoped to this box, so it looks as the console will.
 */
export function ColorPreview({ color }: { color: string }) {
  const t = useTranslations(NS);
  const vars = themeVariables(color) as React.CSSProperties;
  return (
    <div style={vars} className="space-y-4 rounded-md border p-4" data-testid="color-preview" data-color={vars["--primary" as keyof React.CSSProperties] as string}>
      <p className="text-sm font-medium">{t("preview.title")}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" type="button">
          {t("preview.primary")}
        </Button>
        <Button size="sm" type="button" variant="outline" className="border-primary text-primary hover:bg-primary-light-9 hover:text-primary">
          {t("preview.plain")}
        </Button>
        <Badge>{t("preview.tag")}</Badge>
        <a href="#color-preview" onClick={(e) => e.preventDefault()} className="text-sm text-primary underline-offset-4 hover:underline">
          {t("preview.link")}
        </a>
      </div>
      <div className="w-56 space-y-1 rounded-md border bg-card p-2">
        <div className="flex h-10 items-center gap-2 rounded-md bg-primary-light-9 px-3 text-sm font-medium text-primary">
          <LayoutDashboardIcon className="size-4" />
          {t("preview.menuActive")}
        </div>
        <div className="flex h-10 items-center gap-2 rounded-md px-3 text-sm">
          <SettingsIcon className="size-4" />
          {t("preview.menuItem")}
        </div>
      </div>
      <div className="flex overflow-hidden rounded-md border" aria-label={t("preview.steps")}>
        <span className="h-6 flex-1 bg-primary-dark" title="--primary-dark" />
        <span className="h-6 flex-1 bg-primary" title="--primary" />
        {STEPS.map((s) => (
          <span key={s} className="h-6 flex-1" style={{ background: `var(--primary-light-${s})` }} title={`--primary-light-${s}`} />
        ))}
      </div>
    </div>
  );
}

/** companyColor: the skin colour, `#rrggbb` or `rgb(r, g, b)` (core §5, §8), with a live preview. */
const companyColor = defineSettings<CompanySettings>({
  ...companySettings,
  ns: NS,
  cards: [
    {
      id: "company-color",
      title: "cards.color",
      description: "cards.colorDesc",
      schema: saveColor,
      save: "sys/company/saveColor",
      perm: "sys:company:saveColor",
      values: (d) => ({ skinColor: d.skinColor }),
      fields: [{ name: "skinColor", label: "fields.skinColor", type: "color", hint: "hints.skinColor" }],
      extra: (form, { data }) => {
        const typed = colorInput.safeParse(form.watch("skinColor") ?? "");
        return <ColorPreview color={typed.success ? typed.data : data.skinColor} />;
      },
    },
  ],
});

export function CompanyColorView() {
  return <SettingsPage settings={companyColor} />;
}
