"use client";

import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Deferred } from "@/lib/deferred";

export { deferred, type Deferred } from "@/lib/deferred";

const noValue = () => null;
const noSubscription = () => () => {};

/**
 * The part once loaded, null before (and during hydration, as on the server). A part that arrives
 * while the component is shown renders in a transition: React renders it in slices and yields
 * between them, so a part arriving (a table's model, a virtualiser, a menu around every tab) adds
 * no long task to the page's start (issue 41, blocking time). A store subscription would force a
 * blocking render: the store is read only for the value at mount, so hydration still agrees.
 */
export function usePart<T>(part: Deferred<T>): T | null {
  const atMount = useSyncExternalStore(noSubscription, part.current, noValue);
  const [arrived, setArrived] = useState<T | null>(null);
  useEffect(() => part.subscribe(() => startTransition(() => setArrived(() => part.current()))), [part]);
  return arrived ?? atMount;
}

const inBrowser = () => true;
const notInBrowser = () => false;

/** False on the server and while the page hydrates, true after (and at once on a later mount): a part shown in the browser only. */
export const useInBrowser = () => useSyncExternalStore(noSubscription, inBrowser, notInBrowser);

/**
 * `usePart`, asking for the part when the browser is idle — once `wanted`, for a part only some
 * renders need (a long table's virtualiser).
 */
export function useDeferred<T>(part: Deferred<T>, wanted = true): T | null {
  const value = usePart(part);
  useEffect(() => {
    if (!wanted || part.current()) return;
    const load = () => void part.load().catch(() => {});
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(load, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(load, 200);
    return () => clearTimeout(id);
  }, [part, wanted]);
  return value;
}

/**
 * A popup whose part is deferred: its open state, and the props of its trigger before the part has
 * loaded — announced as a popup, a click opens it as soon as the part arrives (or leaves it closed
 * when the part cannot be fetched).
 */
export function useDeferredPopup<T>(part: Deferred<T>, haspopup: "menu" | "dialog" | "listbox" = "menu") {
  const Part = useDeferred(part);
  const [open, setOpen] = useState(false);
  const triggerProps = Part
    ? {}
    : {
        "aria-haspopup": haspopup,
        "aria-expanded": false,
        onClick: () => {
          setOpen(true);
          part.load().catch(() => setOpen(false));
        },
      };
  return { Part, open, setOpen, triggerProps };
}

/**
 * Context menus whose part is deferred: `targetProps(key)` goes on each target. A right-click
 * before the part has loaded keeps the browser's own menu shut, asks for the part and, once it
 * arrives, right-clicks the same target again at the same point, so the menu opens where it was
 * asked for (the target is found by its key: it is a new element inside the loaded menu's trigger).
 */
export function useDeferredContextMenu<T>(part: Deferred<T>) {
  const Part = useDeferred(part);
  const asked = useRef<{ key: string; x: number; y: number } | null>(null);
  useEffect(() => {
    const click = asked.current;
    if (!Part || !click) return;
    asked.current = null;
    const target = [...document.querySelectorAll<HTMLElement>("[data-context-menu]")].find((el) => el.dataset.contextMenu === click.key);
    target?.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true, cancelable: true, clientX: click.x, clientY: click.y }));
  }, [Part]);
  const targetProps = (key: string) =>
    Part
      ? { "data-context-menu": key }
      : {
          "data-context-menu": key,
          onContextMenu: (e: React.MouseEvent) => {
            e.preventDefault();
            asked.current = { key, x: e.clientX, y: e.clientY };
            part.load().catch(() => (asked.current = null));
          },
        };
  return { Part, targetProps };
}
