"use client";

import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

/** A popover field's search box and choices around its trigger: loaded after the page (`PopoverField`). */
export function PopoverFieldPopup({
  trigger,
  open,
  onOpenChange,
  keyword,
  onKeyword,
  onSearchKeyDown,
  search,
  contentClassName,
  children,
}: {
  trigger: React.ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  keyword: string;
  onKeyword: (keyword: string) => void;
  onSearchKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => void;
  search: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent className={cn("p-2", contentClassName)} align="start">
        <Input
          className="mb-2 h-8"
          value={keyword}
          onChange={(e) => onKeyword(e.target.value)}
          onKeyDown={onSearchKeyDown}
          placeholder={search}
          aria-label={search}
        />
        {children}
      </PopoverContent>
    </Popover>
  );
}
