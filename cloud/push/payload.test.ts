import { describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contract/push/config";
import { openSecret, sealSecret } from "../lib/crypto";
import { maskHeaders, openHeaders, renderBatch, sealHeaders } from "./payload";

const at = new Date("2026-11-25T00:00:00Z");
const items = [{ kind: "telemetry", deviceSn: "SIM01001", identifier: "angleX", ts: "2026-11-25T00:00:00.000Z", value: 1.25 }];

describe("secrets", () => {
  it("seals with a fresh nonce and opens only what it sealed", () => {
    const a = sealSecret("Bearer abc");
    expect(a).not.toContain("abc");
    expect(sealSecret("Bearer abc")).not.toBe(a);
    expect(openSecret(a)).toBe("Bearer abc");
    const [v, iv, tag, data] = a.split(".");
    // Change the last character that is all data bits (the final one may be padding bits): never to itself.
    const flipped = `${v}.${iv}.${tag}.${data.slice(0, -2)}${data.at(-2) === "A" ? "B" : "A"}${data.slice(-1)}`;
    expect(() => openSecret(flipped)).toThrow();
  });

  it("keeps a stored secret when the mask or nothing comes back, seals a new one, leaves plain headers alone", () => {
    const stored = sealHeaders([
      { name: "Authorization", value: "Bearer old", secret: true },
      { name: "X-Site", value: "A1", secret: false },
    ]);
    expect(maskHeaders(stored)).toEqual([
      { name: "Authorization", value: SECRET_MASK, secret: true },
      { name: "X-Site", value: "A1", secret: false },
    ]);
    const kept = sealHeaders([{ name: "authorization", value: SECRET_MASK, secret: true }], stored);
    expect(openHeaders(kept)).toEqual({ authorization: "Bearer old" });
    expect(openHeaders(sealHeaders([{ name: "Authorization", value: "", secret: true }], stored))).toEqual({ Authorization: "Bearer old" });
    expect(openHeaders(sealHeaders([{ name: "Authorization", value: "Bearer new", secret: true }], stored))).toEqual({ Authorization: "Bearer new" });
    // A mask with nothing stored under that name is not a secret to keep: it is sealed as written.
    expect(openHeaders(sealHeaders([{ name: "X-Token", value: SECRET_MASK, secret: true }], stored))).toEqual({ "X-Token": SECRET_MASK });
  });
});

describe("renderBatch", () => {
  const config = { id: 7, pushName: "owner", template: null, headers: [], encoding: "UTF-8" };

  it("sends the default JSON document without a template", () => {
    const r = renderBatch(config, items, at);
    expect(JSON.parse(r.body)).toEqual({ name: "owner", configId: 7, sentAt: at.toISOString(), count: 1, items });
    expect(r.contentType).toBe("application/json; charset=UTF-8");
  });

  it("fills a template's placeholders and leaves the rest as written", () => {
    const r = renderBatch({ ...config, template: '{"site": "A1", "n": {{count}}, "data": {{ items }}, "by": "{{name}}", "x": "{{other}}"}', encoding: "GBK" }, items, at);
    expect(JSON.parse(r.body)).toEqual({ site: "A1", n: 1, data: items, by: "owner", x: "{{other}}" });
    expect(r.contentType).toBe("application/json; charset=GBK");
    expect(renderBatch({ ...config, template: "count={{count}}" }, items, at)).toMatchObject({ body: "count=1", contentType: "text/plain; charset=UTF-8" });
  });
});
