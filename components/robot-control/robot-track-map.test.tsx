// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import type { TrackMarks } from "@/lib/contract/robot/track";
import { RobotTrackMap } from "./robot-track-map";

const answer: { data: TrackMarks | null | undefined } = { data: undefined };
vi.mock("@/lib/api/call", () => ({ useCall: (c: { path: string }) => ({ data: c.path.endsWith("devRobotConsole/robotTrack") ? answer.data : undefined }) }));

const marks: TrackMarks = {
  trackInfo: { id: 7, trackName: "Rail", trackMap: "/files/rail.png", trackLength: 30, mapScale: 0.05 },
  pointList: [
    { id: 3, pointName: "Dock", markPosition: '{"x":0,"y":100}', pointType: 2, position: 0, sort: 0 },
    { id: 1, pointName: "P1", markPosition: '{"x":200,"y":100}', pointType: 1, position: 10, sort: 1 },
    { id: 2, pointName: "P2", markPosition: '{"x":600,"y":300}', pointType: 1, position: 20, sort: 2 },
  ],
};
const robot = () => screen.getByTestId("floor-plan-robot").style;

describe("RobotTrackMap", () => {
  it("places the robot on its track's map between its points' marks as its position moves", () => {
    answer.data = marks;
    const { rerender } = renderIntl(<RobotTrackMap deviceId={5} position={10} pointId={1} />, { locale: "en" });
    expect(screen.getByRole("img", { name: "Robot at 10 m of 30 m" })).toBeTruthy();
    expect([robot().left, robot().top]).toEqual(["25%", `${(100 / 450) * 100}%`]);
    expect(screen.getByTestId("track-metres").textContent).toBe("10 m · P1");
    // Three quarters of the way from P1 to P2: x 500, y 250.
    rerender(<RobotTrackMap deviceId={5} position={17.5} pointId={null} />);
    expect([robot().left, robot().top]).toEqual(["62.5%", `${(250 / 450) * 100}%`]);
    expect(screen.getByTestId("track-metres").textContent).toBe("17.5 m");
  });

  it("zh-cn: without a position the map shows the points and no robot", () => {
    answer.data = marks;
    renderIntl(<RobotTrackMap deviceId={5} position={null} pointId={null} />, { locale: "zh-cn" });
    expect(screen.queryByTestId("floor-plan-robot")).toBeNull();
    expect(screen.getByText(/轨道 · Rail/)).toBeTruthy();
  });

  it("a robot with no track shows its position as a bar in metres and says why, in both languages", () => {
    answer.data = null;
    const { unmount } = renderIntl(<RobotTrackMap deviceId={5} position={4} pointId={null} />, { locale: "en" });
    expect(screen.getByTestId("track-bar")).toBeTruthy();
    expect(screen.getByTestId("no-track").textContent).toContain("No inspection track");
    unmount();
    renderIntl(<RobotTrackMap deviceId={5} position={4} pointId={null} />, { locale: "zh-cn" });
    expect(screen.getByTestId("no-track").textContent).toContain("尚无巡检轨道");
  });
});
