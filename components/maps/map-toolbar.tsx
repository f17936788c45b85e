"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";

/** A small segmented control drawn on a map (layers, polygon tools). */
export function Segmented<T extends string>({ label, value, options, onChange, disabled }: { label: string; value: T; options: { value: T; label: string; title?: string }[]; onChange: (v: T) => void; disabled?: boolean }) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex overflow-hidden rounded-md border bg-background/95 text-xs shadow-sm">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          title={o.title}
          disabled={disabled}
          onClick={() => onChange(o.value)}
          className={cn("px-2.5 py-1.5 hover:bg-accent disabled:cursor-not-allowed disabled:opacity-50", value === o.value && "bg-primary text-primary-foreground hover:bg-primary")}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** Vector / satellite toggle (widgets §4); satellite imagery needs tiles, so it is off without a key. */
export function LayerToggle({ satellite, onChange, hasTiles }: { satellite: boolean; onChange: (satellite: boolean) => void; hasTiles: boolean }) {
  const t = useTranslations("maps.layers");
  return (
    <Segmented
      label={t("label")}
      value={satellite ? "satellite" : "vector"}
      onChange={(v) => onChange(v === "satellite")}
      options={[
        { value: "vector", label: t("vector") },
        { value: "satellite", label: t("satellite"), title: hasTiles ? undefined : t("needsKey") },
      ]}
      disabled={!hasTiles}
    />
  );
}

/** A note on a map's toolbar row. */
export function MapNote({ children, className }: { children: React.ReactNode; className?: string }) {
  return <span className={cn("rounded-md border bg-background/95 px-2 py-1 text-xs text-muted-foreground shadow-sm", className)}>{children}</span>;
}
