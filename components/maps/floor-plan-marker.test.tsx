// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { FloorPlanMarker } from "./floor-plan-marker";

const points = [
  { id: 1, name: "Gate", markPosition: '{"x":400,"y":200}', pointType: 1 },
  { id: 2, name: "Pump room", markPosition: { x: 100, y: 100 }, pointType: 2 },
  { id: 3, name: "Lost", markPosition: "broken" },
];

describe("FloorPlanMarker", () => {
  it("scales the 800×450 design to the width and places points, icons and the robot", () => {
    renderIntl(<FloorPlanMarker image="plans/a.png" width={400} points={points} robot={{ x: 800, y: 450 }} />);
    const plan = screen.getByTestId("floor-plan");
    expect(plan.style.width).toBe("400px");
    expect(plan.style.height).toBe("225px");
    expect(plan.querySelector("img")!.getAttribute("src")).toBe("/api/file/plans/a.png");
    const gate = screen.getByRole("button", { name: "Point Gate" });
    expect([gate.style.left, gate.style.top]).toEqual(["200px", "100px"]);
    expect(gate.querySelector(".lucide-map-pin")).toBeTruthy();
    const pump = screen.getByRole("button", { name: "Point Pump room" });
    expect([pump.style.left, pump.style.top]).toEqual(["50px", "50px"]);
    expect(pump.querySelector(".lucide-house")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Point Lost" })).toBeNull();
    const robot = screen.getByTestId("plan-robot");
    expect([robot.style.left, robot.style.top]).toEqual(["400px", "225px"]);
  });

  it("reports a click in design units and shows the placed marker", () => {
    const onPick = vi.fn();
    const { rerender } = renderIntl(<FloorPlanMarker width={1200} onPick={onPick} />);
    const plan = screen.getByTestId("floor-plan");
    plan.getBoundingClientRect = () => ({ left: 10, top: 20, right: 1210, bottom: 695, width: 1200, height: 675, x: 10, y: 20, toJSON: () => ({}) });
    fireEvent.click(plan, { clientX: 610, clientY: 320 });
    expect(onPick).toHaveBeenCalledWith({ x: 400, y: 200 });
    rerender(<FloorPlanMarker width={1200} onPick={onPick} value={{ x: 400, y: 200 }} />);
    const picked = screen.getByTestId("plan-picked");
    expect([picked.style.left, picked.style.top]).toEqual(["600px", "300px"]);
    expect(screen.getByText("No floor-plan image yet")).toBeTruthy();
  });

  it("does not place markers when clicking a point, and reports the point instead", () => {
    const onPick = vi.fn();
    const onPointClick = vi.fn();
    renderIntl(<FloorPlanMarker width={800} points={points} onPick={onPick} onPointClick={onPointClick} />);
    fireEvent.click(screen.getByRole("button", { name: "Point Gate" }));
    expect(onPointClick).toHaveBeenCalledWith(points[0]);
    expect(onPick).not.toHaveBeenCalled();
  });

  it("colours and labels points, keeping labels near the right edge on the plan", () => {
    renderIntl(
      <FloorPlanMarker
        width={800}
        points={[
          { id: 1, name: "West", markPosition: { x: 100, y: 100 }, color: "#ff0000", label: "1.5 mm" },
          { id: 2, name: "East", markPosition: { x: 780, y: 100 }, label: "2.5 mm" },
        ]}
      />,
    );
    const west = screen.getByRole("button", { name: "Point West" });
    expect(west.style.color).toBe("rgb(255, 0, 0)");
    expect(west.querySelector("[data-plan-label]")!.className).toContain("left-full");
    expect(screen.getByRole("button", { name: "Point East" }).querySelector("[data-plan-label]")!.className).toContain("right-full");
  });
});
