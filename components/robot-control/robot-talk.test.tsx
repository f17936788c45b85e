// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { ROBOT_AUDIO, ROBOT_RESULT, type RobotCommandResult } from "@/lib/contract/robot/control";
import { RobotTalk } from "./robot-talk";
import { extOfMime, micProblemOf } from "./use-talk-back";

/** What the cloud answers: the upload (sent, or refused), then each clip's outcome once the robot answered. */
const cloud = {
  upload: vi.fn<(file: File, input: { deviceId: number; durationMs: number }) => Promise<{ logId: number; result: number; rttMs: null }>>(),
  results: new Map<number, RobotCommandResult>(),
};
vi.mock("@/lib/api/call", async () => {
  const React = await import("react");
  return {
    uploadCall: (_c: unknown, file: File, _p: unknown, o: { input: { deviceId: number; durationMs: number } }) => cloud.upload(file, o.input),
    // Polls as SWR's refreshInterval does while the input stands.
    useCall: (_c: unknown, input: { logId: number } | null, config: { onSuccess?: (r: RobotCommandResult) => void }) => {
      const onSuccess = React.useRef(config.onSuccess);
      onSuccess.current = config.onSuccess;
      const logId = input?.logId ?? null;
      React.useEffect(() => {
        if (logId === null) return;
        const id = setInterval(() => {
          const r = cloud.results.get(logId);
          if (r) onSuccess.current?.(r);
        }, 10);
        return () => clearInterval(id);
      }, [logId]);
      return { data: undefined };
    },
  };
});

/** A MediaRecorder as the browser's: records while started, hands its data and stops on stop(). */
class FakeRecorder {
  static made: FakeRecorder[] = [];
  static isTypeSupported = (m: string) => m === "audio/webm;codecs=opus";
  state: "inactive" | "recording" = "inactive";
  readonly mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    opts?: { mimeType?: string },
  ) {
    this.mimeType = opts?.mimeType ?? "";
    FakeRecorder.made.push(this);
  }
  start() {
    this.state = "recording";
  }
  stop() {
    this.state = "inactive";
    this.ondataavailable?.({ data: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], { type: this.mimeType }) });
    this.onstop?.();
  }
}

let clock = 0;
const track = { stop: vi.fn() };
const getUserMedia = vi.fn<() => Promise<unknown>>();
/** The page's microphone access (absent on an insecure page). */
const setMediaDevices = (value: unknown) => Object.defineProperty(navigator, "mediaDevices", { value, configurable: true });
beforeEach(() => {
  clock = 1_000;
  FakeRecorder.made = [];
  cloud.results.clear();
  cloud.upload.mockReset();
  cloud.upload.mockResolvedValue({ logId: 41, result: ROBOT_RESULT.waiting, rttMs: null });
  track.stop.mockReset();
  getUserMedia.mockReset();
  getUserMedia.mockResolvedValue({ getTracks: () => [track] });
  vi.stubGlobal("MediaRecorder", FakeRecorder);
  setMediaDevices({ getUserMedia });
  vi.spyOn(performance, "now").mockImplementation(() => clock);
});
afterEach(() => vi.restoreAllMocks());

const button = () => screen.getByTestId("talk-button");
const clipStatus = () => screen.getAllByTestId("talk-clip").map((li) => li.getAttribute("data-status"));
/** Presses the button and holds it until the browser lets the page record. */
async function press() {
  fireEvent.pointerDown(button(), { button: 0, pointerId: 1 });
  await waitFor(() => expect(button().getAttribute("data-phase")).toBe("recording"));
}

