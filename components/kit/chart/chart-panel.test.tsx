// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import type { EChartsOption } from "echarts";
import { quickRange } from "../resource/search-rules";
import { ChartPanel, type ChartPanelProps, type DayRange } from "./chart-panel";

// A fake chart: the panel must hand it the option, lazily, and nothing when there is nothing to draw.
const mounted = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/components/charts/echart", () => ({
  EChart: ({ option, ariaLabel }: { option: EChartsOption; ariaLabel?: string }) => {
    mounted.count++;
    return (
      <div data-testid="fake-chart" aria-label={ariaLabel}>
        {JSON.stringify(option.series)}
      </div>
    );
  },
}));

afterEach(() => {
  mounted.count = 0;
});

const OPTION: EChartsOption = { series: [{ type: "line", data: [1, 2] }] };
const show = (props: Partial<ChartPanelProps> = {}) =>
  renderIntl(<ChartPanel title="Strain" option={OPTION} {...props} />, { timeZone: "Asia/Shanghai" });

describe("ChartPanel", () => {
  it("mounts the chart lazily with the option, named by the title", async () => {
    show();
    const chart = await screen.findByTestId("fake-chart");
    expect(chart.textContent).toBe('[{"type":"line","data":[1,2]}]');
    expect(chart.getAttribute("aria-label")).toBe("Strain");
  });

  it("shows loading, error (with retry) and empty instead of a chart", async () => {
    const onRetry = vi.fn();
    show({ loading: true });
    expect(screen.getByTestId("chart-loading")).toBeTruthy();
    cleanup();
    show({ error: true, onRetry });
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalled();
    cleanup();
    show({ empty: true });
    expect(screen.getByTestId("chart-empty").textContent).toBe("No data");
    await new Promise((r) => setTimeout(r, 10));
    expect(mounted.count).toBe(0);
  });

  it("edits the time range by hand or by the search bar's quick ranges, and shows selects and the toolbar", async () => {
    const onRange = vi.fn();
    const onType = vi.fn();
    const value: DayRange = ["2026-11-01", "2026-11-10"];
    show({
      range: { value, onChange: onRange },
      selects: [{ key: "queryType", label: "Query", dict: [{ value: "raw", label: "Raw" }, { value: "hour", label: "Hourly" }], value: "hour", onChange: onType }],
      toolbar: <button>Export</button>,
    });
    fireEvent.change(screen.getByLabelText("Start"), { target: { value: "2026-11-05" } });
    expect(onRange).toHaveBeenLastCalledWith(["2026-11-05", "2026-11-10"]);
    fireEvent.click(screen.getByRole("button", { name: "Last 7 days" }));
    expect(onRange).toHaveBeenLastCalledWith(quickRange("last7Days", new Date()));
    expect(screen.getByText("Query")).toBeTruthy();
    expect(screen.getByRole("combobox").textContent).toContain("Hourly");
    expect(screen.getByRole("button", { name: "Export" })).toBeTruthy();
    await screen.findByTestId("fake-chart");
  });
});
