import { describe, expect, it } from "vitest";
import { compareVersions, isOldDevice, sameVersion, versionOrder } from "@/lib/contract/ota/version";
import { gateVerdict, notifyAllowance, phaseOf } from "./engine";

describe("versions as devices write them", () => {
  it("compares by numeric parts, whatever the prefix", () => {
    expect(compareVersions("V1.10", "1.9")).toBeGreaterThan(0);
    expect(compareVersions("V1.0.1", "1.0.1")).toBe(0);
    expect(compareVersions("2024.05", "2024.5.0")).toBe(0);
    expect(sameVersion("v2.0", "2.0.0")).toBe(true);
    expect(sameVersion(null, "2.0.0")).toBe(false);
    expect(versionOrder("V1.2.3")).toBeGreaterThan(versionOrder("1.2"));
    expect(versionOrder("2024.05")).toBeGreaterThan(versionOrder("V9.9.9"));
  });

  it("places the master version boundary at 5.5.0: below is an old device, unknown is new", () => {
    expect(isOldDevice("5.4.99")).toBe(true);
    expect(isOldDevice("V5.5.0")).toBe(false);
    expect(isOldDevice("6.0")).toBe(false);
    expect(isOldDevice(null)).toBe(false);
  });
});

describe("the rollout's rules", () => {
  it("reads a progress step as a phase", () => {
    expect([0, 79, 80, 90, 100].map(phaseOf)).toEqual(["downloading", "downloading", "verifying", "installing", "rebooting"]);
  });

  it("passes the gate only once the whole first batch finished within the thresholds", () => {
    const gate = { gateMinDone: 2, gateSuccessPct: 90, gateFailPct: 10 };
    expect(gateVerdict(gate, { total: 4, done: 1, success: 1, failed: 0 })).toBe("wait");
    expect(gateVerdict(gate, { total: 4, done: 2, success: 2, failed: 0 })).toBe("wait");
    expect(gateVerdict(gate, { total: 4, done: 4, success: 4, failed: 0 })).toBe("pass");
    expect(gateVerdict(gate, { total: 4, done: 2, success: 1, failed: 1 })).toBe("hold");
    expect(gateVerdict({ gateMinDone: null, gateSuccessPct: null, gateFailPct: null }, { total: 3, done: 3, success: 1, failed: 2 })).toBe("pass");
  });

  it("spreads a rate over its minute: a pass notifies a share of it, never the minute's rest at once", () => {
    // 1,000 a minute: 17 in the first second, at most 84 in any 5 s, however much of the minute is left.
    expect(notifyAllowance(1000, 0, 0, 0)).toBe(17);
    expect(notifyAllowance(1000, 50_000, 100, 0)).toBe(84);
    expect(notifyAllowance(1000, 51_000, 184, 84)).toBe(0);
    expect(notifyAllowance(1000, 55_000, 184, 70)).toBe(14);
    // Never more than the rate in a minute: 10 a minute goes one at a time, and stops at ten.
    expect(notifyAllowance(10, 0, 0, 0)).toBe(1);
    expect(notifyAllowance(10, 30_000, 5, 0)).toBe(1);
    expect(notifyAllowance(10, 120_000, 10, 0)).toBe(0);
    expect(notifyAllowance(10_000, 120_000, 0, 0)).toBe(834);
  });
});
