import { describe, expect, it } from "vitest";
import { device, isStale, signalLevel } from "./device";

const good = { deviceName: "倾角计-01", deviceSn: "QJ-0001", productId: 3, reportCycle: 600 };
const firstIssue = (v: unknown) => {
  const r = device.body.safeParse(v);
  expect(r.success).toBe(false);
  const i = r.error!.issues[0];
  return { path: i.path.join("."), message: i.message };
};

describe("device contract", () => {
  it("accepts a device with the required fields, enabled by default", () => {
    expect(device.body.parse(good)).toMatchObject({ ...good, enableStatus: 1 });
    expect(device.body.parse({ ...good, channelNo: "12", longitude: "120.2", powerSupply: "" })).toMatchObject({ channelNo: 12, longitude: 120.2 });
  });

  it("keeps channel 1–9999 and the reporting cycle 0–31536000 s (core §5)", () => {
    expect(firstIssue({ ...good, channelNo: 0 })).toEqual({ path: "channelNo", message: "validation.min" });
    expect(firstIssue({ ...good, channelNo: 10000 })).toEqual({ path: "channelNo", message: "validation.max" });
    expect(firstIssue({ ...good, reportCycle: 31_536_001 })).toEqual({ path: "reportCycle", message: "validation.max" });
    expect(firstIssue({ ...good, reportCycle: "" })).toEqual({ path: "reportCycle", message: "validation.required" });
    expect(device.body.parse({ ...good, reportCycle: 0 }).reportCycle).toBe(0);
  });

  it("refuses an SN that could not be an MQTT topic level or username", () => {
    for (const sn of ["a/b", "a+b", "a#", "有"]) expect(firstIssue({ ...good, deviceSn: sn })).toEqual({ path: "deviceSn", message: "validation.format" });
  });

  it("never takes status, signal or a secret from the caller", () => {
    const parsed = device.body.parse({ ...good, status: 2, signal: -40, secretHash: "x" }) as Record<string, unknown>;
    expect(parsed.status).toBeUndefined();
    expect(parsed.signal).toBeUndefined();
    expect(parsed.secretHash).toBeUndefined();
  });
});

describe("device list marks", () => {
  const now = Date.parse("2026-03-02T08:00:00Z");
  const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
  it("marks an online device stale once its newest value is older than two reporting cycles", () => {
    expect(isStale({ status: "2", lastReportTime: at(119), reportCycle: 60 }, now)).toBe(false);
    expect(isStale({ status: "2", lastReportTime: at(121), reportCycle: 60 }, now)).toBe(true);
    expect(isStale({ status: "3", lastReportTime: at(1000), reportCycle: 60 }, now)).toBe(false);
    expect(isStale({ status: "2", lastReportTime: at(1000), reportCycle: 0 }, now)).toBe(false);
    expect(isStale({ status: "2", lastReportTime: null as unknown as string, reportCycle: 60 }, now)).toBe(false);
  });
  it("turns dBm into signal bars", () => {
    expect([-50, -70, -80, -90, -100, null].map(signalLevel)).toEqual([4, 3, 2, 1, 0, 0]);
  });
});
