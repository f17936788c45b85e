"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useSubmitOnce } from "../use-submit-once";

export type DialogActionsProps = {
  onCancel: () => void;
  /** The action: a click of its own (disabled while the promise it returns runs), or (with `form`) the submit of that form by id. */
  onSubmit?: () => unknown;
  form?: string;
  disabled?: boolean;
  /** Labels default to the kit's "Cancel" and "OK". */
  cancelLabel?: string;
  submitLabel?: string;
  submitTestId?: string;
};

/** A dialog's usual footer: cancel, then its one action. */
export function DialogActions({ onCancel, onSubmit, form, disabled, cancelLabel, submitLabel, submitTestId }: DialogActionsProps) {
  const t = useTranslations("kit.actions");
  const [busy, run] = useSubmitOnce(onSubmit);
  return (
    <>
      <Button size="sm" variant="outline" onClick={onCancel}>
        {cancelLabel ?? t("cancel")}
      </Button>
      <Button size="sm" type={form ? "submit" : "button"} form={form} onClick={onSubmit ? () => void run() : undefined} disabled={disabled || busy} aria-busy={busy || undefined} data-testid={submitTestId}>
        {submitLabel ?? t("submit")}
      </Button>
    </>
  );
}
