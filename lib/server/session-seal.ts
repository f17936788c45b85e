import { unsealData } from "iron-session";
import type { SessionData } from "./session";

/** Lifetime ≤ 12 h (issue 2 §3). */
export const SESSION_TTL_S = 12 * 3600;

export function sessionSecret(): string {
  const secret = process.env.SESSION_SECRET ?? "";
  // server.ts generates one into .data/ when none is configured; reaching here without one is a setup error.
  if (secret.length < 32) throw new Error("SESSION_SECRET must be set to at least 32 characters");
  return secret;
}

/**
 * Unsealing costs most of the forwarding's own CPU on every call, and a seal always opens to the
 * same data: keep recent ones briefly. A revoked token is still refused by the upstream; a seal
 * outlives its expiry by at most `UNSEALED_FOR_MS`. Light (no Next): server.ts's socket checks use it too.
 */
const UNSEALED_FOR_MS = 30_000;
const UNSEALED_MAX = 2000;
const unsealed = new Map<string, { data: SessionData; until: number }>();

/** The session a cookie's seal holds (empty when there is none, it is forged or expired). */
export async function openSeal(sealed: string | undefined): Promise<SessionData> {
  if (!sealed) return {};
  const now = Date.now();
  const hit = unsealed.get(sealed);
  if (hit && hit.until > now) return hit.data;
  const data = await unsealData<SessionData>(sealed, { password: sessionSecret(), ttl: SESSION_TTL_S });
  if (unsealed.size >= UNSEALED_MAX) unsealed.delete(unsealed.keys().next().value!);
  unsealed.set(sealed, { data, until: now + UNSEALED_FOR_MS });
  return data;
}

/** A seal whose token the upstream refused: not to be believed again. */
export const forgetSeal = (sealed: string | undefined) => void unsealed.delete(sealed ?? "");
