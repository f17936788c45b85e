// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { StreamPlayer } from "./stream-player";
import { sdpFragment } from "./whep-player";

const OFFER = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0 1\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=ice-ufrag:brws\r\na=ice-pwd:secretpwd\r\na=mid:0\r\na=recvonly\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:1\r\na=recvonly\r\n";
const ANSWER = "v=0\r\no=- 9 9 IN IP4 10.0.0.5\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n";

/** The browser's RTCPeerConnection as the player drives it: what it was told, and hands to play the network's part. */
class FakePc extends EventTarget {
  static all: FakePc[] = [];
  connectionState: RTCPeerConnectionState = "new";
  iceGatheringState: RTCIceGatheringState = "new";
  localDescription: { type: string; sdp: string } | null = null;
  remote: { type: string; sdp: string } | null = null;
  transceivers: [string, string][] = [];
  closed = false;
  constructor(readonly config: RTCConfiguration) {
    super();
    FakePc.all.push(this);
  }
  addTransceiver(kind: string, init: { direction: string }) {
    this.transceivers.push([kind, init.direction]);
  }
  async createOffer() {
    return { type: "offer", sdp: OFFER };
  }
  async setLocalDescription(d: { type: string; sdp: string }) {
    this.localDescription = d;
    // Host candidates come at once on loopback; gathering completes a moment later.
    setTimeout(() => {
      this.iceGatheringState = "complete";
      this.dispatchEvent(new Event("icegatheringstatechange"));
    }, 10);
  }
  async setRemoteDescription(d: { type: string; sdp: string }) {
    this.remote = d;
  }
  close() {
    this.closed = true;
    this.connectionState = "closed";
  }
  /** The network's side: a state change, a track, a late candidate. */
  state(s: RTCPeerConnectionState) {
    this.connectionState = s;
    this.dispatchEvent(new Event("connectionstatechange"));
  }
  track() {
    this.dispatchEvent(Object.assign(new Event("track"), { track: { kind: "video" } }));
  }
  candidate(c: string | null) {
    const candidate = c === null ? null : { candidate: c, sdpMid: "0", sdpMLineIndex: 0, toJSON: () => ({ candidate: c, sdpMid: "0", sdpMLineIndex: 0 }) };
    this.dispatchEvent(Object.assign(new Event("icecandidate"), { candidate }));
  }
}

type Asked = { path: string; body: Record<string, unknown> };
let asked: Asked[];
/** The console's answers by call: WHEP offer → the media server's SDP and a sealed session, or a refusal. */
let offerAnswer: () => unknown;
const envelope = (data: unknown, code = 200, msg = "") => new Response(JSON.stringify({ code, msg, data }), { headers: { "content-type": "application/json" } });

beforeEach(() => {
  FakePc.all = [];
  asked = [];
  offerAnswer = () => ({ code: 200, data: { session: "sealed-1", sdp: ANSWER } });
  vi.stubGlobal("RTCPeerConnection", FakePc);
  vi.stubGlobal("MediaStream", class {
    tracks: unknown[] = [];
    addTrack(t: unknown) {
      this.tracks.push(t);
    }
  });
  vi.stubGlobal("IntersectionObserver", class {
    observe() {}
    disconnect() {}
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, location.href).pathname;
      asked.push({ path, body: JSON.parse(String(init.body ?? "{}")) });
      if (path === "/api/device/video/whep") {
        const a = offerAnswer() as { code: number; data?: unknown; msg?: string };
        return envelope(a.data ?? null, a.code, a.msg);
      }
      return envelope(null);
    }),
  );
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SRC = "/api/device/video/whep?id=7";
const player = () => screen.getByTestId("stream-player");
const video = () => player().querySelector("video")!;

