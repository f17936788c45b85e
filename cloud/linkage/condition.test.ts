import { describe, expect, it } from "vitest";
import { linkageRule, type Trigger } from "@/lib/contract/linkage/rule";
import { FireRateBreaker, combine, compare, isActive, loopsOf, observe, propertyHolds, stateMatches, suppressed } from "./condition";

const prop = (extra: Partial<Extract<Trigger, { termType: 1 }>> = {}): Extract<Trigger, { termType: 1 }> => ({ termType: 1, deviceId: 1, identifier: "angleX", symbol: 2, value: 0.5, durationSec: undefined, ...extra });
const at = (s: number) => new Date(Date.UTC(2026, 2, 2, 0, 0, s));

describe("compare symbols", () => {
  it("compares with one value (1–5)", () => {
    expect([1, 2, 3, 4, 5].map((s) => compare(s as 1, 2, 2, undefined))).toEqual([true, false, false, true, true]);
    expect(compare(2, 2.1, 2, undefined)).toBe(true);
    expect(compare(3, 1.9, 2, undefined)).toBe(true);
  });
  it("tells the four interval types apart at their ends", () => {
    // (1,3) [1,3] [1,3) (1,3]
    expect([6, 7, 8, 9].map((s) => compare(s as 6, 1, 1, 3))).toEqual([false, true, true, false]);
    expect([6, 7, 8, 9].map((s) => compare(s as 6, 3, 1, 3))).toEqual([false, true, false, true]);
    expect([6, 7, 8, 9].map((s) => compare(s as 6, 2, 1, 3))).toEqual([true, true, true, true]);
    expect([6, 7, 8, 9].map((s) => compare(s as 6, 3.5, 1, 3))).toEqual([false, false, false, false]);
  });
});

describe("property triggers", () => {
  it("holds only once the condition has held for the state duration, and resets on a break", () => {
    const tr = prop({ durationSec: 30 });
    let s = observe(tr, undefined, 0.6, at(0));
    expect(propertyHolds(tr, s, at(0), null)).toBe(false);
    s = observe(tr, s, 0.7, at(20));
    expect(propertyHolds(tr, s, at(20), null)).toBe(false);
    s = observe(tr, s, 0.8, at(30));
    expect(propertyHolds(tr, s, at(30), null)).toBe(true);
    s = observe(tr, s, 0.1, at(40));
    expect(s.heldSince).toBeNull();
    s = observe(tr, s, 0.9, at(50));
    expect(propertyHolds(tr, s, at(50), null)).toBe(false);
  });
  it("ignores a value older than the latest", () => {
    const tr = prop();
    const s = observe(tr, observe(tr, undefined, 0.9, at(10)), 0.1, at(5));
    expect(s.value).toBe(0.9);
  });
  it("does not count a value older than the data validity", () => {
    const tr = prop();
    const s = observe(tr, undefined, 0.9, at(0));
    expect(propertyHolds(tr, s, at(59), 60)).toBe(true);
    expect(propertyHolds(tr, s, at(61), 60)).toBe(false);
    expect(propertyHolds(tr, s, at(3600), null)).toBe(true);
  });
});

describe("combining triggers", () => {
  const triggers: Trigger[] = [prop(), { termType: 2, deviceId: 2, onlineType: 3 }];
  it("all needs every trigger, any needs one", () => {
    expect(combine(1, triggers, (i) => i === 0)).toBe(false);
    expect(combine(1, triggers, () => true)).toBe(true);
    expect(combine(2, triggers, (i) => i === 1)).toBe(true);
    expect(combine(2, triggers, () => false)).toBe(false);
    expect(combine(2, [], () => true)).toBe(false);
  });
  it("matches device states by online type", () => {
    expect([stateMatches(1, 2), stateMatches(1, 3), stateMatches(2, 2), stateMatches(2, 3), stateMatches(3, 3), stateMatches(3, 1)]).toEqual([true, true, true, false, true, false]);
  });
});

describe("active time", () => {
  // 2026-03-02 is a Monday; 01:30 UTC is 09:30 platform time.
  const monday0930 = new Date("2026-03-02T01:30:00Z");
  it("is always active, or inside a weekly window in platform time", () => {
    expect(isActive(1, [], monday0930)).toBe(true);
    expect(isActive(2, [{ days: [1], start: "09:00", end: "10:00" }], monday0930)).toBe(true);
    expect(isActive(2, [{ days: [2, 3], start: "09:00", end: "10:00" }], monday0930)).toBe(false);
    expect(isActive(2, [{ days: [1], start: "10:00", end: "11:00" }], monday0930)).toBe(false);
    // Sunday is 7.
    expect(isActive(2, [{ days: [7], start: "00:00", end: "23:59" }], new Date("2026-03-01T12:00:00Z"))).toBe(true);
  });
});

