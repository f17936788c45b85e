import { describe, expect, it } from "vitest";
import { configBatchBody, configKindOf, configUpdBody, inclinometerConfig, rangeConfig, tiltConfig } from "./device-config";
import { round } from "./compute";
import { depthProfile, nearestCurve, profileQuery, spreadTimes, unitReadings, unitTops, valueAtDepth } from "./depth-profile";

/** The angle whose sine is `s`, in degrees: a 1 m unit tilted so moves `s` m. */
const deg = (s: number) => (Math.asin(s) * 180) / Math.PI;
const issue = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => r.error?.issues.map((i) => `${i.path.join(".")}:${i.message}`);

describe("device configuration rules (core §5)", () => {
  it("maps monitoring kinds to configuration kinds", () => {
    expect(configKindOf("inclinometer")).toBe("inclinometer");
    expect(configKindOf("tiltDis")).toBe("tilt");
    expect(configKindOf("settlement")).toBe("range");
  });

  it("keeps an inclinometer's units within 300 m each and its hole not shallower than the string", () => {
    expect(inclinometerConfig.body.safeParse({ holePosition: 1, holeDepth: 32, unitLength: 0.5, unitCount: 64 }).success).toBe(true);
    expect(issue(inclinometerConfig.body.safeParse({ holeDepth: 20, unitLength: 0.5, unitCount: 64 }))).toEqual(["holeDepth:validation.holeDepthBelowTotal"]);
    expect(issue(inclinometerConfig.body.safeParse({ holeDepth: 1000, unitLength: 300.5, unitCount: 1 }))).toEqual(["unitLength:validation.max"]);
    expect(issue(inclinometerConfig.body.safeParse({ holeDepth: 0.05, unitLength: 0.01, unitCount: 1 }))).toEqual(["holeDepth:validation.min"]);
    expect(issue(inclinometerConfig.body.safeParse({ holeDepth: 100_001, unitLength: 1, unitCount: 1 }))).toEqual(["holeDepth:validation.max"]);
    expect(issue(inclinometerConfig.body.safeParse({ holeDepth: 100, unitLength: 1, unitCount: 65 }))).toEqual(["unitCount:validation.max"]);
  });

  it("requires the laser distance and both reference angles of a tilt meter", () => {
    expect(tiltConfig.body.safeParse({ laserDistance: 20, refAngleX: 0, refAngleY: -1.5 }).success).toBe(true);
    expect(issue(tiltConfig.body.safeParse({ laserDistance: "", refAngleX: 0 }))).toEqual(["laserDistance:validation.required", "refAngleY:validation.required"]);
  });

  it("refuses a maximum below its minimum", () => {
    expect(rangeConfig.body.safeParse({ alarmMin: -5, alarmMax: 5 }).success).toBe(true);
    expect(issue(rangeConfig.body.safeParse({ alarmMin: 5, alarmMax: -5 }))).toEqual(["alarmMax:validation.maxBelowMin"]);
  });

  it("checks single and batch bodies with the kind's rules", () => {
    expect(configUpdBody.range.safeParse({ deviceId: 3, alarmMin: 1, alarmMax: 2 }).success).toBe(true);
    expect(configUpdBody.range.safeParse({ alarmMin: 1, alarmMax: 2 }).success).toBe(false);
    expect(issue(configBatchBody.tilt.safeParse({ deviceIds: [], laserDistance: 1, refAngleX: 0, refAngleY: 0 }))).toEqual(["deviceIds:validation.minItems"]);
  });
});

