import { describe, expect, it } from "vitest";
import { isUrl, WEB_SCHEMES } from "./url";

describe("isUrl", () => {
  it("takes what a sender can call and nothing else", () => {
    for (const u of ["http://receiver.example/in", "https://10.0.0.1:8443/x?y=1", "http://[::1]:18991/x", "HTTPS://Example.com"]) expect(isUrl(u, WEB_SCHEMES), u).toBe(true);
    for (const u of ["http://[::1:18991/x", "http:/x", "http:x", "http://", "ftp://a/b", "javascript:alert(1)", "http://a b/", " http://a/", "//a/b", "http://a:99999/"]) expect(isUrl(u, WEB_SCHEMES), u).toBe(false);
    expect(isUrl("mqtt://broker:1883", ["mqtt"])).toBe(true);
  });
});

describe("URL fields of the contracts", () => {
  it("refuse an address that only looks like one", async () => {
    const { pushConfig } = await import("./push/config");
    const issues = (address: string) => pushConfig.body.safeParse({ pushName: "x", method: "POST", address }).error?.issues.filter((i) => i.path[0] === "address") ?? [];
    expect(issues("http://[::1:18991/x")).toHaveLength(1);
    expect(issues("http://[::1]:18991/x")).toHaveLength(0);
  });
});
