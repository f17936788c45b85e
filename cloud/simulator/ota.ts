import { createHash, type Hash } from "node:crypto";
import { otaUpgradeMessage, type OtaUpgradeMessage } from "@/lib/contract/ota/protocol";

/**
 * How a demo device answers a firmware upgrade. Most download, verify, install, restart and inform
 * the new version in about ten seconds; three show what goes wrong in the field: one fails
 * verification at 60 %, one loses power mid-download and resumes with `Range` once back, one
 * restarts into its old version (so the cloud fails it and retries).
 */
export type OtaBehaviour = "normal" | "failVerify" | "powerLoss" | "rollback";

/**
 * The behaviour of the n-th simulated device (from 0) of its product: the first behaves, the next
 * three misbehave (verification fails, it restarts into its old version, the power goes and it
 * resumes), so every demo product of three or more devices shows a gate, a rollback and a resume.
 * By position within the product only: a product added to the demo changes nothing for the others.
 */
const BEHAVIOURS: readonly OtaBehaviour[] = ["normal", "failVerify", "rollback", "powerLoss"];
export const otaBehaviour = (n: number): OtaBehaviour => BEHAVIOURS[n] ?? "normal";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

const CHUNK = 64 * 1024;
const STEP_MS = 700;
/**
 * A part whose connection fails (reset, closed, timed out: a kept-alive connection the server closed as the request
 * went out, a proxy restarting, a moment without signal) or that the server answers 5xx is asked for again, with the
 * same `Range`, after 0.25, 0.5 and 1 s, as device firmware does; the download fails only when the fourth try does.
 */
export const PART_TRIES = 4;
const RETRY_MS = 250;

type Part = { ok: true; body: Buffer } | { ok: false; status: number } | { ok: false; status: 429; retryAfterS: number };
/** How long to wait when told to come back without saying when (seconds). */
const RETRY_AFTER_DEFAULT_S = 5;
/** One try of a part, as a benchmark counts them: how long it took, and its HTTP status or its connection's error. */
export type PartTry = { ms: number; attempt: number; status?: number; error?: string };

/** fetch's own message is "fetch failed": what failed is its cause (the connection closed, reset, timed out). */
const errorText = (err: unknown) => {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  return [e.message, e.cause?.code ?? e.cause?.message].filter(Boolean).join(": ").slice(0, 100);
};

/**
 * One `Range` part, tried up to PART_TRIES times; a refusal (4xx) is not tried again, but 429 (the task has as many
 * downloading as it allows) is answered with when to come back (`Retry-After`, seconds), which the caller waits for.
 */
async function fetchPart(url: string, headers: Record<string, string>, onTry?: (t: PartTry) => void): Promise<Part> {
  for (let attempt = 1; ; attempt++) {
    const t0 = performance.now();
    try {
      const res = await fetch(url, { headers });
      // A part is a 206 (the device always asks with Range); a refusal is the cloud's JSON envelope, whose code says why (a 409 "no longer upgrading" comes with HTTP 200).
      if (res.status === 206) {
        const body = Buffer.from(await res.arrayBuffer());
        onTry?.({ ms: performance.now() - t0, attempt, status: res.status });
        return { ok: true, body };
      }
      const status = res.headers.get("content-type")?.includes("json") ? (((await res.json().catch(() => null)) as { code?: number } | null)?.code ?? res.status) : res.status;
      // Drop what is left of the body so the connection goes back to the pool.
      await res.body?.cancel().catch(() => {});
      onTry?.({ ms: performance.now() - t0, attempt, status });
      if (status === 429) return { ok: false, status, retryAfterS: Number(res.headers.get("retry-after")) || RETRY_AFTER_DEFAULT_S };
      if (status < 500 || attempt >= PART_TRIES) return { ok: false, status };
    } catch (err) {
      onTry?.({ ms: performance.now() - t0, attempt, error: errorText(err) });
      if (attempt >= PART_TRIES) throw err;
    }
    await wait(RETRY_MS * 2 ** (attempt - 1));
  }
}

