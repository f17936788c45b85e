import { describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contract/secret";
import { openSecret, sealSecret } from "./crypto";
import { maskEntries, openEntries, sealEntries } from "./secrets";

const sealHeaders = (input: { name: string; value: string; secret: boolean }[], stored: typeof input = []) => sealEntries(input, stored, (h) => h.name);
const sent = (headers: { name: string; value: string }[]) => Object.fromEntries(openEntries(headers).map((h) => [h.name, h.value]));

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
      { name: "X-Auth", value: "Bearer old", secret: true },
      { name: "X-Site", value: "A1", secret: false },
    ]);
    expect(maskEntries(stored, (h) => h.name)).toEqual([
      { name: "X-Auth", value: SECRET_MASK, secret: true },
      { name: "X-Site", value: "A1", secret: false },
    ]);
    expect(sent(sealHeaders([{ name: "x-auth", value: SECRET_MASK, secret: true }], stored))).toEqual({ "x-auth": "Bearer old" });
    expect(sent(sealHeaders([{ name: "X-Auth", value: "", secret: true }], stored))).toEqual({ "X-Auth": "Bearer old" });
    expect(sent(sealHeaders([{ name: "X-Auth", value: "Bearer new", secret: true }], stored))).toEqual({ "X-Auth": "Bearer new" });
    // A mask with nothing stored under that name is not a secret to keep: it is sealed as written.
    expect(sent(sealHeaders([{ name: "X-Other", value: SECRET_MASK, secret: true }], stored))).toEqual({ "X-Other": SECRET_MASK });
  });

  it("seals credential headers even when the form does not mark them", () => {
    for (const name of ["Authorization", "proxy-authorization", "Cookie", "X-Token", "X-Api-Key", "apikey", "X-Signature", "client_secret"]) {
      const [h] = sealEntries([{ key: name, value: "s3cret" }], [], (e) => e.key);
      expect(h).toMatchObject({ key: name, secret: true });
      expect(h.value).not.toContain("s3cret");
    }
    expect(sealEntries([{ key: "Content-Type", value: "text/plain" }], [], (e) => e.key)).toEqual([{ key: "Content-Type", value: "text/plain" }]);
  });

  it("leaves out a secret sealed under another key rather than sending it wrong", () => {
    expect(openEntries([{ name: "X-Auth", value: "v1.AAAA.AAAA.AAAA", secret: true }, { name: "X-Site", value: "A1" }])).toEqual([{ name: "X-Site", value: "A1" }]);
  });
});
