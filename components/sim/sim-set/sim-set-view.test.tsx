// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { follows, menuEntry, renderConsole, signedIn } from "@/tests/console-render";
import { SimSetView } from "./sim-set-view";

vi.mock("next/navigation", async () => (await import("@/components/kit/fake-router")).navigationMock());

let calls: string[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.slice(5).split("?")[0];
      calls.push(path);
      const data = path === "device/simAlarm/info" ? { enableStatus: 1, projectId: null, warnLevelId: null, severeLevelId: null, dailyMb: 1024 } : { records: [], total: 0, current: 1, size: 10 };
      return Response.json({ code: 200, msg: "ok", data, success: true });
    }),
  );
});

function show(url: string, menu: string) {
  window.history.replaceState(null, "", url);
  renderConsole(<SimSetView />, { session: signedIn([menuEntry(menu)]) });
}

describe("SimSetView", () => {
  it("puts its tabs under the page's title, above a list and above the alarm settings alike", async () => {
    show("/sim/simSet", "/sim/simSet");
    const tabs = screen.getByRole("tablist");
    expect(follows(screen.getByTestId("page-title"), tabs)).toBe(true);
    expect(follows(tabs, await screen.findByTestId("search-bar"))).toBe(true);
    fireEvent.click(screen.getByRole("tab", { name: "Alarms" }));
    expect(follows(screen.getByRole("tablist"), await screen.findByTestId("sim-alarm-tab"))).toBe(true);
    expect(follows(screen.getByTestId("page-title"), screen.getByRole("tablist"))).toBe(true);
  });

  it("shows a user without the menu the title and no access on every tab, without tabs", async () => {
    for (const url of ["/sim/simSet", "/sim/simSet?tab=alarm"]) {
      show(url, "/elsewhere");
      expect(follows(screen.getByTestId("page-title"), await screen.findByTestId("no-access"))).toBe(true);
      expect(screen.queryByRole("tablist")).toBeNull();
      cleanup();
    }
    expect(calls).toEqual([]);
  });
});
