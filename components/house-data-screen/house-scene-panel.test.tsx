// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import type { ScenePoint, SceneView } from "@/lib/contract/scene/scene";
import { HouseScenePanel } from "./house-scene-panel";
import { formatValue, POINT_COLORS } from "./point-format";

let box = { width: 1000, height: 500 };
beforeEach(() => {
  vi.stubGlobal("ResizeObserver", class { observe() {} disconnect() {} });
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockImplementation(() => box.width);
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(() => box.height);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const point = (p: Partial<ScenePoint>): ScenePoint => ({ id: 1, x: 400, y: 225, deviceId: 1, deviceName: "Tilt-01", deviceSn: "SIM01001", status: 2, identifier: "angleX", name: "Angle X", unit: "°", value: 1.23456, time: 0, alarm: null, ...p });
const view = (points: ScenePoint[], sceneType: 0 | 1 = 0): SceneView => ({ scene: { id: 5, sceneName: "Ground floor", sceneType, sceneFile: "2/20260301/plan.glb", splitScreen: 4 }, points });
const wrap = (v: SceneView) => renderIntl(<HouseScenePanel view={v} />);

describe("HouseScenePanel", () => {
  it("fits the 16:9 plan in the panel and scales design positions to it", () => {
    // 1000 × 500: the height limits the plan to 888 px wide (500 × 16 / 9), 1.11 px per design unit.
    box = { width: 1000, height: 500 };
    wrap(view([point({ id: 1, x: 400, y: 225 }), point({ id: 2, deviceName: "Water-01", x: 800, y: 0 })]));
    expect(screen.getByTestId("floor-plan").style.width).toBe("888px");
    const at = (name: RegExp) => {
      const m = screen.getByRole("button", { name });
      return [parseFloat(m.style.left), parseFloat(m.style.top)];
    };
    const [x1, y1] = at(/^Point Tilt-01/);
    expect(x1).toBeCloseTo(444, 6);
    expect(y1).toBeCloseTo(249.75, 6);
    const [x2, y2] = at(/^Point Water-01/);
    expect(x2).toBeCloseTo(888, 6);
    expect(y2).toBe(0);
  });

  it("colours markers by alarm level or offline state and labels them with the newest value", () => {
    box = { width: 800, height: 600 };
    wrap(
      view([
        point({ id: 1, deviceName: "A", alarm: { levelName: "Level 1", levelColor: "#ff0000", count: 2 } }),
        point({ id: 2, deviceName: "B", status: 3, value: null }),
        point({ id: 3, deviceName: "C" }),
      ]),
    );
    const marker = (name: string) => screen.getByRole("button", { name: new RegExp(`^Point ${name}`) });
    expect(marker("A").style.color).toBe("rgb(255, 0, 0)");
    expect(marker("B").style.color).toBe("rgb(148, 163, 184)");
    expect(marker("C").style.color).toBe("rgb(56, 189, 248)");
    expect(marker("C").textContent).toBe("C 1.235 °");
    expect(marker("B").textContent).toBe("B");
    expect(POINT_COLORS.offline).toBe("#94a3b8");
  });

  it("names a 3D scene's model and says it needs a viewer, and says when there is no scene", () => {
    wrap(view([], 1));
    expect(screen.getByTestId("house-scene-3d").textContent).toContain("3D scene: plan.glb");
    cleanup();
    wrap({ scene: null, points: [] });
    expect(screen.getByTestId("house-no-scene")).toBeTruthy();
  });

  it("formats values to at most three decimals with their unit", () => {
    expect(formatValue(12.34567, "mm")).toBe("12.346 mm");
    expect(formatValue(3, null)).toBe("3");
    expect(formatValue(null, "mm")).toBeNull();
    expect(formatValue("on", null)).toBe("on");
  });
});
