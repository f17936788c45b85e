"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import type { CustomFieldProps } from "@/components/kit";
import { Button } from "@/components/ui/button";

/** What a contact shows in the pickers (the group's contacts, a rule's recipients): keys of `alarm.picker.columns`. */
export const CONTACT_COLUMNS = ["linkName", "phone", "email"] as const;

/**
 * A form field whose value is chosen in a picker dialog: the chosen items as chips (or what none
 * means), then the button that opens the picker. Takes the custom field's props as they come.
 */
export function ChosenField({ id, disabled, testId, texts, chips, picker }: Pick<CustomFieldProps, "id" | "disabled"> & {
  testId: string;
  /** Where under `alarm` the field's `none` and `choose` texts are. */
  texts: "group.contacts" | "rule.recipients";
  chips: React.ReactNode[];
  /** The picker dialog, given its open state. */
  picker: (props: { open: boolean; onOpenChange: (open: boolean) => void }) => React.ReactNode;
}) {
  const t = useTranslations("alarm");
  const [open, setOpen] = React.useState(false);
  const chosenId = React.useId();
  const choose = t(`${texts}.choose`);
  return (
    <div className="flex flex-col gap-2">
      <div id={chosenId} className="flex flex-wrap gap-1.5" data-testid={testId}>
        {chips.length ? chips : <span className="text-sm text-muted-foreground">{t(`${texts}.none`)}</span>}
      </div>
      {/* The form's label still points here (a click on it focuses the button), but the button is named by
          what it does, and described by what is chosen. */}
      <Button id={id} type="button" variant="outline" size="sm" className="self-start" disabled={disabled} aria-label={choose} aria-describedby={chosenId} onClick={() => setOpen(true)}>
        {choose}
      </Button>
      {picker({ open, onOpenChange: setOpen })}
    </div>
  );
}
