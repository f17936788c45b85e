// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SWRConfig } from "swr";
import type { Scene, SceneCandidate, SceneDevice } from "@/lib/contract/scene/scene";

const post = vi.fn();
const answers: Record<string, unknown> = {};
vi.mock("@/lib/api/fetcher", async (original) => {
  const real = await original<typeof import("@/lib/api/fetcher")>();
  return {
    ...real,
    // Writes go through `call`, which sends by `request`.
    request: (_method: string, path: string, opts?: { body?: unknown }) => post(path, opts?.body),
    swrFetcher: async (key: string | readonly [string, unknown]) => answers[typeof key === "string" ? key : key[0]],
  };
});
vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const { ScenePlacer } = await import("./scene-placer");
const { PermissionsProvider } = await import("@/components/kit/can");

/** The plan's box: 1200 px wide, so one design unit (of 800) is 1.5 px. */
const BOX = 1200;
beforeEach(() => {
  post.mockReset().mockResolvedValue(null);
  vi.stubGlobal("ResizeObserver", class { observe() {} disconnect() {} });
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(BOX);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const scene: Scene = { id: 5, sceneName: "Ground floor", sceneType: 0, sceneFile: "2/20260301/a.png", splitScreen: 4, sort: 0, deviceNums: 1, createTime: "2026-03-01 08:00:00", i18n: null };
const candidates: SceneCandidate[] = [
  { id: 11, deviceName: "Tilt-01", deviceSn: "SIM01001", status: 2, properties: [{ identifier: "angleX", name: "Angle X", unit: "°" }] },
  { id: 12, deviceName: "Water-01", deviceSn: "SIM02001", status: 2, properties: [{ identifier: "level", name: "Level", unit: "m" }] },
];
const placed: SceneDevice[] = [{ id: 70, sceneId: 5, deviceId: 11, deviceName: "Tilt-01", deviceSn: "SIM01001", identifier: "angleX", x: 400, y: 225 }];

async function mount() {
  answers["device/sceneDevice/page"] = { records: placed, total: 1 };
  answers["device/sceneDevice/devices"] = candidates;
  renderIntl(
    <PermissionsProvider codes={["dev:sceneDevice:add", "dev:sceneDevice:upd", "dev:sceneDevice:del"]} roles="">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ScenePlacer scene={scene} onChanged={vi.fn()} />
      </SWRConfig>
    </PermissionsProvider>,
  );
  return screen.findByRole("button", { name: "Point Tilt-01" });
}
const clickPlan = (x: number, y: number) => {
  const plan = screen.getByTestId("floor-plan");
  plan.getBoundingClientRect = () => ({ left: 0, top: 0, right: BOX, bottom: BOX * (9 / 16), width: BOX, height: BOX * (9 / 16), x: 0, y: 0, toJSON: () => ({}) });
  return act(async () => fireEvent.click(plan, { clientX: x, clientY: y }));
};

describe("ScenePlacer", () => {
  it("shows placed devices at their design position scaled to the plan's width", async () => {
    const marker = await mount();
    // 400 × 225 design units at 1.5 px each.
    expect([marker.style.left, marker.style.top]).toEqual(["600px", "337.5px"]);
    expect(screen.getByTestId("floor-plan").style.height).toBe("675px");
  });

  it("places a chosen device where the plan is clicked, in design units, with its first property", async () => {
    await mount();
    fireEvent.click(screen.getByRole("button", { name: /Water-01/ }));
    await clickPlan(300, 150);
    expect(post).toHaveBeenCalledWith("device/sceneDevice/add", { sceneId: 5, deviceId: 12, identifier: "level", x: 200, y: 100 });
  });

  it("moves a placed device instead of placing it twice, and asks for a device first", async () => {
    const marker = await mount();
    await clickPlan(30, 30);
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(marker);
    expect(screen.getByTestId("placer-hint").textContent).toBe("Click the plan to place “Tilt-01”");
    await clickPlan(1200, 675);
    expect(post).toHaveBeenCalledWith("device/sceneDevice/upd", { id: 70, x: 800, y: 450 });
  });
});
