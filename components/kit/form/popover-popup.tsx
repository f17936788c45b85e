"use client";

import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

/**
 * A field's popover around its trigger, loaded after the page: the fields keep their plain trigger
 * until then (`deferred` + `useDeferredPopup`), so radix's popover and popper stay out of first loads.
 */
export function PopoverPopup({ trigger, open, onOpenChange, className, children }: { trigger: React.ReactElement; open: boolean; onOpenChange: (open: boolean) => void; className?: string; children: React.ReactNode }) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent className={className}>{children}</PopoverContent>
    </Popover>
  );
}
