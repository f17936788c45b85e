import { describe, expect, it } from "vitest";
import { checkValue, type ThingFunction } from "@/lib/contract/device/thing-model";
import { arraySeriesFor, POUR_CYCLE_DAYS, sampleValue, seriesFor, SIM_UNIT_LENGTH, stringLengthOf, tempArraySeriesFor, unitSeriesFor } from "./series";
import { depthProfile } from "@/lib/contract/monitoring/depth-profile";

const HOUR = 3600_000;
const T0 = Date.UTC(2026, 6, 1);
const prop = (identifier: string, min: number, max: number, type: "float" | "int32" = "float"): ThingFunction => ({ funcName: identifier, identifier, funcType: 1, accessMode: "r", dataType: { type, min, max } });
const over = (f: (t: number) => number, hours: number, step = HOUR) => Array.from({ length: Math.floor((hours * HOUR) / step) }, (_, i) => f(T0 + i * step));

describe("seriesFor", () => {
  it("stays within the property's range and is the same for the same instant", () => {
    for (const fn of [prop("settlement", -50, 50), prop("temperature", -40, 80), prop("battery", 0, 100, "int32"), prop("waterLevel", 0, 20)]) {
      const f = seriesFor(fn, 7)!;
      const values = over(f, 24 * 365, 6 * HOUR);
      const { min, max } = fn.dataType as { min: number; max: number };
      expect(Math.min(...values)).toBeGreaterThanOrEqual(min);
      expect(Math.max(...values)).toBeLessThanOrEqual(max);
      expect(f(T0 + 123_456)).toBe(f(T0 + 123_456));
    }
  });

  it("gives temperatures a daily cycle warmer in the afternoon (UTC+8) than before dawn", () => {
    const f = seriesFor(prop("temperature", -40, 80), 3)!;
    // 14:00 and 04:00 platform time on the same day, averaged over a week to wash out the noise.
    const at = (h: number) => over((t) => f(t + (h - 8) * HOUR), 24 * 7, 24 * HOUR);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(at(14)) - mean(at(4))).toBeGreaterThan(8);
  });

  it("drains a battery and has structural readings drift with occasional spikes", () => {
    const battery = seriesFor(prop("battery", 0, 100, "int32"), 5)!;
    const days = over(battery, 24 * 30, 24 * HOUR);
    expect(days.filter((v, i) => i > 0 && v < days[i - 1]).length).toBeGreaterThan(20);
    const tilt = seriesFor(prop("tiltX", -30, 30), 11)!;
    const hourly = over(tilt, 24 * 200);
    const jumps = hourly.filter((v, i) => i > 0 && Math.abs(v - hourly[i - 1]) > 60 * 0.1);
    expect(jumps.length).toBeGreaterThan(0);
    expect(jumps.length).toBeLessThan(hourly.length * 0.05);
  });

  it("gives each property of a device its own course: X and Y tilt, and the axes of an accelerometer, differ", () => {
    for (const [a, b] of [["angleX", "angleY"], ["accX", "accY"], ["dx", "dy"]]) {
      const x = over(seriesFor(prop(a, -30, 30), 7)!, 24 * 30, 6 * HOUR);
      const y = over(seriesFor(prop(b, -30, 30), 7)!, 24 * 30, 6 * HOUR);
      expect(x.filter((v, i) => v !== y[i]).length).toBe(x.length);
    }
  });

  it("keeps air pressure about sea level and a hole depth at the configured string's length", () => {
    const pressure = seriesFor({ identifier: "pressure", dataType: { type: "float", min: 300, max: 1100, unit: "hPa" } }, 9)!;
    const values = over(pressure, 24 * 365, 6 * HOUR);
    expect(Math.min(...values)).toBeGreaterThan(995);
    expect(Math.max(...values)).toBeLessThan(1030);
    const points: ThingFunction = { funcName: "p", identifier: "points", funcType: 1, dataType: { type: "array", size: 64, element: { type: "struct", members: [{ identifier: "angleA", name: "A", dataType: { type: "float", min: -15, max: 15 } }] } } };
    expect(stringLengthOf([points])).toBe(32);
    const depth = seriesFor({ identifier: "holeDepth", dataType: { type: "double", min: 0.1, max: 300 } }, 9, { stringLength: stringLengthOf([points]) })!;
    expect(new Set(over(depth, 24 * 30, 6 * HOUR))).toEqual(new Set([32]));
  });

  it("has no series for non-numeric properties", () => {
    expect(seriesFor({ identifier: "mode", dataType: { type: "enum", items: [{ value: 0, text: "a" }] } }, 1)).toBeNull();
  });
});

