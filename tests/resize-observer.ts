import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * A ResizeObserver for jsdom (which lays nothing out): it keeps the browser's first notification of
 * each observed box until the test lays the page out (`layOut`), as a browser delivers it after its
 * layout. `observed` lists the elements in the order observed.
 */
export function stubResizeObserver() {
  const notices: (() => void)[] = [];
  const observed: Element[] = [];
  vi.stubGlobal(
    "ResizeObserver",
    class {
      notify: () => void;
      constructor(callback: () => void) {
        this.notify = callback;
      }
      observe(el: Element) {
        observed.push(el);
        notices.push(this.notify);
      }
      unobserve() {}
      disconnect() {}
    },
  );
  return { observed, layOut: () => act(() => notices.splice(0).forEach((notify) => notify())) };
}
