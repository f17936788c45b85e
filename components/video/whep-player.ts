import { call } from "@/lib/api/call";
import { ApiError } from "@/lib/api/fetcher";
import { Code } from "@/lib/contract/envelope";
import { videoApi } from "@/lib/contract/video/video";
import type { Engine, EngineHooks } from "./stream-player";

/** How long the offer waits for the browser's ICE candidates before it goes; later ones trickle. */
export const GATHER_MS = 1_000;
/** A connection "disconnected" this long (the media server or the path gone) counts as failed. */
export const DISCONNECTED_MS = 4_000;

/**
 * Late candidates as a trickle-ICE SDP fragment (RFC 8840), as a WHEP PATCH carries them: the
 * offer's ICE credentials, then per media section its m-line, mid and candidates; `end` adds
 * `a=end-of-candidates`.
 */
export function sdpFragment(localSdp: string, candidates: readonly RTCIceCandidateInit[], end = false): string {
  const lines = localSdp.split(/\r?\n/);
  const ufrag = lines.find((l) => l.startsWith("a=ice-ufrag:"));
  const pwd = lines.find((l) => l.startsWith("a=ice-pwd:"));
  const sections: { mline: string; mid: string | null }[] = [];
  for (const l of lines) {
    if (l.startsWith("m=")) sections.push({ mline: l, mid: null });
    else if (l.startsWith("a=mid:") && sections.length) sections[sections.length - 1].mid = l.slice(6);
  }
  const out = [ufrag, pwd].filter(Boolean) as string[];
  for (const [i, s] of sections.entries()) {
    const mine = candidates.filter((c) => (c.sdpMid != null ? c.sdpMid === s.mid : c.sdpMLineIndex === i));
    if (!mine.length && !end) continue;
    out.push(s.mline, ...(s.mid === null ? [] : [`a=mid:${s.mid}`]), ...mine.map((c) => `a=${c.candidate}`), ...(end ? ["a=end-of-candidates"] : []));
    // With bundling one section carries them all.
    if (end) break;
  }
  return `${out.join("\r\n")}\r\n`;
}

/** Resolves when the browser has gathered its candidates, or after `ms`. */
function gathered(pc: RTCPeerConnection, ms: number): Promise<void> {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === "complete") done();
    };
    const timer = setTimeout(done, ms);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/** A refusal the tile should show (the server said why), as opposed to a failure to retry quietly. */
const refusal = (err: unknown) => (err instanceof ApiError && err.code !== Code.ERROR && err.code !== Code.NETWORK && err.code !== Code.UNAUTHORIZED ? err.message : null);

/**
 * WebRTC through the camera's WHEP endpoint (issue 34), loaded on first use: a receive-only
 * `RTCPeerConnection` (video, and audio the element keeps muted); its offer goes through the
 * console (`videoApi.whep`), which signals to the media server and answers its SDP and a
 * sealed session; candidates found after the offer left go on with `whepIce`; the media itself
 * flows between this browser and the media server over ICE. A connection that fails (or stays
 * disconnected 4 s) is a player error: torn down and asked again by the player after 2 s. Stopping
 * closes the connection and ends the session at the media server (`whepEnd`).
 */
export async function whepEngine(el: HTMLVideoElement, src: string, on: EngineHooks): Promise<Engine | null> {
  if (typeof RTCPeerConnection === "undefined") return on.initFailed(), null;
  const id = Number(new URL(src, location.href).searchParams.get("id"));
  const pc = new RTCPeerConnection({ bundlePolicy: "max-bundle" });
  let session: string | null = null;
  let stopped = false;
  let lost: ReturnType<typeof setTimeout> | null = null;
  const late: RTCIceCandidateInit[] = [];
  let sending = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (lost) clearTimeout(lost);
    pc.close();
    if (el.srcObject) el.srcObject = null;
    if (session) void call(videoApi.whepEnd, { session }, { silent: true }).catch(() => {});
  };
  const fail = () => {
    if (stopped) return;
    stop();
    on.failed();
  };

  // Candidates after the offer left, sent in order, in batches while one is on its way.
  const trickle = async () => {
    if (sending || !session || stopped) return;
    sending = true;
    try {
      while (late.length && !stopped) {
        const batch = late.splice(0);
        const frag = sdpFragment(pc.localDescription?.sdp ?? "", batch.filter((c) => c.candidate), batch.some((c) => !c.candidate));
        await call(videoApi.whepIce, { session, frag }, { silent: true });
      }
    } catch {
      // The offer carried what was gathered; a lost late candidate is not worth the picture.
    } finally {
      sending = false;
    }
  };

  const stream = new MediaStream();
  pc.addEventListener("track", (e) => {
    stream.addTrack(e.track);
    if (el.srcObject !== stream) el.srcObject = stream;
    void Promise.resolve(el.play()).catch(() => {});
  });
  pc.addEventListener("connectionstatechange", () => {
    const s = pc.connectionState;
    if (s === "failed" || (s === "closed" && !stopped)) return fail();
    if (s === "disconnected") lost ??= setTimeout(fail, DISCONNECTED_MS);
    else if (lost) {
      clearTimeout(lost);
      lost = null;
    }
  });
  let offerSent = false;
  pc.addEventListener("icecandidate", (e) => {
    if (!offerSent) return;
    late.push(e.candidate ? e.candidate.toJSON() : { candidate: "" });
    void trickle();
  });

  try {
    pc.addTransceiver("video", { direction: "recvonly" });
    pc.addTransceiver("audio", { direction: "recvonly" });
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc, GATHER_MS);
  } catch {
    stop();
    return on.initFailed(), null;
  }
  if (stopped) return null;
  offerSent = true;
  try {
    const answer = await call(videoApi.whep, { id, sdp: pc.localDescription!.sdp }, { silent: true });
    session = answer.session;
    if (stopped) {
      // Torn down while signalling: end what the media server just opened.
      void call(videoApi.whepEnd, { session }, { silent: true }).catch(() => {});
      return null;
    }
    await pc.setRemoteDescription({ type: "answer", sdp: answer.sdp });
  } catch (err) {
    const why = refusal(err);
    stop();
    if (why !== null) on.refused(why);
    else on.failed();
    return null;
  }
  void trickle();
  return { stop };
}