describe("sampleValue", () => {
  it("produces values the thing model accepts, structs and arrays included", () => {
    const fn: ThingFunction = {
      funcName: "Overload",
      identifier: "overload",
      funcType: 2,
      outputParams: [
        { identifier: "level", name: "Level", dataType: { type: "enum", items: [{ value: 1, text: "a" }, { value: 2, text: "b" }] } },
        { identifier: "pos", name: "Pos", dataType: { type: "struct", members: [{ identifier: "x", name: "X", dataType: { type: "int32", min: -5, max: 5 } }] } },
        { identifier: "list", name: "List", dataType: { type: "array", size: 2, element: { type: "double", min: 0, max: 1 } } },
      ],
    };
    for (let n = 0; n < 50; n++) {
      const params = Object.fromEntries(fn.outputParams!.map((p, i) => [p.identifier, sampleValue(p.dataType, i, n)]));
      expect(checkValue(fn, params)).toEqual({ ok: true });
    }
  });
});

describe("unitSeriesFor", () => {
  const units: ThingFunction = {
    funcName: "points",
    identifier: "points",
    funcType: 1,
    accessMode: "r",
    // The catalogue's CX-64: depth 0–300 m, tilts ±15°, displacement ±200 mm.
    dataType: {
      type: "array",
      size: 64,
      element: { type: "struct", members: ([["depth", 0, 300], ["angleA", -15, 15], ["angleB", -15, 15], ["disA", -200, 200]] as const).map(([identifier, min, max]) => ({ identifier, name: identifier, dataType: { type: "float", min, max } })) },
    },
  } as ThingFunction;

  it("reports every unit within the catalogue's ranges, the same for the same instant", () => {
    const f = unitSeriesFor(units, 9)!;
    const r = f(T0);
    expect(r).toHaveLength(64);
    expect(r[3].depth).toBe(4 * SIM_UNIT_LENGTH);
    expect(checkValue(units, r)).not.toHaveProperty("reason");
    expect(f(T0 + 5)).toEqual(f(T0 + 5));
    expect(unitSeriesFor(prop("settlement", 0, 1), 1)).toBeNull();
  });

  it("moves the ground above the slip zone over time and leaves the toe still", () => {
    const f = unitSeriesFor(units, 9)!;
    const cfg = { holePosition: 1 as const, holeDepth: 32, unitLength: SIM_UNIT_LENGTH, unitCount: 64 };
    const read = (t: number) => f(t).map((u) => ({ angleA: u.angleA, angleB: u.angleB }));
    const p = depthProfile(read(T0 + 180 * 24 * HOUR), read(T0), cfg);
    expect(Math.abs(p[0].a)).toBeGreaterThan(5);
    expect(Math.abs(p[60].a)).toBeLessThan(0.5);
  });
});

describe("tempArraySeriesFor", () => {
  const temps: ThingFunction = { funcName: "temps", identifier: "temps", funcType: 1, accessMode: "r", dataType: { type: "array", size: 4, element: { type: "float", min: -20, max: 100 } } } as ThingFunction;

  it("reports each sensor within range, warmest about 18 h after each pour", () => {
    const f = tempArraySeriesFor(temps, 5)!;
    expect(arraySeriesFor(temps, 5)!(T0)).toEqual(f(T0));
    const cycle = over((t) => f(t)[0], 24 * POUR_CYCLE_DAYS);
    expect(checkValue(temps, f(T0))).not.toHaveProperty("reason");
    expect(Math.max(...cycle) - Math.min(...cycle)).toBeGreaterThan(20);
    // The first sensor (the core) runs warmer than the last (a corner) at the hottest hour.
    const hottest = T0 + cycle.indexOf(Math.max(...cycle)) * HOUR;
    expect(f(hottest)[0]).toBeGreaterThan(f(hottest)[3]);
    expect(tempArraySeriesFor({ ...temps, identifier: "points" }, 5)).toBeNull();
  });
});
