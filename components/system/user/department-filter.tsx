"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { ChevronDownIcon, ChevronRightIcon, SearchIcon } from "lucide-react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import type { DepartmentNode } from "@/lib/contract/system/department";
import { filterTree } from "@/lib/tree";
import { useDepartments } from "../department/use-departments";

/** Clicks and typing settle for this long before the list reloads. */
export const FILTER_DEBOUNCE_MS = 300;

/**
 * The department tree left of the user list: choosing a department shows its users and those
 * below it; choosing it again shows everyone. Debounced so quick clicks load the list once.
 */
export function DepartmentFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const t = useTranslations("system.user");
  const { nodes } = useDepartments();
  const [keyword, setKeyword] = React.useState("");
  const [shownKeyword, setShownKeyword] = React.useState("");
  const [picked, setPicked] = React.useState<number | null>(value);
  const [closed, setClosed] = React.useState<Set<number>>(new Set());
  React.useEffect(() => setPicked(value), [value]);

  React.useEffect(() => {
    const timer = setTimeout(() => setShownKeyword(keyword.trim().toLowerCase()), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);
  // The list's callbacks change every render: keep the latest without restarting the timer.
  const onChangeRef = React.useRef(onChange);
  onChangeRef.current = onChange;
  React.useEffect(() => {
    if (picked === value) return;
    const timer = setTimeout(() => onChangeRef.current(picked), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [picked, value]);

  const shown = React.useMemo(() => (shownKeyword ? filterTree(nodes, (n) => n.departmentName.toLowerCase().includes(shownKeyword)) : nodes), [nodes, shownKeyword]);

  const render = (list: readonly DepartmentNode[], depth: number): React.ReactNode =>
    list.map((n) => {
      const folded = !shownKeyword && closed.has(n.id);
      return (
        <li key={n.id} role="treeitem" aria-selected={picked === n.id}>
          <div className="flex items-center gap-0.5" style={{ paddingLeft: depth * 14 }}>
            <button
              type="button"
              tabIndex={-1}
              aria-label={n.departmentName}
              className={cn("flex size-5 items-center justify-center text-muted-foreground", !n.childrens.length && "invisible")}
              onClick={() => setClosed((s) => (s.delete(n.id) ? new Set(s) : new Set(s).add(n.id)))}
            >
              {folded ? <ChevronRightIcon className="size-4" /> : <ChevronDownIcon className="size-4" />}
            </button>
            <button
              type="button"
              data-testid={`dept-filter-${n.id}`}
              className={cn("flex-1 truncate rounded px-1.5 py-1 text-left text-sm hover:bg-accent", picked === n.id && "bg-primary-light-9 font-medium text-primary")}
              onClick={() => setPicked(picked === n.id ? null : n.id)}
            >
              {n.departmentName}
            </button>
          </div>
          {n.childrens.length > 0 && !folded && <ul role="group">{render(n.childrens, depth + 1)}</ul>}
        </li>
      );
    });

  return (
    <div className="flex w-60 flex-col gap-2 rounded-md border bg-card p-3" data-testid="department-filter">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input className="h-8 pl-8" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t("departmentSearch")} aria-label={t("departmentSearch")} />
      </div>
      <ul role="tree" aria-label={t("fields.departmentId")} className="max-h-[calc(100vh-260px)] overflow-auto">
        {shown.length ? render(shown, 0) : <li className="py-6 text-center text-sm text-muted-foreground">{t("noDepartment")}</li>}
      </ul>
    </div>
  );
}
