"use client";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";
import type { LazySelectProps } from "./lazy-select";

/** The radix select of a `LazySelect`, loaded after the page. */
export function SelectPopup({ value, onValueChange, options, placeholder, disabled, name, trigger, open, onOpenChange }: LazySelectProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled} name={name} open={open} onOpenChange={onOpenChange}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