export type OtaDevice = {
  sn: string;
  secret: string;
  behaviour: OtaBehaviour;
  /** The version the device runs, informed on every start. */
  version: string;
  publish: (channel: "ota/progress" | "ota/inform" | "ota/request", body: unknown) => void;
  /** Drops the connection and comes back after `ms` (the power goes). */
  powerCycle: (ms: number) => void;
  /** Told of every try of a download part (a benchmark's count of tries, retries and their causes). */
  onPartTry?: (t: PartTry) => void;
};

/** An offer in progress: the image is hashed as it arrives (a device keeps no copy in memory), so a resumed download goes on hashing where it stopped. */
type State = { id: string; hash: Hash; bytes: number; running: boolean; lostPower: boolean };

/** One device's side of the protocol: takes offers, downloads, reports, informs. */
export function otaClient(d: OtaDevice) {
  let state: State | null = null;

  async function run(offer: OtaUpgradeMessage) {
    const s = state!;
    const auth = `Basic ${Buffer.from(`${d.sn}:${d.secret}`).toString("base64")}`;
    const progress = (step: number, desc?: string) => d.publish("ota/progress", { taskId: offer.taskId, step, ...(desc ? { desc } : {}) });
    try {
      while (s.bytes < offer.size) {
        const end = Math.min(offer.size, s.bytes + CHUNK) - 1;
        const got = await fetchPart(offer.url, { authorization: auth, range: `bytes=${s.bytes}-${end}` }, d.onPartTry);
        // Too many downloading now: back when told, while the URL lasts.
        if (!got.ok && "retryAfterS" in got && Date.now() + got.retryAfterS * 1000 < offer.urlExpires) {
          await wait(got.retryAfterS * 1000);
          continue;
        }
        if (!got.ok) return progress(-2, `HTTP ${got.status}`);
        const part = got.body;
        s.hash.update(part);
        s.bytes += part.length;
        const pct = Math.floor((s.bytes / offer.size) * 79);
        progress(pct, "downloading");
        if (d.behaviour === "failVerify" && s.bytes / offer.size >= 0.6) return progress(-3, "signature check failed at 60 %");
        if (d.behaviour === "powerLoss" && !s.lostPower && s.bytes / offer.size >= 0.5) {
          s.lostPower = true;
          s.running = false;
          // Back after the outage it informs its old version; the cloud offers the upgrade again and the download resumes where it stopped.
          d.powerCycle(3000);
          return;
        }
        await wait(STEP_MS / 4);
      }
      progress(80, "verifying");
      await wait(STEP_MS);
      if (s.hash.digest("hex") !== offer.sha256) return progress(-3, "sha256 mismatch");
      progress(90, "installing");
      await wait(STEP_MS * 2);
      progress(100, "rebooting");
      await wait(STEP_MS * 2);
      // A rollback device boots its old image again and says so.
      if (d.behaviour !== "rollback") d.version = offer.version;
      state = null;
      d.publish("ota/inform", { module: offer.module, version: d.version });
    } catch (err) {
      progress(-2, errorText(err));
    } finally {
      if (state === s) s.running = false;
    }
  }

  return {
    /** Informs the running version (on every start). */
    started() {
      d.publish("ota/inform", { module: "default", version: d.version });
    },
    offer(payload: Buffer) {
      let offer: OtaUpgradeMessage;
      try {
        offer = otaUpgradeMessage.parse(JSON.parse(payload.toString()));
      } catch {
        return;
      }
      if (state?.running) return;
      // The same offer again (after the power came back) resumes; a new one starts over.
      if (!state || state.id !== `${offer.taskId}:${offer.sha256}`) state = { id: `${offer.taskId}:${offer.sha256}`, hash: createHash("sha256"), bytes: 0, running: false, lostPower: false };
      state.running = true;
      void run(offer);
    },
  };
}
