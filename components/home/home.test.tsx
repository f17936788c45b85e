// @vitest-environment jsdom
import * as React from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { HomeSummary } from "@/lib/contract/home";
import { defaultCompanyInfo } from "@/lib/contract/company";
import { mapTestSetup } from "@/components/maps/map-test-setup";
import { ShellProvider, type ShellValue } from "@/components/shell/shell-context";
import { TenantHome } from "./home-figures";
import { trendOption } from "./trend-option";

vi.mock("@/components/maps/map-config", () => ({ useMapConfig: () => ({ apiKey: "", mapId: "" }) }));
// The map loads its code when it mounts; here it is there at once.
vi.mock("@/components/maps/lazy", async () => ({ DisplayMap: (await import("@/components/maps/display-map")).DisplayMap }));
// ECharts needs a canvas: the chart's option is checked apart (trendOption).
vi.mock("@/components/charts/echart", () => ({ EChart: ({ testId }: { testId?: string }) => <div data-testid={testId} /> }));
const router = vi.hoisted(() => ({ refresh: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => router }));
const post = vi.hoisted(() => vi.fn(async () => null));
vi.mock("@/lib/api/fetcher", () => ({ api: { post } }));

const messages = mapTestSetup();
beforeEach(() => router.refresh.mockReset());

const DAYS = ["2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"].map((day, i) => ({ day, alarms: i === 6 ? 3 : 0, values: i * 100 }));
const SUMMARY: HomeSummary = {
  projectNums: 3,
  devices: { total: 10, inactive: 2, online: 6, offline: 2 },
  alarmLevels: [
    { levelNum: 4, levelName: "Severe", color: "#ff0000", count: 2 },
    { levelNum: 2, levelName: null, color: null, count: 1 },
  ],
  days: DAYS,
  projects: [
    { id: 7, prjName: "Riverside pit", prjAddress: "Jiangling Rd 1788", lng: 120.2119, lat: 30.2084, online: 4, offline: 1, openAlarms: 3 },
    { id: 8, prjName: "Metro tunnel", prjAddress: null, lng: 116.4162, lat: 39.9284, online: 2, offline: 1, openAlarms: 0 },
  ],
};
const LINKS = { devices: "/devices/device", alarms: "/alarm/alarmCenter" };

const SHELL: ShellValue = {
  tenantId: 2,
  projId: 8,
  menus: [],
  favourites: [],
  menuIcons: {},
  projects: SUMMARY.projects.map((p) => ({ id: p.id, prjName: p.prjName })),
  company: defaultCompanyInfo,
  user: { id: 1, name: "a", realname: "A", avatar: null },
};
const show = (props: Partial<React.ComponentProps<typeof TenantHome>> = {}, locale = "en") =>
  render(
    <NextIntlClientProvider locale={locale} messages={messages[locale]}>
      <ShellProvider value={SHELL}>
        <TenantHome summary={SUMMARY} inbox={{ todos: 5, messages: 1 }} links={LINKS} {...props} />
      </ShellProvider>
    </NextIntlClientProvider>,
  );
const value = (testId: string) => screen.getByTestId(testId).querySelector("[data-value]")!.textContent;

