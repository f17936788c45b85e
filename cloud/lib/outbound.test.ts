import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t } from "./i18n";
import { OutboundError, refusedRange, safeFetch } from "./outbound";

describe("refusedRange", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["169.254.169.254", "linkLocal"],
    ["fe80::1", "linkLocal"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["fd00::1", "private"],
    ["fc00::abcd", "private"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.254", "cgnat"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "reserved"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:a9fe:a9fe", "linkLocal"],
    ["64:ff9b::192.168.0.1", "private"],
  ])("%s is %s", (address, range) => {
    expect(refusedRange(address)).toBe(range);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "192.169.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "11.0.0.1"])("%s is public", (address) => {
    expect(refusedRange(address)).toBeNull();
  });
});

/** A receiver on loopback: routes by path. */
let server: Server;
let base: string;
const seen: { method?: string; url?: string; headers: IncomingMessage["headers"]; body: Buffer }[] = [];
const routes: Record<string, (req: IncomingMessage, res: ServerResponse, body: Buffer) => void> = {
  "/ok": (_req, res) => res.end("fine"),
  "/echo-gbk": (_req, res, body) => {
    res.setHeader("content-type", "text/plain; charset=gbk");
    res.end(iconv.encode(`收到${iconv.decode(body, "gbk")}`, "gbk"));
  },
  "/to-ok": (_req, res) => res.writeHead(302, { location: "/ok" }).end(),
  "/post-303": (_req, res) => res.writeHead(303, { location: "/ok" }).end(),
  "/to-metadata": (_req, res) => res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end(),
  "/to-mapped": (_req, res) => res.writeHead(307, { location: "http://[::ffff:10.0.0.1]/" }).end(),
  "/loop": (_req, res) => res.writeHead(302, { location: "/loop" }).end(),
  "/big": (_req, res) => res.end(Buffer.alloc(5000, 65)),
  "/big-chunked": (_req, res) => {
    res.write(Buffer.alloc(3000, 65));
    res.end(Buffer.alloc(3000, 65));
  },
  "/slow": () => undefined,
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      (routes[req.url ?? ""] ?? ((_q, r) => r.writeHead(404).end()))(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const local = { allowAddresses: ["127.0.0.1"] };

async function refusal(p: Promise<unknown>): Promise<OutboundError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(OutboundError);
  return e as OutboundError;
}

describe("safeFetch", () => {
  it("refuses loopback unless allowed, with a localised message", async () => {
    const e = await refusal(safeFetch(`${base}/ok`, { allowPrivate: false }));
    expect(e.kind).toBe("refused");
    expect(e.values).toMatchObject({ address: "127.0.0.1", range: "@cloud.outbound.ranges.loopback" });
    expect(t("en", e.key, { ...e.values, range: t("en", "cloud.outbound.ranges.loopback") })).toContain("loopback");
    const r = await safeFetch(`${base}/ok`, { allowPrivate: true });
    expect(r).toMatchObject({ status: 200, body: "fine" });
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("reads PUSH_ALLOW_PRIVATE", async () => {
    const before = process.env.PUSH_ALLOW_PRIVATE;
    process.env.PUSH_ALLOW_PRIVATE = "1";
    try {
      expect((await safeFetch(`${base}/ok`)).status).toBe(200);
    } finally {
      if (before === undefined) delete process.env.PUSH_ALLOW_PRIVATE;
      else process.env.PUSH_ALLOW_PRIVATE = before;
    }
  });

  it("refuses a name when any of its addresses is internal, and connects to the checked address only", async () => {
    const port = new URL(base).port;
    const mixed = await refusal(safeFetch(`http://rebind.test:${port}/ok`, { allowPrivate: false, resolve: async () => ["93.184.216.34", "10.0.0.7"] }));
    expect(mixed.values).toMatchObject({ address: "10.0.0.7", range: "@cloud.outbound.ranges.private" });
    // A resolver answering differently on a second lookup gets no second chance: one lookup per hop.
    let lookups = 0;
    const r = await safeFetch(`http://receiver.test:${port}/ok`, {
      ...local,
      resolve: async () => (++lookups === 1 ? ["127.0.0.1"] : ["10.9.9.9"]),
    });
    expect(r.status).toBe(200);
    expect(lookups).toBe(1);
    expect(seen.at(-1)?.headers.host).toBe(`receiver.test:${port}`);
  });

  it("refuses other schemes and malformed addresses", async () => {
    expect((await refusal(safeFetch("file:///etc/passwd"))).kind).toBe("badUrl");
    expect((await refusal(safeFetch("not a url"))).kind).toBe("badUrl");
  });

  it("follows redirects to allowed addresses, a 303 as a GET without body", async () => {
    expect(await safeFetch(`${base}/to-ok`, local)).toMatchObject({ status: 200, body: "fine" });
    const r = await safeFetch(`${base}/post-303`, { ...local, method: "POST", body: "x" });
    expect(r.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/ok" });
    expect(seen.at(-1)?.body.length).toBe(0);
  });

  it("never follows a redirect to a refused address", async () => {
    const before = seen.length;
    const e = await refusal(safeFetch(`${base}/to-metadata`, local));
    expect(e.values).toMatchObject({ address: "169.254.169.254", range: "@cloud.outbound.ranges.linkLocal" });
    const mapped = await refusal(safeFetch(`${base}/to-mapped`, local));
    expect(mapped.values).toMatchObject({ range: "@cloud.outbound.ranges.private" });
    expect(seen.length).toBe(before + 2);
  });

  it("stops after three redirects", async () => {
    const before = seen.length;
    const e = await refusal(safeFetch(`${base}/loop`, local));
    expect(e.kind).toBe("redirects");
    expect(seen.length - before).toBe(4);
  });

  it("caps the answer's size, declared or streamed", async () => {
    expect((await refusal(safeFetch(`${base}/big`, { ...local, maxBytes: 1000 }))).kind).toBe("tooLarge");
    expect((await refusal(safeFetch(`${base}/big-chunked`, { ...local, maxBytes: 4000 }))).kind).toBe("tooLarge");
    expect((await safeFetch(`${base}/big`, { ...local, maxBytes: 5000 })).body.length).toBe(5000);
  });

  it("caps the time and says there was no answer", async () => {
    const e = await refusal(safeFetch(`${base}/slow`, { ...local, timeoutMs: 200 }));
    expect(e.kind).toBe("timeout");
    expect(e.noResponse).toBe(true);
  });

  it("reports a closed port as no response", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const e = await refusal(safeFetch(`http://127.0.0.1:${port}/`, local));
    expect(e.kind).toBe("network");
    expect(e.noResponse).toBe(true);
  });

  it("encodes the body and decodes the answer in GBK", async () => {
    const r = await safeFetch(`${base}/echo-gbk`, { ...local, method: "POST", body: "温度", encoding: "GBK", headers: { "content-type": "text/plain; charset=GBK" } });
    expect(seen.at(-1)?.body.equals(iconv.encode("温度", "gbk"))).toBe(true);
    expect(r.body).toBe("收到温度");
  });
});
