import { describe, expect, it } from "vitest";
import { blocksOf, blockTag } from "./blocks";

describe("report blocks in a template's HTML", () => {
  it("reads each block's kind and settings, the site blocks' strings, curves and scene among them", () => {
    const html = `<p>x</p>${blockTag({ kind: "pointTable", points: ["12:disp", "13:disp"], warn: 5, alarm: 8 })}${blockTag({ kind: "inclinometer", points: [], warn: null, devices: [21, 22], curves: 4 })}${blockTag({ kind: "layout", points: [], warn: null, scene: 7 })}${blockTag({ kind: "inspection", points: [], warn: null })}`;
    expect(blocksOf(html).map((b) => b.spec)).toEqual([
      { kind: "pointTable", points: ["12:disp", "13:disp"], warn: 5, alarm: 8, devices: [], curves: null, scene: null },
      { kind: "inclinometer", points: [], warn: null, alarm: null, devices: [21, 22], curves: 4, scene: null },
      { kind: "layout", points: [], warn: null, alarm: null, devices: [], curves: null, scene: 7 },
      { kind: "inspection", points: [], warn: null, alarm: null, devices: [], curves: null, scene: null },
    ]);
    expect(blocksOf(html).map((b) => b.tag)).toEqual(html.match(/<div[^>]*><\/div>/g));
  });

  it("leaves out a malformed block: an unknown kind, too many curves, a string that is no id", () => {
    const bad = [
      `<div data-report-block="map" data-points=""></div>`,
      `<div data-report-block="inclinometer" data-points="" data-devices="21" data-curves="13"></div>`,
      `<div data-report-block="inclinometer" data-points="" data-devices="x"></div>`,
      `<div data-report-block="layout" data-points="" data-scene="-1"></div>`,
    ];
    expect(blocksOf(bad.join(""))).toEqual([]);
  });
});
