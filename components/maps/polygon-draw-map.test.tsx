// @vitest-environment jsdom
import * as React from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { PolygonArea } from "@/lib/contract/geo";
import { mapTestSetup } from "./map-test-setup";
import { PolygonDrawMap } from "./polygon-draw-map";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));
// No key configured: the widget runs on the coordinate canvas.
vi.mock("./map-config", () => ({ useMapConfig: () => ({ apiKey: "", mapId: "" }) }));

const messages = mapTestSetup();
beforeEach(() => Object.values(toast).forEach((f) => f.mockReset()));
afterEach(() => vi.useRealTimers());

function Harness({ initial = [], onChange }: { initial?: PolygonArea[]; onChange: (p: PolygonArea[]) => void }) {
  const [value, setValue] = React.useState(initial);
  return (
    <PolygonDrawMap
      value={value}
      onChange={(v) => {
        onChange(v);
        setValue(v);
      }}
    />
  );
}

const wrap = (ui: React.ReactNode, locale = "en") =>
  render(
    <NextIntlClientProvider locale={locale} messages={messages[locale]}>
      {ui}
    </NextIntlClientProvider>,
  );
const canvas = () => screen.getByTestId("polygon-draw-map");
// jsdom lays nothing out: the canvas is at (0, 0), so client coordinates are canvas pixels.
const clickAt = (x: number, y: number) => fireEvent.click(canvas(), { clientX: x, clientY: y });

describe("PolygonDrawMap on the coordinate canvas", () => {
  it("draws a polygon, closed by clicking its first point, in the default colour and width", () => {
    const onChange = vi.fn();
    wrap(<Harness onChange={onChange} />);
    expect(screen.getByRole("radio", { name: "Draw" }).getAttribute("aria-checked")).toBe("true");
    clickAt(100, 100);
    clickAt(200, 100);
    clickAt(150, 200);
    expect(screen.getByText("3 points")).toBeTruthy();
    expect(screen.getByTestId("polygon-draft").querySelectorAll("circle")).toHaveLength(3);
    clickAt(103, 98); // within the close radius of the first point
    expect(onChange).toHaveBeenCalledTimes(1);
    const [polygon] = onChange.mock.calls[0][0] as PolygonArea[];
    expect(polygon).toMatchObject({ color: "#FF6700", width: 3 });
    expect(polygon.path).toHaveLength(3);
    expect(polygon.path[0].lng).toBeLessThan(polygon.path[1].lng);
    expect(polygon.path[2].lat).toBeLessThan(polygon.path[0].lat);
    expect(screen.queryByTestId("polygon-draft")).toBeNull();
    expect(canvas().querySelectorAll("[data-polygon]")).toHaveLength(1);
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it("refuses fewer than three points with the spec's warning and keeps nothing", () => {
    const onChange = vi.fn();
    wrap(<Harness onChange={onChange} />);
    clickAt(100, 100);
    clickAt(200, 100);
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    expect(toast.warning).toHaveBeenCalledWith("A polygon needs at least three points to be saved");
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByTestId("polygon-draft")).toBeNull();
  });

  it("says it in Chinese too, also when the tool changes with two points drawn", () => {
    const onChange = vi.fn();
    wrap(<Harness onChange={onChange} />, "zh-cn");
    clickAt(100, 100);
    clickAt(200, 100);
    fireEvent.click(screen.getByRole("radio", { name: "浏览" }));
    expect(toast.warning).toHaveBeenCalledWith("多边形至少需要三个点才能保存");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("erases a clicked polygon 300 ms after the click, and only in erase mode", () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    wrap(<Harness onChange={onChange} />);
    clickAt(100, 100);
    clickAt(200, 100);
    clickAt(150, 200);
    clickAt(100, 100);
    onChange.mockClear();
    // In browse mode a click inside does nothing.
    fireEvent.click(screen.getByRole("radio", { name: "Browse" }));
    clickAt(150, 130);
    act(() => void vi.advanceTimersByTime(1000));
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("radio", { name: "Erase" }));
    clickAt(400, 300); // outside: nothing
    clickAt(150, 130);
    const shape = canvas().querySelector("[data-polygon]")!;
    expect(shape.getAttribute("fill-opacity")).toBe("0.05");
    act(() => void vi.advanceTimersByTime(299));
    expect(onChange).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledWith([]);
    expect(canvas().querySelectorAll("[data-polygon]")).toHaveLength(0);
  });

  it("undoes and cancels points, and tells once that tiles need a key", () => {
    wrap(<Harness onChange={vi.fn()} />);
    clickAt(100, 100);
    clickAt(200, 100);
    fireEvent.click(screen.getByRole("button", { name: "Undo point" }));
    expect(screen.getByText("1 point")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("polygon-draft")).toBeNull();
    const notice = screen.getByTestId("map-key-notice");
    expect(notice.textContent).toContain("GOOGLE_MAPS_API_KEY");
    fireEvent.click(screen.getByRole("button", { name: "Got it" }));
    expect(screen.queryByTestId("map-key-notice")).toBeNull();
    cleanup();
    wrap(<Harness onChange={vi.fn()} />);
    expect(screen.queryByTestId("map-key-notice")).toBeNull();
  });
});