describe("depth profile", () => {
  const cfg = { holePosition: 1 as const, holeDepth: 10, unitLength: 1, unitCount: 3 };

  it("sums each unit's offset from the fixed toe up, against the reference reading", () => {
    // Offsets of 2, 1 and 0 mm from the top down: 3 mm at the top, 1 mm at 1 m, nothing below 2 m.
    const reading = [deg(0.002), deg(0.001), 0].map((a) => ({ angleA: a, angleB: -a }));
    const p = depthProfile(reading, null, cfg);
    expect(p.map((x) => x.depth)).toEqual([0, 1, 2, 3]);
    expect(p.map((x) => x.a)).toEqual([3, 1, 0, 0]);
    expect(p.map((x) => x.b)).toEqual([-3, -1, 0, 0]);
    // The same reading against itself: no movement anywhere.
    expect(depthProfile(reading, reading, cfg).every((x) => x.a === 0 && x.b === 0)).toBe(true);
    // Against an earlier reading with the top unit at 1 mm: 1 mm less at and above the top unit.
    const before = [deg(0.001), deg(0.001), 0].map((a) => ({ angleA: a, angleB: 0 }));
    expect(depthProfile(reading, before, cfg).map((x) => x.a)).toEqual([1, 0, 0, 0]);
  });

  it("gives each unit's tilt change against the initial reading, so a curve taken as initial reads 0 everywhere after", () => {
    const initial = [1.25, -0.5, 0.1].map((a) => ({ angleA: a, angleB: a / 2 }));
    const later = [1.3, -0.5, 0.05].map((a) => ({ angleA: a, angleB: a / 2 }));
    const p = depthProfile(later, initial, cfg);
    // Top down: the units' own changes, none at the toe.
    expect(p.map((x) => x.angleA)).toEqual([0.05, 0, -0.05, null]);
    expect(p.map((x) => x.angleB)).toEqual([0.025, 0, -0.025, null]);
    // 0.05° over 1 m is 0.873 mm; the top unit's and the bottom unit's cancel at the top.
    expect(p.map((x) => x.a)).toEqual([0, -0.873, -0.873, 0]);
    // The initial reading itself, once taken as the reference: the cumulative curve resets.
    expect(depthProfile(initial, initial, cfg).map((x) => [x.a, x.b, x.angleA])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, null],
    ]);
  });

  it("uses the configured unit length and count, and counts depths from the bottom when so placed", () => {
    const reading = Array.from({ length: 5 }, () => ({ angleA: deg(0.001), angleB: 0 }));
    // Units of 0.5 m: 0.5 mm each; only the configured three count.
    expect(depthProfile(reading, null, { ...cfg, unitLength: 0.5 }).map((x) => x.a)).toEqual([1.5, 1, 0.5, 0]);
    expect(unitTops({ holePosition: 2, holeDepth: 10, unitLength: 1 }, 3)).toEqual([9, 8, 7]);
    const fromBottom = depthProfile([deg(0.002), 0, 0].map((a) => ({ angleA: a, angleB: 0 })), null, { ...cfg, holePosition: 2 });
    // The bottom unit (listed first) moved: the whole string above it carries its 2 mm.
    const bottom = round(deg(0.002), 4);
    expect(fromBottom).toEqual([
      { depth: 7, a: 2, b: 0, angleA: 0, angleB: 0 },
      { depth: 8, a: 2, b: 0, angleA: 0, angleB: 0 },
      { depth: 9, a: 2, b: 0, angleA: bottom, angleB: 0 },
      { depth: 10, a: 0, b: 0, angleA: null, angleB: null },
    ]);
  });

  it("finds the curve a click on the chart means: the nearest along the displacement axis at the clicked depth", () => {
    const pt = (depth: number, a: number) => ({ depth, a, b: -a, angleA: null, angleB: null });
    const left = { ts: 1, points: [pt(0, -4), pt(1, -2), pt(2, 0)] };
    const right = { ts: 2, points: [pt(0, 6), pt(1, 2), pt(2, 0)] };
    // Between points the value is interpolated: halfway from 1 m (2 mm) to 0 m (6 mm) is 4 mm.
    expect(valueAtDepth(right.points, "a", 0.5)).toBe(4);
    expect(valueAtDepth(right.points, "b", 0.5)).toBe(-4);
    expect(valueAtDepth(right.points, "a", 3)).toBeNull();
    expect(nearestCurve([left, right], "a", [-2.5, 0.5])).toBe(0);
    expect(nearestCurve([left, right], "a", [1, 0.5])).toBe(1);
    // Along B the curves are mirrored.
    expect(nearestCurve([left, right], "b", [-2.5, 0.5])).toBe(1);
    // Below every curve's toe: none.
    expect(nearestCurve([left, right], "a", [0, 5])).toBe(-1);
    expect(nearestCurve([], "a", [0, 0])).toBe(-1);
  });

  it("reads stored unit arrays and refuses malformed ones", () => {
    expect(unitReadings(JSON.stringify([{ depth: 0.5, angleA: 1, angleB: -1, disA: 0 }]))).toEqual([{ angleA: 1, angleB: -1 }]);
    expect(unitReadings("{")).toBeNull();
    expect(unitReadings(JSON.stringify([{ angleA: "x" }]))).toBeNull();
    expect(unitReadings(null)).toBeNull();
  });

  it("spreads curve times over the range and limits them", () => {
    expect(spreadTimes(0, 100, 5)).toEqual([0, 25, 50, 75, 100]);
    expect(spreadTimes(5, 5, 3)).toEqual([5]);
    expect(profileQuery.safeParse({ deviceId: 1, times: Array.from({ length: 13 }, (_, i) => i + 1) }).success).toBe(false);
    expect(profileQuery.safeParse({ deviceId: 1, times: [] }).success).toBe(false);
  });
});
