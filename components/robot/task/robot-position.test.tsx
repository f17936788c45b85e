// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import type { DeviceLive } from "@/lib/contract/live/topics";
import { RobotPosition } from "./robot-position";

const live: { topic: string | null; onEvent: ((d: DeviceLive | null) => void) | null } = { topic: null, onEvent: null };
const mutate = vi.fn();
const marks = {
  trackInfo: { id: 7, trackName: "Rail", trackMap: "/files/rail.png", trackLength: 30, mapScale: 0.05 },
  pointList: [
    { id: 1, pointName: "P1", markPosition: '{"x":200,"y":100}', pointType: 1, position: 10, sort: 1 },
    { id: 2, pointName: "P2", markPosition: '{"x":600,"y":100}', pointType: 1, position: 20, sort: 2 },
    { id: 3, pointName: "Dock", markPosition: '{"x":0,"y":100}', pointType: 2, position: 0, sort: 0 },
  ],
};
const where = { deviceId: 5, deviceName: "RBT", online: true, position: 10, mark: { x: 200, y: 100 }, robotState: 5, mode: 2, battery: 81.6, pointId: 1, taskId: 9, reportedAt: "2026-11-28T08:00:00Z" };

vi.mock("@/lib/api/call", () => ({
  useCall: (c: { path: string }) => ({ data: c.path.endsWith("inspectionPointGetTrackMarkList") ? marks : c.path.endsWith("robotPosition") ? where : undefined, mutate }),
}));
vi.mock("@/lib/live/use-live", () => ({
  useLiveTopic: (topic: string | null, onEvent: (d: DeviceLive | null) => void) => {
    live.topic = topic;
    live.onEvent = onEvent;
    return true;
  },
}));

const robotLeft = () => (screen.getByTestId("floor-plan-robot") as HTMLElement).style.left;

describe("RobotPosition", () => {
  for (const [locale, texts] of [
    ["en", ["Auto mode", "10 m", "P1", "82%"]],
    ["zh-cn", ["自动模式", "10 米", "P1", "82%"]],
  ] as const) {
    it(`${locale}: shows the robot where the cloud says on the track's map, with its state, and follows the device's live position`, () => {
      renderIntl(<RobotPosition taskId={9} trackId={7} />, { locale });
      expect(live.topic).toBe("device:5");
      expect(screen.getAllByTestId("floor-plan").length).toBe(1);
      expect(robotLeft()).toBe("25%");
      const state = screen.getByTestId("robot-position-state").textContent;
      for (const t of texts) expect(state).toContain(t);
      // Halfway between P1 (10 m, x 200) and P2 (20 m, x 600): x 400, at once, without asking the cloud.
      act(() => live.onEvent!({ values: [{ identifier: "position", num: 15, txt: null }] } as DeviceLive));
      expect(robotLeft()).toBe("50%");
      expect(screen.getByTestId("robot-metres").textContent).toContain("15");
      expect(mutate).not.toHaveBeenCalled();
      // Another property (its state) is read with the next answer.
      act(() => live.onEvent!({ values: [{ identifier: "robotState", num: 0, txt: null }] } as DeviceLive));
      expect(mutate).toHaveBeenCalledTimes(1);
      mutate.mockClear();
    });
  }
});
