import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PART_TRIES, otaClient, type OtaBehaviour } from "./ota";

const IMAGE = randomBytes(300 * 1024);
const SHA = createHash("sha256").update(IMAGE).digest("hex");
let server: Server;
let url: string;
const ranges: string[] = [];
/** How the next requests are answered, in order: null as asked; "reset" sends the headers and half the part, then resets the connection; a number answers that status. */
const faults: ("reset" | number | null)[] = [];

beforeAll(async () => {
  // Serves the image with Range, as the cloud's download does.
  server = createServer((req, res) => {
    const m = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? "");
    ranges.push(req.headers.range ?? "");
    const [start, end] = m ? [Number(m[1]), Math.min(Number(m[2]), IMAGE.length - 1)] : [0, IMAGE.length - 1];
    const fault = faults.shift();
    if (typeof fault === "number") return void res.writeHead(fault, { "content-length": 0 }).end();
    res.writeHead(m ? 206 : 200, { "content-length": end - start + 1 });
    if (fault === "reset") {
      res.write(IMAGE.subarray(start, start + (end - start + 1) / 2));
      // An RST, as a server closing a kept-alive connection under a request does.
      return void setTimeout(() => req.socket.resetAndDestroy(), 20);
    }
    res.end(IMAGE.subarray(start, end + 1));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fw`;
});
afterAll(() => server.close());

function device(behaviour: OtaBehaviour, sha256 = SHA) {
  const sent: { channel: string; body: Record<string, unknown> }[] = [];
  let cycles = 0;
  const d = { sn: "SIM1", secret: "s", behaviour, version: "V1.0.0", publish: (channel: string, body: unknown) => void sent.push({ channel, body: body as Record<string, unknown> }), powerCycle: () => void cycles++ };
  const client = otaClient(d);
  const offer = Buffer.from(JSON.stringify({ id: "1-1", taskId: 7, module: "default", version: "V2.0.0", size: IMAGE.length, sha256, md5: "0".repeat(32), url, urlExpires: Date.now() + 3600_000, isDiff: false, fromVersion: null }));
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
    expect(ok()).toBe(true);
  };
  return { d, sent, client, offer, until, cycles: () => cycles };
}

describe("a demo device's side of an upgrade", () => {
  it("loses power half way, resumes with Range where it stopped when offered again, and informs the new version", async () => {
    ranges.length = 0;
    const dev = device("powerLoss");
    dev.client.offer(dev.offer);
    await dev.until(() => dev.cycles() === 1);
    const before = ranges.length;
    dev.client.offer(dev.offer);
    await dev.until(() => dev.sent.some((s) => s.channel === "ota/inform"));
    // The parts after the outage start where the last one before it ended: nothing downloaded twice.
    expect(ranges[before]).toBe(`bytes=${before * 65536}-${Math.min(IMAGE.length, (before + 1) * 65536) - 1}`);
    expect(ranges).toHaveLength(Math.ceil(IMAGE.length / 65536));
    expect(dev.sent.at(-1)).toEqual({ channel: "ota/inform", body: { module: "default", version: "V2.0.0" } });
    expect(dev.d.version).toBe("V2.0.0");
  }, 30_000);

  const part = (i: number) => `bytes=${i * 65536}-${Math.min(IMAGE.length, (i + 1) * 65536) - 1}`;

  it("asks again for a part whose connection is reset mid-way or that is answered 503, with the same Range, and finishes the upgrade", async () => {
    ranges.length = 0;
    // Part 0 comes; part 1 is reset twice, then comes; part 2 comes; part 3 is answered 503, then reset, then comes.
    faults.splice(0, faults.length, null, "reset", "reset", null, null, 503, "reset");
    const dev = device("normal");
    dev.client.offer(dev.offer);
    await dev.until(() => dev.sent.some((s) => s.channel === "ota/inform" || Number(s.body.step) < 0));
    expect(ranges).toEqual([part(0), part(1), part(1), part(1), part(2), part(3), part(3), part(3), part(4)]);
    // The hash matched: nothing of a cut part was counted twice; no failure was reported.
    expect(dev.sent.some((s) => Number(s.body.step) < 0)).toBe(false);
    expect(dev.sent.at(-1)).toEqual({ channel: "ota/inform", body: { module: "default", version: "V2.0.0" } });
    expect(dev.d.version).toBe("V2.0.0");
  }, 30_000);

  it(`reports the download failed (−2, with the connection's error) when a part fails ${PART_TRIES} times`, async () => {
    ranges.length = 0;
    faults.splice(0, faults.length, null, ...Array<"reset">(PART_TRIES).fill("reset"));
    const dev = device("normal");
    dev.client.offer(dev.offer);
    await dev.until(() => dev.sent.some((s) => Number(s.body.step) < 0));
    expect(ranges).toEqual([part(0), ...Array<string>(PART_TRIES).fill(part(1))]);
    const failed = dev.sent.at(-1)!;
    expect(failed.body).toMatchObject({ taskId: 7, step: -2 });
    expect(String(failed.body.desc)).toMatch(/terminated|fetch failed|ECONNRESET|socket/i);
    expect(dev.sent.some((s) => s.channel === "ota/inform")).toBe(false);
  }, 30_000);

  it("reports a refused part (403) at once, without asking again", async () => {
    ranges.length = 0;
    faults.splice(0, faults.length, null, 403);
    const dev = device("normal");
    dev.client.offer(dev.offer);
    await dev.until(() => dev.sent.some((s) => Number(s.body.step) < 0));
    expect(ranges).toEqual([part(0), part(1)]);
    expect(dev.sent.at(-1)).toEqual({ channel: "ota/progress", body: { taskId: 7, step: -2, desc: "HTTP 403" } });
  }, 30_000);

  it("reports a failed verification when the image does not hash to the offer's SHA-256", async () => {
    const dev = device("normal", "0".repeat(64));
    dev.client.offer(dev.offer);
    await dev.until(() => dev.sent.some((s) => Number(s.body.step) < 0));
    expect(dev.sent.at(-1)).toEqual({ channel: "ota/progress", body: { taskId: 7, step: -3, desc: "sha256 mismatch" } });
    expect(dev.sent.some((s) => s.channel === "ota/inform")).toBe(false);
  }, 30_000);
});
