"use client";

import { useTranslations } from "next-intl";
import type { FieldError } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** A labelled input with its localised validation message (keys from lib/contract/validation). */
export function Field({
  id,
  label,
  error,
  children,
  ...input
}: { id: string; label: string; error?: FieldError; children?: React.ReactNode } & React.ComponentProps<typeof Input>) {
  const t = useTranslations();
  const message = error?.message ? (error.message.startsWith("validation.") ? t(error.message as "validation.required") : error.message) : null;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} aria-invalid={!!error} aria-describedby={message ? `${id}-error` : undefined} {...input} />
        {children}
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}
