// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SWRConfig } from "swr";
import type { RealTimeData } from "@/lib/contract/device/device-data";
import { REALTIME_REFRESH_MS } from "./device-data-view";
import { RealtimePanel } from "./realtime-panel";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

let answer: RealTimeData;
const value = (identifier: string, funcName: string, num: number | null, ts: string | null, extra: Partial<RealTimeData["values"][number]> = {}) => ({ identifier, funcName, unit: "°", dataType: "float", labels: null, ts, num, txt: null, ...extra });

beforeEach(() => {
  answer = { status: 2, lastReportTime: "2026-03-02T08:00:00.000Z", values: [value("angleX", "X angle", 1.25, "2026-03-02T08:00:00.000Z"), value("angleY", "Y angle", null, null), value("axis", "Axis", 2, "2026-03-02T08:00:00.000Z", { dataType: "enum", unit: null, labels: { "1": "X", "2": "Y" } })] };
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ code: 200, msg: "ok", data: answer, success: true })),
  );
});

const mount = () =>
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RealtimePanel deviceId={7} />
    </SWRConfig>,
    { timeZone: "Asia/Shanghai" },
  );

const tile = (id: string) => document.querySelector(`[data-identifier="${id}"]`) as HTMLElement;

describe("RealtimePanel", () => {
  it("shows each property's newest value with unit and time, labels for enumerations, and what never reported", async () => {
    mount();
    await waitFor(() => expect(tile("angleX")).toBeTruthy());
    expect(tile("angleX").textContent).toContain("1.25°");
    expect(tile("angleX").textContent).toContain("2026-03-02 16:00:00");
    expect(tile("axis").textContent).toContain("Y");
    expect(tile("angleY").textContent).toContain("No data yet");
    expect(screen.getByText(`Refreshes every ${REALTIME_REFRESH_MS / 1000} s`)).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls[0][0]).toContain("device/device/getDevRealTimeData?id=7");
  });

  it("reads again by itself and highlights only the values that changed, keeping the others on screen", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mount();
    await waitFor(() => expect(tile("angleX")).toBeTruthy());
    expect(tile("angleX").dataset.changed).toBeUndefined();
    answer = { ...answer, values: [value("angleX", "X angle", 1.5, "2026-03-02T08:00:30.000Z"), answer.values[1], answer.values[2]] };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REALTIME_REFRESH_MS + 100);
    });
    await waitFor(() => expect(tile("angleX").textContent).toContain("1.5°"));
    expect(tile("angleX").dataset.changed).toBe("true");
    expect(tile("axis").dataset.changed).toBeUndefined();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    await waitFor(() => expect(tile("angleX").dataset.changed).toBeUndefined());
  });
});
