"use client";

import dynamic from "next/dynamic";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import type { DictOption } from "../dict/use-dict";

/** Its list (cmdk) renders only while open: not even loaded with the popover. */
const MultiSelectList = dynamic(() => import("./multi-select-list").then((m) => m.MultiSelectList), { ssr: false });

/** The multiple select's popover around its trigger: loaded after the page (`MultiSelectField`). */
export function MultiSelectPopup({
  trigger,
  open,
  onOpenChange,
  options,
  isOn,
  onToggle,
}: {
  trigger: React.ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  options: readonly DictOption[];
  isOn: (o: DictOption) => boolean;
  onToggle: (o: DictOption) => void;
}) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-48 p-0">
        <MultiSelectList options={options} isOn={isOn} onToggle={onToggle} />
      </PopoverContent>
    </Popover>
  );
}
