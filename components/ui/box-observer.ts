"use client";

import { useLayoutEffect, useRef } from "react";
import { flushSync } from "react-dom";

/**
 * Calls `read(el)` with `ref`'s element whenever its box (and, with `withChild`, its first child's)
 * changes size, the first time included — from a ResizeObserver, whose callbacks run after the
 * browser's own layout and before its paint: reading sizes there forces no layout of its own (a
 * layout effect's reading did, inside the task that hydrates the page: issue 41, blocking time),
 * and the state `read` sets renders before that paint (`flushSync`), so nothing flashes at a
 * wrong size.
 */
export function useBoxObserver(ref: React.RefObject<HTMLElement | null>, read: (el: HTMLElement) => void, withChild = false) {
  const readRef = useRef(read);
  useLayoutEffect(() => {
    readRef.current = read;
  });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => flushSync(() => readRef.current(el)));
    observer.observe(el);
    if (withChild && el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref, withChild]);
}
