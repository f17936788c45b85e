"use client";

import { cn } from "@/lib/utils";
import { useToggle, type ToggleProps } from "./toggle-button";

/** A switch: a button with the switch role, as radix's, without its hidden form input (every use is controlled). */
export function Switch({ className, ...props }: ToggleProps<boolean>) {
  const { state, button } = useToggle("switch", props);
  return (
    <button
      data-slot="switch"
      className={cn(
        "peer inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input",
        className,
      )}
      {...button}
    >
      <span
        data-state={state}
        className="pointer-events-none block size-4 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0.5"
      />
    </button>
  );
}
