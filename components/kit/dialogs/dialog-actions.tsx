"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

export type DialogActionsProps = {
  onCancel: () => void;
  /** The action: a click of its own, or (with `form`) the submit of that form by id. */
  onSubmit?: () => void;
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
  return (
    <>
      <Button size="sm" variant="outline" onClick={onCancel}>
        {cancelLabel ?? t("cancel")}
      </Button>
      <Button size="sm" type={form ? "submit" : "button"} form={form} onClick={onSubmit} disabled={disabled} data-testid={submitTestId}>
        {submitLabel ?? t("submit")}
      </Button>
    </>
  );
}
