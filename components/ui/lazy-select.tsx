"use client";

import { ChevronDownIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { deferred, useDeferredPopup } from "./deferred";
import { selectTriggerClass } from "./select-trigger-class";

export type LazySelectProps = {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly { value: string; label: React.ReactNode }[];
  placeholder?: React.ReactNode;
  disabled?: boolean;
  name?: string;
  trigger?: { id?: string; className?: string; "aria-invalid"?: boolean; "aria-label"?: string };
};

// The list (radix select, popper) is closed at first paint: it loads when the browser is idle or on the first click.
const selectPopup = deferred(() => import("./select-popup").then((m) => m.SelectPopup));

/**
 * A single select whose radix part loads after the page: until then its trigger is a plain
 * combobox button showing the same value (or placeholder), and a click opens the list once loaded.
 */
export function LazySelect(props: LazySelectProps) {
  const { Part: Popup, open, setOpen, triggerProps } = useDeferredPopup(selectPopup, "listbox");
  if (Popup) return <Popup {...props} open={open} onOpenChange={setOpen} />;
  const { value, options, placeholder, disabled, trigger = {} } = props;
  const current = options.find((o) => o.value === value);
  return (
    <button
      type="button"
      role="combobox"
      id={trigger.id}
      aria-label={trigger["aria-label"]}
      aria-invalid={trigger["aria-invalid"]}
      disabled={disabled}
      data-placeholder={current ? undefined : ""}
      className={cn(selectTriggerClass, trigger.className)}
      {...triggerProps}
    >
      <span style={{ pointerEvents: "none" }}>{current ? current.label : placeholder}</span>
      <ChevronDownIcon className="size-4 shrink-0 opacity-50" aria-hidden="true" />
    </button>
  );
}
