"use client";

import * as React from "react";
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, ChevronUpIcon } from "lucide-react";
import { cn } from "@/lib/utils";

export type Direction = "up" | "down" | "left" | "right";
const ARROWS: Record<string, Direction> = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
const ICONS = { up: ChevronUpIcon, down: ChevronDownIcon, left: ChevronLeftIcon, right: ChevronRightIcon } as const;
/** Where each direction sits in the 3 × 3 cross. */
const CELLS = { up: "col-start-2 row-start-1", left: "col-start-1 row-start-2", right: "col-start-3 row-start-2", down: "col-start-2 row-start-3" } as const;

/**
 * A direction pad's cross (widgets §2: up, right, down, left around a centre button), shared by the
 * linkage pad and the camera pad. Pointer or keyboard (arrow keys on the cross, Enter / Space on a
 * button) press a direction; letting go, leaving the button or the cross losing focus releases it.
 * What a press does (and its timings) is the pad's.
 */
export function DirectionCross({
  label,
  labels,
  off,
  active,
  press,
  release,
  centre,
}: {
  label: string;
  labels: Record<Direction, string>;
  off: boolean;
  active: Direction | null;
  press: (dir: Direction) => void;
  release: () => void;
  /** The centre button (stream, restore…), placed by the cross. */
  centre: (className: string) => React.ReactNode;
}) {
  const onKeyDown = (e: React.KeyboardEvent) => {
    const dir = ARROWS[e.key];
    if (!dir) return;
    e.preventDefault();
    if (!e.repeat) press(dir);
  };
  const onKeyUp = (e: React.KeyboardEvent) => {
    if (ARROWS[e.key]) release();
  };
  return (
    <div
      role="group"
      aria-label={label}
      aria-disabled={off || undefined}
      inert={off}
      tabIndex={off ? -1 : 0}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      // Focus moving between the pad's own buttons is no let-go.
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && release()}
      className={cn("grid size-44 grid-cols-3 grid-rows-3 place-items-center rounded-full border bg-muted/40 p-2 outline-none focus-visible:ring-2 focus-visible:ring-ring", off && "opacity-50")}
    >
      {(Object.keys(CELLS) as Direction[]).map((dir) => {
        const Icon = ICONS[dir];
        return (
          <button
            key={dir}
            type="button"
            disabled={off}
            aria-label={labels[dir]}
            aria-pressed={active === dir}
            data-dir={dir}
            className={cn(CELLS[dir], "flex size-11 touch-none select-none items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground aria-pressed:bg-primary aria-pressed:text-primary-foreground")}
            onPointerDown={(e) => !(e.button > 0) && press(dir)}
            onPointerUp={release}
            onPointerLeave={release}
            onPointerCancel={release}
            onKeyDown={(e) => {
              if (e.key !== "Enter" && e.key !== " ") return;
              e.preventDefault();
              e.stopPropagation();
              if (!e.repeat) press(dir);
            }}
            onKeyUp={(e) => {
              if (e.key !== "Enter" && e.key !== " ") return;
              e.stopPropagation();
              release();
            }}
          >
            <Icon className="size-6" />
          </button>
        );
      })}
      {centre("col-start-2 row-start-2 flex size-12 items-center justify-center rounded-full border bg-background text-primary shadow-sm hover:bg-accent")}
    </div>
  );
}
