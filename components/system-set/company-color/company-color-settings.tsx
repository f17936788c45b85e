"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { useTheme } from "@/lib/theme";
import { LayoutDashboardIcon, SettingsIcon, TriangleAlertIcon } from "lucide-react";
import { permsOf } from "@/lib/contract/call";
import { companyApi, colorInput, saveColor, type CompanySettings } from "@/lib/contract/system/company-settings";
import { AA_TEXT, contrastReport, themeVariables } from "@/lib/shell/colors";
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
  // The variables of the theme on screen: the preview reads as the console will in it.
  const { resolvedTheme } = useTheme();
  const vars = themeVariables(color, resolvedTheme === "dark" ? "dark" : "light") as React.CSSProperties;
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

/** Each text pair the console will draw in this colour and its contrast; a warning when the colour itself falls short. */
function ContrastReport({ color }: { color: string }) {
  const t = useTranslations(NS);
  const report = contrastReport(color);
  const worst = Math.min(report.asText, report.underWhite);
  return (
    <div className="space-y-2" data-testid="color-contrast">
      <p className="text-sm font-medium">{t("preview.contrast")}</p>
      {worst < AA_TEXT ? (
        <p role="status" className="flex gap-2 rounded border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning" data-testid="color-contrast-warning">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t("preview.tooLight", { color, ratio: worst })}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{t("preview.fine", { color })}</p>
      )}
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {report.pairs.map((p) => (
          <li key={p.key} className="flex items-center justify-between gap-3 rounded border px-2 py-1" data-pair={p.key} data-ratio={p.ratio}>
            <span>{t(`preview.pairs.${p.key}` as never)}</span>
            <span className="rounded px-2 py-0.5 font-medium tabular-nums" style={{ color: p.fg, background: p.bg }}>
              {t("preview.ratio", { ratio: p.ratio })}
            </span>
          </li>
        ))}
      </ul>
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
      save: companyApi.saveColor,
      perm: permsOf(companyApi.saveColor)[0],
      values: (d) => ({ skinColor: d.skinColor }),
      fields: [{ name: "skinColor", label: "fields.skinColor", type: "color", hint: "hints.skinColor" }],
      extra: (form, { data }) => {
        const typed = colorInput.safeParse(form.watch("skinColor") ?? "");
        const color = typed.success ? typed.data : data.skinColor;
        return (
          <div className="space-y-4">
            <ColorPreview color={color} />
            <ContrastReport color={color} />
          </div>
        );
      },
    },
  ],
});

export function CompanyColorView() {
  return <SettingsPage settings={companyColor} />;
}
