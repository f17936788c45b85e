"use client";

import * as React from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/lib/api/fetcher";
import { cn } from "@/lib/utils";
import { serverFieldError } from "./localized-resolver";

/**
 * Where a refused save shows: under the field the cloud names when the form has it, otherwise
 * above the buttons. `report(e)` takes the caught error (anything but an ApiError is rethrown).
 */
export function useServerErrors(form: UseFormReturn<FieldValues>, fields: readonly string[]) {
  const [rootError, setRootError] = React.useState("");
  const report = (e: unknown) => {
    if (!(e instanceof ApiError)) throw e;
    const hit = serverFieldError(e, fields);
    if (hit) form.setError(hit.field, { type: "server", message: hit.reason }, { shouldFocus: true });
    else setRootError(e.message);
  };
  return { rootError, setRootError, report };
}

/** The form-level refusal, under the fields. */
export function FormRootError({ message, className = "mt-4" }: { message: string; className?: string }) {
  if (!message) return null;
  return (
    <p className={cn(className, "rounded border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive")} role="alert">
      {message}
    </p>
  );
}
