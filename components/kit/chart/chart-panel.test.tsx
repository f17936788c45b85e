// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import type { EChartsOption } from "echarts";
import { quickRange } from "../resource/search-rules";
import { ChartPanel, type ChartPanelProps, type DayRange } from "./chart-panel";
import { useChartTime, type ChartTimeState } from "./use-chart-time";

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

/** A panel driven by the kit's chart time, reporting every state it renders with. */
function TimedPanel({ seen }: { seen: (s: ChartTimeState) => void }) {
  const time = useChartTime({ span: "30d" });
  seen(time);
  return <ChartPanel title="Strain" option={OPTION} time={time} />;
}

describe("ChartPanel's time (issue 40)", () => {
  for (const [locale, text] of [
    ["en", { week: "Last 7 d", day: "Last 24 h", refresh: "Refresh", min: "1 min", off: "Off" }],
    ["zh-cn", { week: "近7天", day: "近24小时", refresh: "刷新", min: "1分钟", off: "关闭" }],
  ] as const) {
    it(`${locale}: offers ranges ending now beside the days, names the zone, and refreshes a span to now`, async () => {
      vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 4), toFake: ["Date", "setInterval", "clearInterval"] });
      let state: ChartTimeState | undefined;
      renderIntl(<TimedPanel seen={(s) => (state = s)} />, { locale, timeZone: "Asia/Shanghai" });
      expect(screen.getByTestId("chart-zone").textContent).toBe("Asia/Shanghai (UTC+08:00)");
      // 30 days ending now, the day inputs showing its days in the zone.
      expect(state!.bounds).toEqual({ from: Date.UTC(2026, 9, 29, 4), to: Date.UTC(2026, 10, 28, 4) });
      expect((screen.getByLabelText(locale === "en" ? "End" : "结束") as HTMLInputElement).value).toBe("2026-11-28");
      fireEvent.click(screen.getByRole("button", { name: text.week }));
      expect(screen.getByRole("button", { name: text.week }).getAttribute("aria-pressed")).toBe("true");
      expect(state!.bounds).toEqual({ from: Date.UTC(2026, 10, 21, 4), to: Date.UTC(2026, 10, 28, 4) });
      // Auto-refresh every minute moves the window to now.
      expect(screen.getByText(text.refresh)).toBeTruthy();
      act(() => state!.setRefresh("1m"));
      expect(screen.getByRole("combobox").textContent).toContain(text.min);
      act(() => vi.advanceTimersByTime(60_000));
      expect(state!.bounds).toEqual({ from: Date.UTC(2026, 10, 21, 4, 1), to: Date.UTC(2026, 10, 28, 4, 1) });
      // Whole days: the zone's midnights; no auto-refresh.
      fireEvent.change(screen.getByLabelText(locale === "en" ? "Start" : "开始"), { target: { value: "2026-11-27" } });
      expect(state!.bounds).toEqual({ from: Date.UTC(2026, 10, 26, 16), to: Date.UTC(2026, 10, 28, 16) });
      expect(screen.getByRole("combobox").textContent).toContain(text.off);
      act(() => vi.advanceTimersByTime(120_000));
      expect(state!.bounds?.from).toBe(Date.UTC(2026, 10, 26, 16));
    });
  }
});
