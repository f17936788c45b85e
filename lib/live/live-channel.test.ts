import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_PING_MS, LIVE_RECONNECT_MS, LIVE_RECONNECT_TRIES } from "@/lib/contract/live/topics";
import { LiveChannel } from "./live-channel";

/** A socket the test opens, answers and closes. */
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  say(m: object) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const last = () => FakeSocket.made.at(-1)!;

describe("LiveChannel", () => {
  it("subscribes on open, is live once granted and the cloud's events flow, and passes events on", () => {
    const ch = new LiveChannel(() => "ws://console/api/live");
    const events: unknown[] = [];
    ch.subscribe("device:7", (d) => events.push(d));
    expect(ch.state).toBe("connecting");
    last().open();
    expect(last().sent).toEqual([{ type: "sub", topic: "device:7" }]);
    expect(ch.isLive("device:7")).toBe(false);
    last().say({ type: "state", live: true });
    last().say({ type: "subscribed", topic: "device:7" });
    expect(ch.isLive("device:7")).toBe(true);
    last().say({ type: "event", topic: "device:7", data: { values: [] } });
    expect(events).toEqual([{ values: [] }]);
    vi.advanceTimersByTime(LIVE_PING_MS);
    expect(last().sent.at(-1)).toEqual({ type: "ping" });
  });

  it("reconnects after 3 s and restores the page's subscriptions, then gives up after 5 tries", () => {
    const ch = new LiveChannel(() => "ws://console/api/live");
    ch.subscribe("device:7", () => {});
    ch.subscribe("inbox", () => {});
    last().open();
    last().say({ type: "state", live: true });
    last().say({ type: "subscribed", topic: "device:7" });
    last().close(1006);
    expect(ch.state).toBe("closed");
    expect(ch.isLive("device:7")).toBe(false);
    vi.advanceTimersByTime(LIVE_RECONNECT_MS - 1);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([
      { type: "sub", topic: "device:7" },
      { type: "sub", topic: "inbox" },
    ]);
    // The server stays away: five more tries, then failed.
    last().close(1006);
    for (let i = 0; i < LIVE_RECONNECT_TRIES; i++) {
      expect(ch.state).toBe("closed");
      vi.advanceTimersByTime(LIVE_RECONNECT_MS);
      last().close(1006);
    }
    expect(ch.state).toBe("failed");
    expect(FakeSocket.made).toHaveLength(2 + LIVE_RECONNECT_TRIES);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2 + LIVE_RECONNECT_TRIES);
    // A part subscribing anew starts a fresh round.
    ch.subscribe("device:8", () => {});
    expect(FakeSocket.made).toHaveLength(3 + LIVE_RECONNECT_TRIES);
  });

  it("does not retry when the session ended, and closes when no part listens any more", () => {
    const ch = new LiveChannel(() => "ws://console/api/live");
    const off = ch.subscribe("device:7", () => {});
    last().open();
    off();
    expect(last().sent.at(-1)).toEqual({ type: "unsub", topic: "device:7" });
    vi.advanceTimersByTime(30_000);
    expect(ch.state).toBe("idle");
    ch.subscribe("device:7", () => {});
    last().open();
    last().close(4401);
    vi.advanceTimersByTime(10 * LIVE_RECONNECT_MS);
    expect(ch.state).toBe("failed");
    expect(FakeSocket.made).toHaveLength(2);
  });
});