describe("StreamPlayer (WebRTC over WHEP)", () => {
  it("offers receive-only through the console, plays the answer's tracks, trickles late candidates and ends the session when torn down", async () => {
    const { unmount } = renderIntl(<StreamPlayer kind="webrtc" src={SRC} />, { locale: "en" });
    await waitFor(() => expect(FakePc.all[0]?.remote).toBeTruthy());
    const pc = FakePc.all[0];
    expect(pc.transceivers).toEqual([["video", "recvonly"], ["audio", "recvonly"]]);
    // The offer went once gathered, to the console (never to a media server), with the camera's id.
    expect(asked[0]).toEqual({ path: "/api/device/video/whep", body: { id: 7, sdp: OFFER } });
    expect(pc.remote).toEqual({ type: "answer", sdp: ANSWER });

    act(() => pc.track());
    expect(video().srcObject).toBeTruthy();
    act(() => {
      video().dispatchEvent(new Event("playing"));
      pc.state("connected");
    });
    expect(player().getAttribute("data-state")).toBe("playing");

    // A candidate found after the offer left goes on as a trickle fragment of its session.
    act(() => pc.candidate("candidate:2 1 udp 1686052607 203.0.113.9 50000 typ srflx raddr 0.0.0.0 rport 0"));
    await waitFor(() => expect(asked.some((a) => a.path === "/api/device/video/whepIce")).toBe(true));
    const ice = asked.find((a) => a.path === "/api/device/video/whepIce")!;
    expect(ice.body.session).toBe("sealed-1");
    expect(ice.body.frag).toBe("a=ice-ufrag:brws\r\na=ice-pwd:secretpwd\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\na=candidate:2 1 udp 1686052607 203.0.113.9 50000 typ srflx raddr 0.0.0.0 rport 0\r\n");

    unmount();
    expect(pc.closed).toBe(true);
    await waitFor(() => expect(asked.find((a) => a.path === "/api/device/video/whepEnd")?.body).toEqual({ session: "sealed-1" }));
  });

  it("on a failed connection says it retries, tears down (closing the session) and offers again after 2 s", async () => {
    renderIntl(<StreamPlayer kind="webrtc" src={SRC} />, { locale: "en" });
    await waitFor(() => expect(FakePc.all[0]?.remote).toBeTruthy());
    const pc = FakePc.all[0];
    act(() => pc.state("failed"));
    expect(screen.getByRole("status").textContent).toContain("Video failed to load, retrying");
    expect(pc.closed).toBe(true);
    await waitFor(() => expect(asked.filter((a) => a.path === "/api/device/video/whepEnd")).toHaveLength(1));
    expect(FakePc.all).toHaveLength(1);
    await act(() => new Promise((r) => setTimeout(r, 1_500)));
    expect(FakePc.all).toHaveLength(1);
    await waitFor(() => expect(FakePc.all[1]?.remote).toBeTruthy(), { timeout: 2_000 });
    expect(asked.filter((a) => a.path === "/api/device/video/whep")).toHaveLength(2);
  });

  it("a connection that stays disconnected 4 s is a failure; one that comes back is not", async () => {
    renderIntl(<StreamPlayer kind="webrtc" src={SRC} />, { locale: "en" });
    await waitFor(() => expect(FakePc.all[0]?.remote).toBeTruthy());
    const pc = FakePc.all[0];
    vi.useFakeTimers();
    try {
      act(() => pc.state("disconnected"));
      await act(async () => vi.advanceTimersByTime(3_000));
      act(() => pc.state("connected"));
      await act(async () => vi.advanceTimersByTime(5_000));
      expect(pc.closed).toBe(false);
      act(() => pc.state("disconnected"));
      await act(async () => vi.advanceTimersByTime(4_000));
      expect(pc.closed).toBe(true);
      expect(screen.getByRole("status").textContent).toContain("retrying");
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the console's reason when it refuses (no WHEP source, media server down) and asks again after 2 s", async () => {
    offerAnswer = () => ({ code: 400, msg: "The media server's WebRTC (WHEP) endpoint did not answer" });
    renderIntl(<StreamPlayer kind="webrtc" src={SRC} />, { locale: "en" });
    expect((await screen.findByRole("alert")).textContent).toContain("did not answer");
    expect(player().getAttribute("data-state")).toBe("refused");
    expect(FakePc.all[0].closed).toBe(true);
    // Nothing was opened at the media server: nothing to end.
    expect(asked.some((a) => a.path === "/api/device/video/whepEnd")).toBe(false);
    await waitFor(() => expect(asked.filter((a) => a.path === "/api/device/video/whep")).toHaveLength(2), { timeout: 3_000 });
  });

  it("says the player cannot start in a browser without WebRTC", async () => {
    vi.stubGlobal("RTCPeerConnection", undefined);
    renderIntl(<StreamPlayer kind="webrtc" src={SRC} />, { locale: "en" });
    expect((await screen.findByRole("alert")).textContent).toContain("Player init failed");
  });
});

describe("sdpFragment", () => {
  it("writes the offer's ICE credentials, the section's m-line and mid, and the end of candidates", () => {
    expect(sdpFragment(OFFER, [], true)).toBe("a=ice-ufrag:brws\r\na=ice-pwd:secretpwd\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\na=end-of-candidates\r\n");
    const byIndex = sdpFragment(OFFER, [{ candidate: "candidate:1 1 udp 1 192.0.2.1 1 typ host", sdpMLineIndex: 1 }]);
    expect(byIndex).toContain("m=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:1\r\na=candidate:1 1 udp 1 192.0.2.1 1 typ host\r\n");
    expect(byIndex).not.toContain("m=video");
  });
});
