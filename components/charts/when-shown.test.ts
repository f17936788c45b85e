// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { OUT_OF_VIEW_WAIT_MS, whenShown } from "./when-shown";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

class FakeObserver {
  static last: FakeObserver;
  disconnected = false;
  constructor(readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
    FakeObserver.last = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    this.callback([{ isIntersecting }]);
  }
}

describe("whenShown", () => {
  it("starts at once when the browser cannot tell what is in view", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    const start = vi.fn();
    whenShown(document.createElement("div"), start);
    expect(start).toHaveBeenCalledOnce();
  });

  it("starts a chart in view as soon as it is observed, once", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const start = vi.fn();
    whenShown(document.createElement("div"), start);
    expect(start).not.toHaveBeenCalled();
    FakeObserver.last.report(true);
    FakeObserver.last.report(true);
    expect(start).toHaveBeenCalledOnce();
    expect(FakeObserver.last.disconnected).toBe(true);
  });

  it("starts a chart out of view when it is scrolled to, or when the page is idle", () => {
    vi.useFakeTimers();
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    vi.stubGlobal("requestIdleCallback", undefined);
    const scrolled = vi.fn();
    whenShown(document.createElement("div"), scrolled);
    FakeObserver.last.report(false);
    expect(scrolled).not.toHaveBeenCalled();
    FakeObserver.last.report(true);
    expect(scrolled).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(OUT_OF_VIEW_WAIT_MS);
    expect(scrolled).toHaveBeenCalledOnce();

    const idle = vi.fn();
    whenShown(document.createElement("div"), idle);
    FakeObserver.last.report(false);
    vi.advanceTimersByTime(OUT_OF_VIEW_WAIT_MS - 1);
    expect(idle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(idle).toHaveBeenCalledOnce();
  });

  it("a cancelled wait never starts", () => {
    vi.useFakeTimers();
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    vi.stubGlobal("requestIdleCallback", undefined);
    const start = vi.fn();
    const cancel = whenShown(document.createElement("div"), start);
    FakeObserver.last.report(false);
    cancel();
    vi.advanceTimersByTime(OUT_OF_VIEW_WAIT_MS);
    FakeObserver.last.report(true);
    expect(start).not.toHaveBeenCalled();
  });
});
