// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { renderIntl } from "@/tests/intl";
import { PermissionsProvider } from "@/components/kit/can";
import { SessionProvider } from "@/components/kit/session";
import { MonitoringScreen } from "./monitoring-screen";

vi.mock("next/navigation", async () => (await import("@/components/kit/fake-router")).navigationMock());

// The points' call: held (the page's first paint, and the server's render) or answered.
let points: Promise<unknown>;
beforeEach(() => {
  window.history.replaceState(null, "", "/operationMonitoring/settlement");
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.slice(5).split("?")[0];
      const data = path === "stat/devOperationMonitoring/list" ? await points : null;
      return Response.json({ code: 200, msg: "ok", data, success: true });
    }),
  );
});

const show = () =>
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider value={{ tenantId: 1, projId: null, menus: [], user: { id: 1, name: "a", realname: "A", avatar: null } }}>
        <PermissionsProvider codes={[]} roles="">
          <MonitoringScreen kind="settlement" />
        </PermissionsProvider>
      </SessionProvider>
    </SWRConfig>,
    { locale: "en", timeZone: "Asia/Shanghai" },
  );

describe("a monitoring screen before its points are in", () => {
  it("paints its analysis frame at once: the chart's card loading, the initial values' card with its hint", () => {
    points = new Promise(() => {});
    show();
    const frame = screen.getByTestId("monitor-frame");
    expect(within(frame).getByText("Settlement analysis")).toBeTruthy();
    expect(within(frame).getByTestId("chart-loading").style.height).toBe("360px");
    expect(within(frame).getByText("Click a point of the chart to read the device's values at that time.")).toBeTruthy();
    // Not "no points" while they load, in the list nor beside it.
    expect(screen.queryByText("No measurement points of this type in the project yet.")).toBeNull();
  });

  it("gives way to the note when the project has no points of the kind", async () => {
    points = Promise.resolve([]);
    show();
    expect((await screen.findAllByText("No measurement points of this type in the project yet.")).length).toBeGreaterThan(0);
    expect(screen.queryByTestId("monitor-frame")).toBeNull();
  });
});
