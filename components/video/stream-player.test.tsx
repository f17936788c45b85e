// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { StreamPlayer } from "./stream-player";
import { StreamKindChoice, useStreamKind } from "./stream-kind";

/** hls.js as the player sees it: what it was asked to load, and its error callback. */
const hls = vi.hoisted(() => ({ loaded: [] as string[], destroyed: 0, onError: null as null | ((e: unknown, d: { fatal: boolean }) => void) }));
vi.mock("hls.js", () => {
  class Hls {
    static isSupported = () => true;
    static Events = { ERROR: "hlsError" };
    on(_e: string, cb: (e: unknown, d: { fatal: boolean }) => void) {
      hls.onError = cb;
    }
    loadSource(url: string) {
      hls.loaded.push(url);
    }
    attachMedia() {}
    destroy() {
      hls.destroyed++;
    }
  }
  return { default: Hls };
});

/** mpegts.js as the player sees it: the URLs it was asked to play. */
const flv = vi.hoisted(() => ({ urls: [] as string[] }));
vi.mock("mpegts.js", () => ({
  default: {
    isSupported: () => true,
    Events: { ERROR: "error" },
    createPlayer: (source: { url: string }) => {
      flv.urls.push(source.url);
      return { on() {}, attachMediaElement() {}, load() {}, play: () => Promise.resolve(), pause() {}, unload() {}, detachMediaElement() {}, destroy() {} };
    },
  },
}));

beforeEach(() => {
  flv.urls.length = 0;
  hls.loaded.length = 0;
  hls.destroyed = 0;
  localStorage.clear();
  vi.stubGlobal("IntersectionObserver", class {
    observe() {}
    disconnect() {}
  });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SRC = "/api/device/video/hls?id=5&file=index.m3u8";

describe("StreamPlayer (HLS)", () => {
  it("shows the server's reason when HLS is refused (no ffmpeg), and asks again after 2 s", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 400, msg: "HLS is off: this server has no ffmpeg to cut the stream into segments", data: null }), { headers: { "content-type": "application/json" } }));
    vi.stubGlobal("fetch", fetch);
    renderIntl(<StreamPlayer kind="hls" src={SRC} />, { locale: "en" });
    expect((await screen.findByRole("alert")).textContent).toContain("HLS is off: this server has no ffmpeg");
    expect(screen.getByTestId("stream-player").getAttribute("data-state")).toBe("refused");
    expect(hls.loaded).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(() => new Promise((r) => setTimeout(r, 1_500)));
    expect(fetch).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2), { timeout: 2_000 });
    expect(screen.getByRole("alert").textContent).toContain("HLS is off");
  });

  it("plays the playlist with hls.js, and on a fatal error says it retries, tears down and loads again after 2 s", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("#EXTM3U\n", { headers: { "content-type": "application/vnd.apple.mpegurl" } })));
    renderIntl(<StreamPlayer kind="hls" src={SRC} />, { locale: "en" });
    await waitFor(() => expect(hls.loaded).toEqual([`${location.origin}${SRC}`]));
    act(() => hls.onError!(null, { fatal: false }));
    expect(screen.getByTestId("stream-player").getAttribute("data-state")).toBe("loading");
    vi.useFakeTimers();
    try {
      act(() => hls.onError!(null, { fatal: true }));
      expect(screen.getByRole("status").textContent).toContain("Video failed to load, retrying");
      expect(hls.destroyed).toBe(1);
      await act(async () => vi.advanceTimersByTime(2_000));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(hls.loaded).toHaveLength(2));
  });
});

describe("StreamKindChoice", () => {
  function Shown() {
    const [kind] = useStreamKind();
    return <output data-testid="kind">{kind}</output>;
  }
  it("is FLV by default, and a choice of HLS is kept in this browser and read by every wall", () => {
    renderIntl(
      <>
        <StreamKindChoice />
        <Shown />
      </>,
      { locale: "en" },
    );
    expect(screen.getByTestId("kind").textContent).toContain("flv");
    expect(screen.getByTestId("stream-flv").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByTestId("stream-hls"));
    expect(screen.getByTestId("kind").textContent).toContain("hls");
    expect(screen.getByTestId("stream-hls").getAttribute("title")).toContain("FLV fails");
    expect(localStorage.getItem("video.streamKind")).toBe("hls");
  });

  it("offers WebRTC only when a camera of the wall has a WHEP source; a kept WebRTC choice shows as FLV elsewhere", () => {
    const { rerender } = renderIntl(
      <>
        <StreamKindChoice />
        <Shown />
      </>,
      { locale: "en" },
    );
    expect(screen.queryByTestId("stream-webrtc")).toBeNull();
    rerender(
      <>
        <StreamKindChoice webrtc />
        <Shown />
      </>,
    );
    fireEvent.click(screen.getByTestId("stream-webrtc"));
    expect(localStorage.getItem("video.streamKind")).toBe("webrtc");
    expect(screen.getByTestId("stream-webrtc").getAttribute("title")).toContain("WHEP");
    rerender(
      <>
        <StreamKindChoice />
        <Shown />
      </>,
    );
    expect(screen.getByTestId("stream-flv").getAttribute("aria-pressed")).toBe("true");
  });
});

describe("StreamPlayer (FLV)", () => {
  it("plays the stream's path over a WebSocket of this origin (six HTTP connections would not carry a 9-tile wall)", async () => {
    renderIntl(<StreamPlayer kind="flv" src="/api/device/video/flv?id=5" />, { locale: "en" });
    await waitFor(() => expect(flv.urls).toEqual([`ws://${location.host}/api/device/video/flv?id=5`]));
  });
});
