"use client";

import { CheckIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { cn } from "@/lib/utils";
import type { DictOption } from "../dict/use-dict";

/** The open multiple select's searchable list (cmdk): loaded when a multiple select first opens. */
export function MultiSelectList({ options, isOn, onToggle }: { options: readonly DictOption[]; isOn: (o: DictOption) => boolean; onToggle: (o: DictOption) => void }) {
  const t = useTranslations("kit");
  return (
    <Command>
      {options.length > 8 && <CommandInput placeholder={t("search.keyword")} />}
      <CommandList>
        <CommandEmpty>{t("table.empty")}</CommandEmpty>
        <CommandGroup>
          {options.map((o) => (
            <CommandItem key={String(o.value)} value={`${o.label} ${o.value}`} onSelect={() => onToggle(o)}>
              <CheckIcon className={cn("text-primary", isOn(o) ? "opacity-100" : "opacity-0")} />
              {o.label}
            </CommandItem>
          ))}
        </CommandGroup>
      </CommandList>
    </Command>
  );
}
