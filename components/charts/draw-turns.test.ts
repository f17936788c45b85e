// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { inTurn, OUT_OF_VIEW_WAIT_MS, whenShown } from "./draw-turns";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("inTurn", () => {
  it("runs each step in a task of its own, in the order asked, never in the caller's task", async () => {
    const tasks: (() => void)[] = [];
    vi.stubGlobal("setTimeout", (fn: () => void) => tasks.push(fn));
    const settle = () => new Promise((r) => setImmediate(r));
    const ran: string[] = [];
    const a = inTurn(() => ran.push("a"));
    const b = inTurn(() => ran.push("b"));
    await settle();
    expect(ran).toEqual([]);
    // One task runs one step: b's task is asked for once a's is done.
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    await settle();
    expect(ran).toEqual(["a"]);
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    await Promise.all([a, b]);
    expect(ran).toEqual(["a", "b"]);
  });

  it("a failing step rejects its own promise and the next step still runs", async () => {
    const failed = inTurn(() => {
      throw new Error("boom");
    });
    const next = vi.fn();
    const after = inTurn(next);
    await expect(failed).rejects.toThrow("boom");
    await after;
    expect(next).toHaveBeenCalledOnce();
  });
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
