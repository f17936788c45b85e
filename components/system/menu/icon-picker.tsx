"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { ChevronDownIcon, XIcon } from "lucide-react";
import { MENU_ICON_NAMES, MenuIcon } from "@/components/shell/menu-icon";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/**
 * The menu icon: a lucide name drawn by the shell's own MenuIcon (one icon map for the menu and
 * this picker). The grid offers every name the shell draws; the box takes any other name (another
 * upstream may know more), which the shell shows as a dot.
 */
export function IconPicker({ value, onChange, disabled, invalid, id }: { value: string; onChange: (v: string) => void; disabled?: boolean; invalid?: boolean; id?: string }) {
  const t = useTranslations("system.menu");
  const tk = useTranslations("kit");
  const [open, setOpen] = React.useState(false);
  const [keyword, setKeyword] = React.useState("");
  const shown = MENU_ICON_NAMES.filter((n) => n.includes(keyword.trim().toLowerCase()));
  return (
    <div className="group relative">
      <Popover open={open} onOpenChange={(o) => (setOpen(o), o && setKeyword(""))}>
        <PopoverTrigger asChild disabled={disabled}>
          <button
            id={id}
            type="button"
            aria-invalid={invalid || undefined}
            className="flex h-8 w-full items-center gap-2 rounded-md border border-input bg-background px-3 text-left text-sm shadow-xs outline-none focus-visible:border-primary disabled:opacity-50 aria-invalid:border-destructive"
          >
            {value ? <MenuIcon name={value} className="size-4" /> : null}
            <span className={cn("flex-1 truncate", !value && "text-muted-foreground")}>{value || t("placeholders.icon")}</span>
            <ChevronDownIcon className="size-4 shrink-0 opacity-50" />
          </button>
        </PopoverTrigger>
        <PopoverContent className="w-80 p-2" align="start">
          <Input
            className="mb-2 h-8"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onKeyDown={(e) => {
              // Enter takes a typed name that is not in the grid.
              if (e.key === "Enter" && keyword.trim()) {
                e.preventDefault();
                onChange(keyword.trim().toLowerCase());
                setOpen(false);
              }
            }}
            placeholder={t("placeholders.iconSearch")}
            aria-label={t("placeholders.iconSearch")}
          />
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
                  setOpen(false);
                }}
              >
                <MenuIcon name={n} className="size-4" />
              </button>
            ))}
          </div>
          {!shown.length && <p className="py-4 text-center text-xs text-muted-foreground">{t("iconEnter")}</p>}
        </PopoverContent>
      </Popover>
      {value && !disabled && (
        <button type="button" aria-label={tk("actions.clear")} className="absolute top-1/2 right-7 hidden -translate-y-1/2 text-muted-foreground group-hover:block hover:text-foreground" onClick={() => onChange("")}>
          <XIcon className="size-3.5" />
        </button>
      )}
    </div>
  );
}
