import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, PlaywrightWorkerArgs } from "@playwright/test";

/**
 * A WHEP endpoint for tests, as a media server would serve one (issue 34): this process takes the
 * console's POSTed offer and hands it to a publisher page in a browser of its own, which answers
 * with a canvas stream (a running clock and the simulated cameras' timestamp strip, so the tile
 * shows its latency); PATCH takes trickled candidates, DELETE closes the publisher's connection.
 * The publisher's browser shows its real host addresses (no mDNS names, loopback allowed), as a
 * media server does, so the two browsers meet over ICE on this machine.
 */
export async function whepPublisher(playwright: PlaywrightWorkerArgs["playwright"]) {
  const browser: Browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-features=WebRtcHideLocalIpsWithMdns", "--allow-loopback-in-peer-connection"],
  });
  const page = await browser.newPage();
  await page.setContent("<canvas></canvas>");
  await page.evaluate(() => {
    const W = 480;
    const H = 270;
    const BITS = 48;
    const STRIP = 12;
    const canvas = document.querySelector("canvas")!;
    canvas.width = W;
    canvas.height = H;
    const g = canvas.getContext("2d")!;
    setInterval(() => {
      const now = Date.now();
      g.fillStyle = "#1d4ed8";
      g.fillRect(0, 0, W, H);
      g.fillStyle = "#fff";
      g.font = "28px sans-serif";
      g.fillText(`WHEP ${new Date(now).toISOString().slice(11, 23)}`, 24, 120);
      // The timestamp strip as the simulated cameras draw it (lib/video/strip.ts): 48 blocks, most significant first.
      const v = BigInt(now);
      for (let i = 0; i < BITS; i++) {
        g.fillStyle = (v >> BigInt(BITS - 1 - i)) & 1n ? "#fff" : "#000";
        g.fillRect(Math.floor((i * W) / BITS), H - STRIP, Math.ceil(W / BITS), STRIP);
      }
    }, 40);
    const stream = canvas.captureStream(25);
    const peers = new Map<string, RTCPeerConnection>();
    const w = window as unknown as Record<string, unknown>;
    w.answerOffer = async (id: string, offer: string) => {
      const pc = new RTCPeerConnection();
      peers.set(id, pc);
      for (const track of stream.getTracks()) pc.addTrack(track, stream);
      await pc.setRemoteDescription({ type: "offer", sdp: offer });
      await pc.setLocalDescription(await pc.createAnswer());
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === "complete") return resolve();
        pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && resolve());
        setTimeout(resolve, 2_000);
      });
      return pc.localDescription!.sdp;
    };
    w.closePeer = (id: string) => {
      peers.get(id)?.close();
      peers.delete(id);
    };
  });

  const asked: { method: string; path: string; type: string | undefined }[] = [];
  let sessions = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = "";
      req.on("data", (c: Buffer) => (s += c.toString("utf8")));
      req.on("end", () => resolve(s));
    });
  const server = createServer(async (req, res) => {
    const body = await read(req);
    asked.push({ method: req.method!, path: req.url!, type: req.headers["content-type"] });
    try {
      if (req.method === "POST" && req.url === "/cam/whep") {
        const id = `s${++sessions}`;
        const answer = await page.evaluate(([i, o]) => (window as unknown as { answerOffer: (i: string, o: string) => Promise<string> }).answerOffer(i, o), [id, body] as const);
        return res.writeHead(201, { "content-type": "application/sdp", location: `/cam/whep/${id}` }).end(answer);
      }
      const m = /^\/cam\/whep\/(s\d+)$/.exec(req.url ?? "");
      if (m && req.method === "PATCH") return res.writeHead(204).end();
      if (m && req.method === "DELETE") {
        await page.evaluate((i) => (window as unknown as { closePeer: (i: string) => void }).closePeer(i), m[1]);
        return res.writeHead(200).end();
      }
      res.writeHead(404).end();
    } catch {
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/cam/whep`,
    port,
    asked,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await browser.close();
    },
  };
}
