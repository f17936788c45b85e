"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";

/** What a contact shows in the pickers (the group's contacts, a rule's recipients): keys of `alarm.picker.columns`. */
export const CONTACT_COLUMNS = ["linkName", "phone", "email"] as const;

/**
 * A form field whose value is chosen in a picker dialog: the chosen items as chips (or what none
 * means), then the button that opens the picker.
 */
export function ChosenField({ id, disabled, testId, none, choose, chips, picker }: {
  id: string;
  disabled?: boolean;
  testId: string;
  none: string;
  choose: string;
  chips: React.ReactNode[];
  picker: (open: boolean, setOpen: (open: boolean) => void) => React.ReactNode;
}) {
  const [open, setOpen] = React.useState(false);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-1.5" data-testid={testId}>
        {chips.length ? chips : <span className="text-sm text-muted-foreground">{none}</span>}
      </div>
      <Button id={id} type="button" variant="outline" size="sm" className="self-start" disabled={disabled} onClick={() => setOpen(true)}>
        {choose}
      </Button>
      {picker(open, setOpen)}
    </div>
  );
}
