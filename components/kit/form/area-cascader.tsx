"use client";

import * as React from "react";
import { ChevronRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { deferred, useDeferredPopup } from "@/components/ui/deferred";
import { cn } from "@/lib/utils";
import { FieldClear, FieldTrigger } from "./field-trigger";
import type { AreaNode } from "@/lib/contract/system/area";
import { areaPath, joinAreaNames, useAreaTree } from "./area-tree";

// The popover (radix, popper) is closed at first paint: it loads when the browser is idle or on the first click.
const popoverPopup = deferred(() => import("./popover-popup").then((m) => m.PopoverPopup));

/** Province / city / district cascader; the value is the code of the node chosen last (a leaf). */
export function AreaCascader({
  value,
  onChange,
  disabled,
  invalid,
  id,
  placeholder,
}: {
  value: string | null | undefined;
  onChange: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  placeholder?: string;
}) {
  const t = useTranslations("kit");
  const tree = useAreaTree();
  const selected = React.useMemo(() => areaPath(tree, value), [tree, value]);
  const { Part: Popup, open, setOpen, triggerProps } = useDeferredPopup(popoverPopup, "dialog");
  const [trail, setTrail] = React.useState<AreaNode[]>([]);
  React.useEffect(() => {
    if (open) setTrail(selected.slice(0, -1));
  }, [open, selected]);
  const columns: AreaNode[][] = [tree ?? [], ...trail.map((n) => n.childrens ?? [])];
  const pick = (level: number, n: AreaNode) => {
    if (n.childrens?.length) setTrail([...trail.slice(0, level), n]);
    else {
      onChange(n.code);
      setOpen(false);
    }
  };
  const trigger = (
    <FieldTrigger
      id={id}
      disabled={disabled}
      invalid={invalid}
      data-testid="area-cascader"
      empty={!selected.length}
      shown={selected.length ? joinAreaNames(selected) : (placeholder ?? t("area.placeholder"))}
      {...triggerProps}
    />
  );
  return (
    <div className="group relative">
      {Popup ? (
        <Popup trigger={trigger} open={open} onOpenChange={setOpen} className="flex w-auto max-w-[calc(100vw-2rem)] p-0">
          {columns.map((nodes, level) => (
            <ul key={level} className="max-h-64 w-40 overflow-y-auto border-r py-1 last:border-r-0" role="listbox">
              {nodes.map((n) => {
                const active = trail[level]?.code === n.code || selected[level]?.code === n.code;
                return (
                  <li key={n.code}>
                    <button
                      type="button"
                      role="option"
                      aria-selected={active}
                      className={cn("flex w-full items-center justify-between px-3 py-1.5 text-left text-sm hover:bg-accent", active && "font-medium text-primary")}
                      onClick={() => pick(level, n)}
                    >
                      <span className="truncate">{n.name}</span>
                      {n.childrens?.length ? <ChevronRightIcon className="size-3.5 shrink-0 opacity-60" /> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          ))}
        </Popup>
      ) : (
        trigger
      )}
      {value && !disabled && <FieldClear onClear={() => onChange("")} />}
    </div>
  );
}
