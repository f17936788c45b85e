// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { PAD_REPEAT_MS } from "@/lib/contract/linkage/pad";
import { LinkagePad, type PadDisabled } from "./linkage-pad";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

let answer: (body: { controlType: string; controlValue: string }) => unknown;

beforeEach(() => {
  vi.useFakeTimers();
  answer = () => null;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => Response.json({ code: 200, msg: "ok", data: answer(JSON.parse(String(init.body))), success: true })),
  );
});

const mount = (disabled: PadDisabled = null) =>
  renderIntl(<LinkagePad deviceId={7} disabled={disabled} />, { timeZone: "Asia/Shanghai" });
/** The bodies sent, as `type:value`. */
const sent = () => vi.mocked(fetch).mock.calls.map(([url, init]) => {
  expect(String(url)).toContain("device/linkage/operate");
  const b = JSON.parse(String((init as RequestInit).body));
  expect(b.deviceId).toBe(7);
  return `${b.controlType}:${b.controlValue}`;
});

describe("LinkagePad", () => {
  it("sends '0' on press and again every 100 ms while held, '1' once on release, then nothing", async () => {
    answer = (b) => (b.controlValue === "1" ? JSON.stringify({ deviceId: 7, pan: 3, tilt: 0 }) : null);
    mount();
    const up = screen.getByRole("button", { name: "Up" });
    fireEvent.pointerDown(up, { button: 0 });
    expect(sent()).toEqual(["up:0"]);
    await act(() => vi.advanceTimersByTimeAsync(PAD_REPEAT_MS * 3));
    expect(sent()).toEqual(["up:0", "up:0", "up:0", "up:0"]);
    expect(up.getAttribute("aria-pressed")).toBe("true");
    fireEvent.pointerUp(up);
    await act(() => vi.advanceTimersByTimeAsync(PAD_REPEAT_MS * 5));
    expect(sent()).toEqual(["up:0", "up:0", "up:0", "up:0", "up:1"]);
    expect(screen.getByTestId("pad-position").textContent).toBe("Pan 3° · Tilt 0°");
  });

  it("releases when the pointer leaves, and works from the keyboard: arrow keys and Enter on a direction", async () => {
    mount();
    const left = screen.getByRole("button", { name: "Left" });
    fireEvent.pointerDown(left, { button: 0 });
    fireEvent.pointerLeave(left);
    fireEvent.pointerUp(left);
    const pad = screen.getByRole("group", { name: "Linkage pad" });
    fireEvent.keyDown(pad, { key: "ArrowRight" });
    await act(() => vi.advanceTimersByTimeAsync(PAD_REPEAT_MS));
    fireEvent.keyDown(pad, { key: "ArrowRight", repeat: true });
    fireEvent.keyUp(pad, { key: "ArrowRight" });
    const down = screen.getByRole("button", { name: "Down" });
    fireEvent.keyDown(down, { key: "Enter" });
    fireEvent.keyUp(down, { key: "Enter" });
    expect(sent()).toEqual(["left:0", "left:1", "right:0", "right:0", "right:1", "down:0", "down:1"]);
  });

  it("asks for the stream and shows the URL the device answered", async () => {
    answer = (b) => (b.controlType === "stream" ? "rtsp://cam.local/live/main" : null);
    mount();
    fireEvent.click(screen.getByRole("button", { name: "Live stream" }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sent()).toEqual(["stream:1"]);
    expect(screen.getByTestId("pad-stream").textContent).toBe("rtsp://cam.local/live/main");
  });

  it("is inert with the reason when the device is offline or lacks the control", async () => {
    mount("offline");
    const up = screen.getByRole("button", { name: "Up", hidden: true });
    expect(up).toHaveProperty("disabled", true);
    fireEvent.pointerDown(up, { button: 0 });
    fireEvent.keyDown(screen.getByRole("group", { name: "Linkage pad", hidden: true }), { key: "ArrowUp" });
    await act(() => vi.advanceTimersByTimeAsync(PAD_REPEAT_MS * 3));
    expect(sent()).toEqual([]);
    expect(screen.getByTestId("pad-hint").textContent).toBe("The device is offline: control is unavailable");
    cleanup();
    mount("noCapability");
    expect(screen.getByTestId("pad-hint").textContent).toBe("This device has no linkage control");
  });
});
