"use client";

import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import { ChevronDownIcon, ChevronRightIcon } from "lucide-react";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/lib/utils";

/**
 * A menu tree with tri-state checkboxes (role permissions, tenant menu authorisation): ticking a
 * node ticks everything below it; a parent with some ticked descendants is half-checked. The
 * saved list is the checked nodes plus their half-checked parents, as the cloud expects.
 *
 *   <MenuTreeCheck nodes={tree} value={menuIds} onChange={setMenuIds} />
 *
 * A kit candidate: nothing in it is specific to roles.
 */
export type CheckNode = { id: number; name: string; nameEn?: string | null; type?: string; childrens?: CheckNode[] | null };
export type CheckState = "checked" | "indeterminate" | "unchecked";

const kidsOf = (n: CheckNode) => n.childrens ?? [];

/** Leaf ids under a node (the node itself when it is a leaf). */
export function leavesOf(n: CheckNode): number[] {
  const kids = kidsOf(n);
  return kids.length ? kids.flatMap(leavesOf) : [n.id];
}

/**
 * The ticked leaves of a saved list. A saved parent whose leaves are only partly saved was
 * half-checked, so only leaves count; a leaf is ticked when saved.
 */
export function leavesFromSaved(nodes: readonly CheckNode[], saved: Iterable<number>): Set<number> {
  const set = new Set(saved);
  return new Set(nodes.flatMap(leavesOf).filter((id) => set.has(id)));
}

export function stateOf(n: CheckNode, ticked: ReadonlySet<number>): CheckState {
  const leaves = leavesOf(n);
  const on = leaves.filter((id) => ticked.has(id)).length;
  return on === 0 ? "unchecked" : on === leaves.length ? "checked" : "indeterminate";
}

/** Ticks or unticks a node and everything below it. */
export function toggleNode(n: CheckNode, ticked: ReadonlySet<number>, on: boolean): Set<number> {
  const next = new Set(ticked);
  for (const id of leavesOf(n)) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** What is saved: every checked or half-checked node, in tree order. */
export function savedIds(nodes: readonly CheckNode[], ticked: ReadonlySet<number>): number[] {
  return nodes.flatMap((n) => (stateOf(n, ticked) === "unchecked" ? [] : [n.id, ...savedIds(kidsOf(n), ticked)]));
}

export function allLeaves(nodes: readonly CheckNode[]): number[] {
  return nodes.flatMap(leavesOf);
}

type Props = {
  nodes: readonly CheckNode[];
  /** Saved ids (checked + half-checked). */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
};

export function MenuTreeCheck({ nodes, value, onChange, disabled }: Props) {
  const t = useTranslations("system.menuTree");
  const locale = useLocale();
  const ticked = React.useMemo(() => leavesFromSaved(nodes, value), [nodes, value]);
  const [closed, setClosed] = React.useState<Set<number>>(new Set());
  const set = (next: Set<number>) => onChange(savedIds(nodes, next));
  const name = (n: CheckNode) => (locale === "en" && n.nameEn ? n.nameEn : n.name);
  const total = allLeaves(nodes).length;

  const render = (list: readonly CheckNode[], depth: number): React.ReactNode =>
    list.map((n) => {
      const kids = kidsOf(n);
      const state = stateOf(n, ticked);
      const folded = closed.has(n.id);
      // Buttons of one page sit on one line under it, as they read: Add, Edit, Delete.
      const inline = kids.length > 0 && kids.every((k) => k.type === "button" && !kidsOf(k).length);
      const box = (node: CheckNode, s: CheckState) => (
        <Checkbox
          id={`menu-check-${node.id}`}
          checked={s === "checked" ? true : s === "indeterminate" ? "indeterminate" : false}
          disabled={disabled}
          onCheckedChange={() => set(toggleNode(node, ticked, s !== "checked"))}
          data-state-tri={s}
        />
      );
      return (
        <li key={n.id} role="treeitem" aria-expanded={kids.length ? !folded : undefined} aria-checked={state === "checked" ? true : state === "indeterminate" ? "mixed" : false}>
          <div className="flex items-center gap-1.5 rounded py-1 hover:bg-accent/50" style={{ paddingLeft: depth * 20 }}>
            <button
              type="button"
              tabIndex={-1}
              aria-label={folded ? t("expand") : t("collapse")}
              className={cn("flex size-5 items-center justify-center text-muted-foreground", !kids.length && "invisible")}
              onClick={() => setClosed((s) => (s.delete(n.id) ? new Set(s) : new Set(s).add(n.id)))}
            >
              {folded ? <ChevronRightIcon className="size-4" /> : <ChevronDownIcon className="size-4" />}
            </button>
            {box(n, state)}
            <label htmlFor={`menu-check-${n.id}`} className="cursor-pointer text-sm">
              {name(n)}
            </label>
          </div>
          {kids.length > 0 && !folded &&
            (inline ? (
              <div className="flex flex-wrap gap-x-4 gap-y-1 py-1" style={{ paddingLeft: (depth + 1) * 20 + 26 }}>
                {kids.map((k) => (
                  <span key={k.id} className="flex items-center gap-1.5">
                    {box(k, stateOf(k, ticked))}
                    <label htmlFor={`menu-check-${k.id}`} className="cursor-pointer text-sm text-muted-foreground">
                      {name(k)}
                    </label>
                  </span>
                ))}
              </div>
            ) : (
              <ul role="group">{render(kids, depth + 1)}</ul>
            ))}
        </li>
      );
    });

  return (
    <div className="flex flex-col gap-2" data-testid="menu-tree-check">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-muted-foreground">{t("selected", { n: ticked.size, total })}</span>
        {!disabled && (
          <>
            <button type="button" className="text-primary hover:underline" onClick={() => set(new Set(allLeaves(nodes)))}>
              {t("checkAll")}
            </button>
            <button type="button" className="text-primary hover:underline" onClick={() => set(new Set())}>
              {t("uncheckAll")}
            </button>
          </>
        )}
        <button type="button" className="text-primary hover:underline" onClick={() => setClosed(new Set())}>
          {t("expandAll")}
        </button>
        <button type="button" className="text-primary hover:underline" onClick={() => setClosed(new Set(nodes.flatMap(function ids(n: CheckNode): number[] { return kidsOf(n).length ? [n.id, ...kidsOf(n).flatMap(ids)] : []; })))}>
          {t("collapseAll")}
        </button>
      </div>
      <ul role="tree" className="rounded-md border p-2">
        {nodes.length ? render(nodes, 0) : <li className="py-6 text-center text-sm text-muted-foreground">{t("empty")}</li>}
      </ul>
    </div>
  );
}
