import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KEEP_ALIVE_S, keepAliveSeconds, keepIdleConnections } from "./keep-alive";

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
  vi.restoreAllMocks();
});

/** One request on a fresh connection: the answer's Keep-Alive header. */
async function keepAliveHeader(s: Server) {
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  return new Promise<string | undefined>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", headers: { connection: "keep-alive" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.headers["keep-alive"] as string | undefined));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("idle kept-alive connections", () => {
  it("are kept 65 s (Node's default is 5 s), headers waited for a second longer, and the timeout told to clients", async () => {
    server = createServer((_req, res) => res.end("ok"));
    expect(server.keepAliveTimeout).toBe(5000);
    keepIdleConnections(server, keepAliveSeconds(undefined));
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_S * 1000);
    expect(server.headersTimeout).toBe((KEEP_ALIVE_S + 1) * 1000);
    // fetch (undici) reads the hint and closes its side about a second sooner: its reuse never races the server's close.
    expect(await keepAliveHeader(server)).toBe(`timeout=${KEEP_ALIVE_S}`);
  });

  it("take HTTP_KEEP_ALIVE_S in whole seconds, and the default (with a warning) for anything else", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(keepAliveSeconds("120")).toBe(120);
    expect(keepAliveSeconds("")).toBe(KEEP_ALIVE_S);
    expect(warn).not.toHaveBeenCalled();
    for (const bad of ["0", "-5", "1.5", "abc", "3601"]) expect(keepAliveSeconds(bad)).toBe(KEEP_ALIVE_S);
    expect(warn).toHaveBeenCalledTimes(5);
  });
});
