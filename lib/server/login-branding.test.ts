import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadLoginBranding } from "./login-branding";

/** A cloud that accepts every call and answers none, and one that answers at once. */
let hung: Server;
let answering: Server;
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  hung = createServer(() => undefined);
  answering = createServer((req, res) => {
    const data = req.url!.includes("getCompany") ? { compName: "Acme" } : { complexity: 2, forget: [1] };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ code: 200, msg: "ok", data, success: true }));
  });
  await Promise.all([hung, answering].map((s) => new Promise<void>((r) => s.listen(0, "127.0.0.1", r))));
});
afterAll(async () => {
  hung.closeAllConnections();
  await Promise.all([hung, answering].map((s) => new Promise((r) => s.close(r))));
});

describe("the login page's branding", () => {
  it("is left to the browser when a hung cloud has not answered in time, whatever the calls' own limit", async () => {
    expect(await loadLoginBranding(2, "en", { baseUrl: urlOf(hung), product: "iot", timeoutMs: 120_000 })).toEqual({ company: null, pwdMode: null });
  });

  it("comes with the page when the cloud answers", async () => {
    expect(await loadLoginBranding(2, "en", { baseUrl: urlOf(answering), product: "iot", timeoutMs: 120_000 })).toEqual({ company: { compName: "Acme" }, pwdMode: { complexity: 2, forget: [1] } });
  });
});
