"use client";

import * as React from "react";

/** An element's layout size as it resizes (0 × 0 until measured): plans and canvases scaled to their box. */
export function useElementSize<T extends HTMLElement>(): [React.RefCallback<T>, { width: number; height: number }] {
  const [size, setSize] = React.useState({ width: 0, height: 0 });
  const observer = React.useRef<ResizeObserver | null>(null);
  const ref = React.useCallback((el: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setSize({ width: el.clientWidth, height: el.clientHeight });
    observer.current = new ResizeObserver(([entry]) => setSize({ width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) }));
    observer.current.observe(el);
  }, []);
  return [ref, size];
}