describe("TenantHome", () => {
  it("shows the figures of the summary, linking only to the user's screens", () => {
    show();
    expect(value("home-projects")).toBe("3");
    expect(value("home-devices")).toBe("10");
    expect(value("home-alarms")).toBe("3");
    expect(value("home-todos")).toBe("5");
    expect(value("home-messages")).toBe("1");
    const devices = screen.getByTestId("home-devices");
    expect(devices.getAttribute("href")).toBe("/devices/device");
    expect(screen.getByTestId("home-projects").tagName).toBe("DIV");
    expect(within(devices).getByRole("img").getAttribute("aria-label")).toBe("6 of 10 online");
    expect(devices.querySelector('[data-status="offline"]')!.textContent).toBe("Offline 2");
    expect(devices.querySelector('[data-status="inactive"]')!.textContent).toBe("Not activated 2");
    // Levels as the alarm kept them; a level without a name says its number.
    const levels = [...screen.getByTestId("home-alarms").querySelectorAll("[data-level]")].map((e) => e.textContent);
    expect(levels).toEqual(["Severe2", "Level 21"]);
  });

  it("puts the seven days behind the chart and the projects on the map, a click opening the project's card", () => {
    show();
    expect(screen.getByTestId("home-trend-chart")).toBeTruthy();
    const rows = [...screen.getByTestId("home-trend").querySelectorAll("tbody tr")].map((r) => r.textContent);
    expect(rows.at(-1)).toBe("2026-03-023600");
    expect(screen.queryByText("No alarms and no data received in the last 7 days.")).toBeNull();
    const map = screen.getByTestId("home-map");
    const riverside = map.querySelector('[data-marker="7"]')!;
    expect(riverside.querySelector("[data-warning]")).not.toBeNull();
    expect(map.querySelector('[data-marker="8"] [data-warning]')).toBeNull();
    expect(within(map).getAllByTestId("live-panel")[0].textContent).toContain("Open alarms3");
    // Without a key the map says so on itself: no note arrives under it to move the page.
    expect(within(map).getByTestId("map-key-caption").textContent).toContain("GOOGLE_MAPS_API_KEY");
    expect(within(map).queryByTestId("map-key-notice")).toBeNull();
    fireEvent.click(within(riverside as HTMLElement).getByRole("button"));
    const card = within(map).getByTestId("device-card");
    expect(card.textContent).toContain("Riverside pit");
    expect(card.textContent).toContain("Jiangling Rd 1788");
  });

  it("switches the console to a project from its card on the map; the current project's card says it is current", async () => {
    show();
    const map = screen.getByTestId("home-map");
    fireEvent.click(within(map.querySelector('[data-marker="8"]') as HTMLElement).getByRole("button"));
    expect(within(map).getByTestId("home-map-current").textContent).toBe("This is the current project");
    fireEvent.click(within(map.querySelector('[data-marker="7"]') as HTMLElement).getByRole("button"));
    fireEvent.click(within(map).getByTestId("home-map-switch"));
    await waitFor(() => expect(router.refresh).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith("session/project", { projId: 7 });
  });

  it("says so honestly when there are no projects, no positions or a quiet week — in Chinese too", () => {
    const { unmount } = show({ summary: { ...SUMMARY, projects: [{ ...SUMMARY.projects[0] }], days: DAYS.map((d) => ({ ...d, alarms: 0, values: 0 })) } });
    expect(screen.getByText("No alarms and no data received in the last 7 days.")).toBeTruthy();
    expect(screen.getByText("2 projects have no position")).toBeTruthy();
    unmount();
    const none = show({ summary: { ...SUMMARY, projects: [] } }, "zh-cn");
    expect(screen.getByText("还没有项目设置位置：在项目表单中设置经纬度后即可在此显示。")).toBeTruthy();
    none.unmount();
    show({ summary: { ...SUMMARY, projectNums: 0, projects: [], alarmLevels: [], devices: { total: 0, inactive: 0, online: 0, offline: 0 } } }, "zh-cn");
    expect(screen.getByTestId("home-no-projects").textContent).toContain("暂无项目");
    expect(screen.getByText("暂无未处理告警")).toBeTruthy();
    expect(screen.queryByTestId("home-trend")).toBeNull();
  });

  it("reads the summary again every minute, and offers a retry when it could not be read", () => {
    vi.useFakeTimers();
    const { unmount } = show();
    vi.advanceTimersByTime(60_000);
    expect(router.refresh).toHaveBeenCalledTimes(1);
    unmount();
    vi.advanceTimersByTime(120_000);
    expect(router.refresh).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    show({ summary: null });
    fireEvent.click(within(screen.getByTestId("home-load-failed")).getByRole("button"));
    expect(router.refresh).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId("home-dashboard")).toBeNull();
  });
});

describe("trendOption", () => {
  it("draws alarms as bars on the left axis and values as a line on the right, days as the axis says them", () => {
    const o = trendOption(DAYS, { alarms: "A", values: "V" }, "en") as { xAxis: { data: string[] }; series: { name: string; type: string; yAxisIndex: number; data: number[] }[] };
    expect(o.xAxis.data[0]).toBe("2/24");
    expect((trendOption(DAYS, { alarms: "A", values: "V" }, "zh-cn") as typeof o).xAxis.data[0]).toBe("02-24");
    expect(o.series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([["A", "bar", 0], ["V", "line", 1]]);
    expect(o.series[0].data).toEqual([0, 0, 0, 0, 0, 0, 3]);
    expect(o.series[1].data.at(-1)).toBe(600);
  });
});