describe("RobotTalk", () => {
  it("records while held and sends on release: sending, sent, then played once the robot answered", async () => {
    renderIntl(<RobotTalk deviceId={5} />, { locale: "en", timeZone: "UTC" });
    expect(button().textContent).toBe("Hold to talk");
    await press();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: { echoCancellation: true, noiseSuppression: true } });
    clock += 2_400;
    await act(async () => void fireEvent.pointerUp(button(), { pointerId: 1 }));
    // The clip went up as WebM with how long it plays; the microphone was let go.
    expect(cloud.upload).toHaveBeenCalledTimes(1);
    const [file, input] = cloud.upload.mock.calls[0];
    expect([file.name, file.type, file.size]).toEqual(["talk.webm", "audio/webm", 7]);
    expect(input).toEqual({ deviceId: 5, durationMs: 2_400 });
    expect(track.stop).toHaveBeenCalled();
    await waitFor(() => expect(clipStatus()).toEqual(["sent"]));
    expect(screen.getByTestId("talk-clip").textContent).toContain("Sent: waiting for the robot");
    cloud.results.set(41, { logId: 41, result: ROBOT_RESULT.waiting, rttMs: null, message: null });
    await new Promise((r) => setTimeout(r, 40));
    expect(clipStatus()).toEqual(["sent"]);
    cloud.results.set(41, { logId: 41, result: ROBOT_RESULT.success, rttMs: 180, message: null });
    await waitFor(() => expect(clipStatus()).toEqual(["played"]));
    expect(screen.getByTestId("talk-clip").textContent).toMatch(/^2\.4 s · .*Played on the robot$/);
  });

  it("shows why a clip failed: the robot's reason, or the cloud's refusal; the keyboard holds too", async () => {
    renderIntl(<RobotTalk deviceId={5} />, { locale: "en", timeZone: "UTC" });
    fireEvent.keyDown(button(), { key: " " });
    await waitFor(() => expect(button().getAttribute("data-phase")).toBe("recording"));
    clock += 1_000;
    await act(async () => void fireEvent.keyUp(button(), { key: " " }));
    cloud.results.set(41, { logId: 41, result: ROBOT_RESULT.failed, rttMs: 90, message: "RBT001 has no speaker: it cannot play talk-back" });
    await waitFor(() => expect(clipStatus()).toEqual(["failed"]));
    expect(screen.getByTestId("talk-clip").textContent).toContain("Failed: RBT001 has no speaker: it cannot play talk-back");

    cloud.upload.mockRejectedValueOnce(new Error("RBT001 is offline: the command was not sent"));
    await press();
    clock += 1_500;
    await act(async () => void fireEvent.pointerUp(button(), { pointerId: 1 }));
    await waitFor(() => expect(clipStatus()).toEqual(["failed", "failed"]));
    expect(screen.getAllByTestId("talk-clip")[0].textContent).toContain("Failed: RBT001 is offline");
  });

  it("sends nothing for a tap too short, nor when released while the browser still asks for the microphone", async () => {
    renderIntl(<RobotTalk deviceId={5} />, { locale: "en", timeZone: "UTC" });
    await press();
    clock += ROBOT_AUDIO.minMs - 100;
    await act(async () => void fireEvent.pointerUp(button(), { pointerId: 1 }));
    expect(screen.getByTestId("talk-note").textContent).toBe("Too short: hold the button while you speak");
    expect(track.stop).toHaveBeenCalled();

    let allow: (s: unknown) => void = () => {};
    getUserMedia.mockReturnValueOnce(new Promise((r) => (allow = r)));
    fireEvent.pointerDown(button(), { button: 0, pointerId: 1 });
    await waitFor(() => expect(button().textContent).toBe("Allow the microphone in the browser…"));
    fireEvent.pointerUp(button(), { pointerId: 1 });
    track.stop.mockReset();
    await act(async () => allow({ getTracks: () => [track] }));
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByTestId("talk-note").textContent).toBe("Microphone allowed: now hold the button while you speak");
    expect(button().getAttribute("data-phase")).toBe("idle");
    expect(FakeRecorder.made).toHaveLength(1);
    expect(cloud.upload).not.toHaveBeenCalled();
  });

  it("stops by itself at the longest clip and sends what was recorded", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    renderIntl(<RobotTalk deviceId={5} />, { locale: "en", timeZone: "UTC" });
    fireEvent.pointerDown(button(), { button: 0, pointerId: 1 });
    await act(async () => {});
    expect(button().getAttribute("data-phase")).toBe("recording");
    clock += 61_000;
    await act(async () => void vi.advanceTimersByTime(ROBOT_AUDIO.maxSeconds * 1000));
    expect(cloud.upload.mock.calls[0][1]).toEqual({ deviceId: 5, durationMs: ROBOT_AUDIO.maxSeconds * 1000 });
    expect(screen.getByTestId("talk-note").textContent).toBe(`Stopped at ${ROBOT_AUDIO.maxSeconds} s, the longest clip: sent what was recorded`);
  });

  it("zh-cn: says clearly when the microphone is refused, missing, busy, or the page has none", async () => {
    renderIntl(<RobotTalk deviceId={5} />, { locale: "zh-cn", timeZone: "UTC" });
    expect(button().textContent).toBe("按住说话");
    const refuse = async (name: string) => {
      getUserMedia.mockRejectedValueOnce(Object.assign(new Error(name), { name }));
      fireEvent.pointerDown(button(), { button: 0, pointerId: 1 });
      await waitFor(() => expect(screen.getByRole("alert")).toBeTruthy());
      fireEvent.pointerUp(button(), { pointerId: 1 });
      return screen.getByRole("alert").textContent;
    };
    expect(await refuse("NotAllowedError")).toBe("麦克风权限被拒绝：请在浏览器的网站设置中允许后重试");
    expect(await refuse("NotFoundError")).toBe("未找到麦克风：请连接后重试");
    expect(await refuse("NotReadableError")).toBe("麦克风正被其他程序占用");
    expect(FakeRecorder.made).toHaveLength(0);
    // An insecure page (no mediaDevices) or a browser without MediaRecorder.
    setMediaDevices(undefined);
    fireEvent.pointerDown(button(), { button: 0, pointerId: 1 });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("此浏览器未向页面提供麦克风（需要 HTTPS 或 localhost）"));
    setMediaDevices({ getUserMedia });
    vi.stubGlobal("MediaRecorder", undefined);
    fireEvent.pointerDown(button(), { button: 0, pointerId: 2 });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("此浏览器无法录音"));
    expect(cloud.upload).not.toHaveBeenCalled();
  });

  it("names the clip's type as the robot is told, and reads the browser's microphone errors", () => {
    expect(["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/mp4", "audio/mpeg", "audio/x-flac"].map(extOfMime)).toEqual(["webm", "ogg", "m4a", "mp3", null]);
    expect(["NotAllowedError", "SecurityError", "NotFoundError", "NotReadableError", "TypeError"].map((name) => micProblemOf({ name }))).toEqual(["denied", "denied", "noMicrophone", "busy", "recordFailed"]);
  });
});
