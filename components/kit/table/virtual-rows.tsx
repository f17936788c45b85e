"use client";

import type * as React from "react";
import { useVirtualizer } from "@tanstack/react-virtual";

/**
 * The rows of a long table (more than `VIRTUAL_THRESHOLD`) as a window of the scroll box's height
 * with spacer rows above and below. Loaded when a table first gets that many rows: most pages
 * never do, so the virtualiser stays out of their first load.
 */
export default function VirtualRows<R>({ rows, scrollRef, height, rowHeight, render }: {
  rows: R[];
  scrollRef: React.RefObject<HTMLDivElement | null>;
  height: number;
  rowHeight: number;
  render: (row: R) => React.ReactNode;
}) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    // Before the first measurement render a window of the body's height.
    initialRect: { width: 0, height },
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length ? items[0].start : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <>
      {padTop > 0 && <tr style={{ height: padTop }} aria-hidden />}
      {items.map((i) => render(rows[i.index]))}
      {padBottom > 0 && <tr style={{ height: padBottom }} aria-hidden />}
    </>
  );
}