describe("repeat-suppress", () => {
  it("holds a rule back for N minutes after it ran, never a normal rule", () => {
    const fired = at(0);
    expect(suppressed(2, 10, fired, new Date(fired.getTime() + 9 * 60_000))).toBe(true);
    expect(suppressed(2, 10, fired, new Date(fired.getTime() + 10 * 60_000))).toBe(false);
    expect(suppressed(1, 10, fired, new Date(fired.getTime() + 60_000))).toBe(false);
    expect(suppressed(2, 10, null, fired)).toBe(false);
  });
});

describe("loop guard", () => {
  it("finds an action that sets a property the rule watches", () => {
    const triggers: Trigger[] = [prop({ deviceId: 7, identifier: "valve" })];
    expect(loopsOf(triggers, [{ actionType: 1, deviceId: 7, cmdType: "property", params: { valve: 1 }, delaySec: 0 }])).toEqual(["7:valve"]);
    expect(loopsOf(triggers, [{ actionType: 1, deviceId: 8, cmdType: "property", params: { valve: 1 }, delaySec: 0 }])).toEqual([]);
    expect(loopsOf(triggers, [{ actionType: 1, deviceId: 7, cmdType: "service", identifier: "valve", params: {}, delaySec: 0 }])).toEqual([]);
  });
  it("trips the breaker above the fire rate and forgets old fires", () => {
    const b = new FireRateBreaker(3, 60_000);
    expect([0, 1000, 2000].map((t) => b.trip(1, t))).toEqual([false, false, false]);
    expect(b.trip(1, 3000)).toBe(true);
    expect(b.trip(2, 3000)).toBe(false);
    const c = new FireRateBreaker(3, 60_000);
    expect([0, 30_000, 61_000, 62_000].map((t) => c.trip(1, t))).toEqual([false, false, false, false]);
  });
});

describe("rule schema (core §5)", () => {
  const base = {
    ruleName: "倾角联动",
    triggers: [{ termType: 1, deviceId: 1, identifier: "angleX", symbol: 2, value: 0.5, durationSec: 30 }],
    actions: [{ actionType: 3, method: "POST", url: "http://example.com/hook", body: "{}" }],
  };
  const issues = (v: object) => {
    const r = linkageRule.body.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
  };
  it("accepts a complete rule", () => expect(issues(base)).toEqual([]));
  it("refuses 0 for durations and validity, no trigger, no action, empty specified times", () => {
    expect(issues({ ...base, triggers: [{ ...base.triggers[0], durationSec: 0 }] })).toEqual(["triggers.0.durationSec:validation.linkage.zero"]);
    expect(issues({ ...base, validitySec: 0 })).toEqual(["validitySec:validation.linkage.zero"]);
    expect(issues({ ...base, triggers: [] })).toEqual(["triggers:validation.linkage.noTrigger"]);
    expect(issues({ ...base, actions: [] })).toEqual(["actions:validation.linkage.noAction"]);
    expect(issues({ ...base, activeTime: 2 })).toEqual(["activeWindows:validation.linkage.timesEmpty"]);
    expect(issues({ ...base, activeTime: 2, activeWindows: [{ days: [], start: "08:00", end: "18:00" }] })).toEqual(["activeWindows.0.days:validation.linkage.timesEmpty"]);
  });
  it("needs both ends of an interval in order, a valid cron, suppress minutes", () => {
    expect(issues({ ...base, triggers: [{ ...base.triggers[0], symbol: 7 }] })).toEqual(["triggers.0.value2:validation.required"]);
    expect(issues({ ...base, triggers: [{ ...base.triggers[0], symbol: 7, value2: 0.1 }] })).toEqual(["triggers.0.value2:validation.maxBelowMin"]);
    expect(issues({ ...base, triggers: [{ termType: 3, cron: "nonsense" }] })).toEqual(["triggers.0.cron:validation.linkage.cron"]);
    expect(issues({ ...base, triggers: [{ termType: 3, cron: "0 0 8 * * ? *" }] })).toEqual([]);
    expect(issues({ ...base, tactic: 2 })).toEqual(["suppressMinutes:validation.required"]);
    expect(issues({ ...base, actions: [{ actionType: 3, method: "POST", url: "ftp://x" }] })).toEqual(["actions.0.url:validation.linkage.url"]);
  });
});
