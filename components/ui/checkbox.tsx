"use client";

import { CheckIcon, MinusIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { useToggle, type ToggleProps } from "./toggle-button";

/**
 * A checkbox: a button with the checkbox role, as radix's, without its hidden form input and
 * presence machinery — every use is controlled (row selection, react-hook-form), and it sits in
 * every list's first load. Space toggles; Enter does not (WAI-ARIA).
 */
export function Checkbox({ className, ...props }: ToggleProps<boolean | "indeterminate">) {
  const { state, button } = useToggle("checkbox", props);
  return (
    <button
      data-slot="checkbox"
      className={cn(
        "peer size-4 shrink-0 rounded-[3px] border border-input bg-background outline-none focus-visible:ring-2 focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground",
        className,
      )}
      {...button}
    >
      {state !== "unchecked" && (
        <span data-state={state} className="flex items-center justify-center">
          {state === "indeterminate" ? <MinusIcon className="size-3" /> : <CheckIcon className="size-3" />}
        </span>
      )}
    </button>
  );
}
