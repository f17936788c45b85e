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

const CHUNK = 64 * 1024;
const STEP_MS = 700;

export type OtaDevice = {
  sn: string;
  secret: string;
  behaviour: OtaBehaviour;
  /** The version the device runs, informed on every start. */
  version: string;
  publish: (channel: "ota/progress" | "ota/inform" | "ota/request", body: unknown) => void;
  /** Drops the connection and comes back after `ms` (the power goes). */
  powerCycle: (ms: number) => void;
};

/** An offer in progress: the image is hashed as it arrives (a device keeps no copy in memory), so a resumed download goes on hashing where it stopped. */
type State = { id: string; hash: Hash; bytes: number; running: boolean; lostPower: boolean };

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

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
        const res = await fetch(offer.url, { headers: { authorization: auth, range: `bytes=${s.bytes}-${end}` } });
        if (res.status !== 206 && res.status !== 200) return progress(-2, `HTTP ${res.status}`);
        const part = Buffer.from(await res.arrayBuffer());
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
      // fetch's own message is "fetch failed": what failed is its cause (the connection closed, reset, timed out).
      const e = err as Error & { cause?: { code?: string; message?: string } };
      progress(-2, [e.message, e.cause?.code ?? e.cause?.message].filter(Boolean).join(": ").slice(0, 100));
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
