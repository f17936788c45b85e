import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * A ResizeObserver for jsdom (which lays nothing out): it keeps the browser's first notification of
 * each observed box until the test lays the page out (`layOut`), as a browser delivers it after its
 * layout. `observed` lists the elements in the order observed; `resized` reports a later change of a
 * box's size to its observer.
 */
export function stubResizeObserver() {
  const notices: (() => void)[] = [];
  const observed: Element[] = [];
  const observers = new Map<Element, () => void>();
  vi.stubGlobal(
    "ResizeObserver",
    class {
      notify: () => void;
      constructor(callback: () => void) {
        this.notify = callback;
      }
      observe(el: Element) {
        observed.push(el);
        observers.set(el, this.notify);
        notices.push(this.notify);
      }
      unobserve() {}
      disconnect() {}
    },
  );
  return {
    observed,
    layOut: () => act(() => notices.splice(0).forEach((notify) => notify())),
    resized: (el: Element) => act(() => observers.get(el)?.()),
  };
}
