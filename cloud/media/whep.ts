import { openSecret, sealSecret } from "../lib/crypto";

/**
 * The cloud's side of WebRTC (issue 34): a WHEP client (RFC 9725's WHIP, played backwards, as
 * MediaMTX, ZLMediaKit, SRS and go2rtc serve it) that signals to a camera's media server on a
 * viewer's behalf. The offer is POSTed as `application/sdp` and answered with the server's SDP and
 * its session's address (`Location`); late candidates are PATCHed there as
 * `application/trickle-ice-sdpfrag`; a DELETE ends it. The viewer holds that address only sealed.
 */

/** How long the media server has to answer one step of the signalling. */
const TIMEOUT_MS = 10_000;
/** An SDP answer longer than this is no answer (a few KB is usual). */
const MAX_ANSWER = 256 * 1024;

/** Why signalling failed, as a message key of `cloud.video` (with the media server's HTTP status when it answered). */
export class WhepFailed extends Error {
  constructor(
    readonly reason: "whepUnreachable" | "whepRefused" | "whepNoSdp",
    readonly status = 0,
  ) {
    super(reason);
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "follow", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new WhepFailed("whepUnreachable");
  }
}

/** POSTs the browser's offer to the endpoint: the answer's SDP, its session's address (absolute) and ETag. */
export async function whepOffer(endpoint: string, offer: string): Promise<{ sdp: string; location: string | null; etag: string | null }> {
  const res = await send(endpoint, { method: "POST", headers: { "content-type": "application/sdp", accept: "application/sdp" }, body: offer });
  const text = await res.text().catch(() => "");
  if (res.status !== 201 && res.status !== 200) throw new WhepFailed("whepRefused", res.status);
  if (!text.startsWith("v=0") || text.length > MAX_ANSWER) throw new WhepFailed("whepNoSdp", res.status);
  const location = res.headers.get("location");
  // A relative Location resolves against the address that answered (after any redirect).
  return { sdp: text, location: location ? new URL(location, res.url || endpoint).href : null, etag: res.headers.get("etag") };
}

/** PATCHes late ICE candidates; a server without trickle ICE (405, 501) has the offer's candidates and is left alone. */
export async function whepTrickle(location: string, frag: string, etag: string | null): Promise<void> {
  const res = await send(location, { method: "PATCH", headers: { "content-type": "application/trickle-ice-sdpfrag", "if-match": etag ?? "*" }, body: frag });
  await res.body?.cancel();
  if (res.ok || res.status === 405 || res.status === 501) return;
  throw new WhepFailed("whepRefused", res.status);
}

/** DELETEs the session; one the server no longer knows (404) is ended already. */
export async function whepEnd(location: string): Promise<void> {
  const res = await send(location, { method: "DELETE" });
  await res.body?.cancel();
  if (res.ok || res.status === 404) return;
  throw new WhepFailed("whepRefused", res.status);
}

/** What a viewer's session token holds: whose it is, which camera, and the media server's session address. */
export type WhepSession = { deviceId: number; tenantId: number; userId: number; location: string | null; etag: string | null };

/** The session as a token for the browser: sealed (AES-GCM under the cloud's key), so any instance reads it and nobody else can. */
export const sealWhepSession = (s: WhepSession) => sealSecret(JSON.stringify({ k: "whep", ...s }));

/** The session a token holds, or null when it is no sealed WHEP session of this cloud. */
export function openWhepSession(token: string): WhepSession | null {
  try {
    const v = JSON.parse(openSecret(token)) as Partial<WhepSession> & { k?: string };
    if (v.k !== "whep" || typeof v.deviceId !== "number" || typeof v.tenantId !== "number" || typeof v.userId !== "number") return null;
    return { deviceId: v.deviceId, tenantId: v.tenantId, userId: v.userId, location: typeof v.location === "string" ? v.location : null, etag: typeof v.etag === "string" ? v.etag : null };
  } catch {
    return null;
  }
}
