"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { MENU_ICON_NAMES, MenuIcon } from "@/components/shell/menu-icon";
import { PopoverField } from "@/components/kit/form/popover-field";
import { cn } from "@/lib/utils";

/**
 * The menu icon: a lucide name drawn by the shell's own MenuIcon (one icon map for the menu and
 * this picker). The grid offers every name the shell draws; the box takes any other name (another
 * upstream may know more), which the shell shows as a dot.
 */
export function IconPicker({ value, onChange, disabled, invalid, id }: { value: string; onChange: (v: string) => void; disabled?: boolean; invalid?: boolean; id?: string }) {
  const t = useTranslations("system.menu");
  return (
    <PopoverField
      id={id}
      shown={value ? (<><MenuIcon name={value} className="size-4 shrink-0" />{value}</>) : null}
      placeholder={t("placeholders.icon")}
      onClear={() => onChange("")}
      // Enter takes a typed name that is not in the grid.
      onSearchEnter={(typed) => (onChange(typed.toLowerCase()), true)}
      searchPlaceholder={t("placeholders.iconSearch")}
      contentClassName="w-80"
      disabled={disabled}
      invalid={invalid}
    >
      {(k, close) => {
        const shown = MENU_ICON_NAMES.filter((n) => n.includes(k));
        return shown.length ? (
          <div className="grid max-h-64 grid-cols-6 gap-1 overflow-auto">
            {shown.map((n) => (
              <button
                key={n}
                type="button"
                title={n}
                aria-label={n}
                aria-pressed={n === value}
                className={cn("flex h-9 items-center justify-center rounded border border-transparent hover:bg-accent", n === value && "border-primary text-primary")}
                onClick={() => {
                  onChange(n);
                  close();
                }}
              >
                <MenuIcon name={n} className="size-4" />
              </button>
            ))}
          </div>
        ) : (
          <p className="py-4 text-center text-xs text-muted-foreground">{t("iconEnter")}</p>
        );
      }}
    </PopoverField>
  );
}
