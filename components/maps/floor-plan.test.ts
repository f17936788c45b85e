import { describe, expect, it } from "vitest";
import { parseMarkPosition, planScale, toDesign, toPlanPixels } from "./floor-plan";

describe("floor-plan placement (800×450 design size)", () => {
  it("scales design units to the given width and back", () => {
    expect(planScale(400)).toBe(0.5);
    expect(toPlanPixels({ x: 800, y: 450 }, 400)).toEqual({ x: 400, y: 225 });
    expect(toDesign({ x: 200, y: 100 }, 400)).toEqual({ x: 400, y: 200 });
    expect(toDesign({ x: 333, y: 187 }, 1200)).toEqual({ x: 222, y: 125 });
  });

  it("keeps clicks inside the plan", () => {
    expect(toDesign({ x: -5, y: 999 }, 800)).toEqual({ x: 0, y: 450 });
  });

  it("reads markPosition strings and objects, and refuses broken ones", () => {
    expect(parseMarkPosition('{"x":120,"y":"80"}')).toEqual({ x: 120, y: 80 });
    expect(parseMarkPosition({ x: 1, y: 2 })).toEqual({ x: 1, y: 2 });
    expect(parseMarkPosition("not json")).toBeNull();
    expect(parseMarkPosition('{"x":null,"y":1}')).toBeNull();
    expect(parseMarkPosition(undefined)).toBeNull();
  });
});
