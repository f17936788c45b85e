// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { CAMERA_CLICK_DEBOUNCE_MS, CAMERA_REPEAT_MS, type CameraLiveMessage } from "@/lib/contract/video/video";
import { CameraPad } from "./camera-pad";

/** The page's live channel as the pad sees it: open or not, and what it sent. */
const ch = vi.hoisted(() => {
  const watchers = new Set<() => void>();
  return {
    state: "open" as string,
    sent: [] as Omit<CameraLiveMessage, "type">[],
    watch: (fn: () => void) => (watchers.add(fn), () => void watchers.delete(fn)),
    set(state: string) {
      this.state = state;
      for (const w of watchers) w();
    },
  };
});
vi.mock("@/lib/live/live-channel", () => {
  const channel = {
    get state() {
      return ch.state;
    },
    watch: ch.watch,
    subscribe: () => () => {},
    isLive: () => false,
    onCamera: () => () => {},
    sendCamera: (m: Omit<CameraLiveMessage, "type">) => (ch.state === "open" ? (ch.sent.push(m), true) : false),
  };
  return { liveChannel: () => channel };
});

beforeEach(() => {
  vi.useFakeTimers();
  ch.sent.length = 0;
  ch.state = "open";
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const mount = () => renderIntl(<CameraPad deviceId={7} />, { timeZone: "Asia/Shanghai" });
const ops = () => ch.sent.map((m) => `${m.op}:${m.axis ?? ""}:${m.dir ?? ""}`);

describe("CameraPad", () => {
  it("holds: a move past the click's 250 ms, again every 500 ms, and a stop on release", async () => {
    mount();
    const up = screen.getByRole("button", { name: "Up" });
    fireEvent.pointerDown(up, { button: 0 });
    await act(() => vi.advanceTimersByTimeAsync(CAMERA_CLICK_DEBOUNCE_MS - 1));
    expect(ops()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1 + CAMERA_REPEAT_MS * 2));
    expect(ops()).toEqual(["move:vertical:1", "move:vertical:1", "move:vertical:1"]);
    fireEvent.pointerUp(up);
    await act(() => vi.advanceTimersByTimeAsync(CAMERA_REPEAT_MS * 3));
    expect(ops()).toEqual(["move:vertical:1", "move:vertical:1", "move:vertical:1", "stop:vertical:"]);
  });

  it("clicks: one step of 10 per short press, one per 250 ms", async () => {
    mount();
    const left = screen.getByRole("button", { name: "Left" });
    fireEvent.pointerDown(left, { button: 0 });
    fireEvent.pointerUp(left);
    fireEvent.pointerDown(left, { button: 0 });
    fireEvent.pointerUp(left);
    await act(() => vi.advanceTimersByTimeAsync(CAMERA_CLICK_DEBOUNCE_MS));
    fireEvent.pointerDown(left, { button: 0 });
    fireEvent.pointerUp(left);
    expect(ops()).toEqual(["step:horizontal:-1", "step:horizontal:-1"]);
  });

  it("lets go on blur, on a hidden page and when the socket closes (and is inert while closed)", async () => {
    mount();
    const right = screen.getByRole("button", { name: "Right" });
    fireEvent.pointerDown(right, { button: 0 });
    await act(() => vi.advanceTimersByTimeAsync(CAMERA_CLICK_DEBOUNCE_MS));
    act(() => void window.dispatchEvent(new Event("blur")));
    expect(ops()).toEqual(["move:horizontal:1", "stop:horizontal:"]);

    fireEvent.pointerDown(right, { button: 0 });
    await act(() => vi.advanceTimersByTimeAsync(CAMERA_CLICK_DEBOUNCE_MS));
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    expect(ops().slice(2)).toEqual(["move:horizontal:1", "stop:horizontal:"]);

    const keys = screen.getByRole("group", { name: "Camera pad" });
    fireEvent.keyDown(keys, { key: "ArrowDown" });
    await act(() => vi.advanceTimersByTimeAsync(CAMERA_CLICK_DEBOUNCE_MS + CAMERA_REPEAT_MS));
    act(() => ch.set("closed"));
    await act(() => vi.advanceTimersByTimeAsync(CAMERA_REPEAT_MS * 3));
    // The stop could not go (the console stops the camera itself); nothing is queued or repeated.
    expect(ops().slice(4)).toEqual(["move:vertical:-1", "move:vertical:-1"]);
    expect(screen.getByTestId("video-camera-pad").dataset.disabled).toBe("true");
  });
});
