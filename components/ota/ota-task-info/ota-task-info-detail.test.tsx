// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { renderIntl } from "@/tests/intl";
import type { Locale } from "@/lib/contract/locale";
import { PermissionsProvider } from "@/components/kit/can";
import { SessionProvider } from "@/components/kit/session";
import { OtaTaskInfoDetail } from "./ota-task-info-detail";

vi.mock("next/navigation", async () => (await import("@/components/kit/fake-router")).navigationMock());

// A finished task (status 4) that was never held (hold 0), as the demo seed leaves one.
const task = (over: Record<string, unknown> = {}) => ({
  id: 3, taskName: "Demo rollout 1.2.0", packageId: 17, packageName: "Demo firmware", version: "1.2.0", status: 4, hold: 0, target: 1, projectId: null, deviceIds: [],
  taskType: 1, scheduleTime: null, rate: 100, batchPercent: null, batchCount: null, gateSuccessPct: null, gateFailPct: null, gateMinDone: null, abortFailPct: null,
  timeoutMin: 30, retries: 0, retryIntervalMin: 5, total: 3, successCount: 3, failCount: 0, description: null, createTime: "2026-11-20T08:00:00.000Z", i18n: null, ...over,
});
let info: ReturnType<typeof task>;
let devices: Record<string, unknown>[] = [];
const FINISHED = { total: 3, toUpgrade: 0, upgrading: 0, cancelled: 0, success: 3, failed: 0, batchSize: 0, batchDone: 0, etaMin: null, etaBound: null };
let nums: Record<string, unknown> = FINISHED;
const device = { id: 41, taskId: 3, deviceId: 7, deviceName: "Tilt 7", deviceSn: "SN07", status: 4, phase: "done", progress: 100, bytesServed: 1024, attempt: 1, batch: 1, fromVersion: "1.1.0", currentVersion: "1.2.0", errorCode: null, errorText: null, queuedAt: null, notifiedAt: null, firstProgressAt: null, lastProgressAt: null, doneAt: null };

beforeEach(() => {
  devices = [];
  nums = FINISHED;
  window.history.replaceState(null, "", "/OTATaskInfo?id=3");
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.slice(5).split("?")[0];
      const data =
        path === "device/otaTask/info" ? info
        : path === "device/otaTask/nums" ? nums
        : path === "device/otaTask/pageDevice" ? { records: devices, total: devices.length, current: 1, size: 50 }
        : path === "device/otaTask/deviceLog" ? [{ id: 1, at: "2026-11-20T08:01:00.000Z", source: "device", status: 4, phase: "done", progress: 100, text: "upgraded" }]
        : null;
      return Response.json({ code: 200, msg: "ok", data, success: true });
    }),
  );
});

const show = (locale: Locale) =>
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider value={{ tenantId: 1, projId: null, menus: [], user: { id: 1, name: "a", realname: "A", avatar: null } }}>
        <PermissionsProvider codes={["dev:ota:upd"]} roles="">
          <OtaTaskInfoDetail />
        </PermissionsProvider>
      </SessionProvider>
    </SWRConfig>,
    { locale, timeZone: "Asia/Shanghai" },
  );

/** The basic card's rows as label → value. */
async function rows() {
  const card = (await screen.findByTestId("ota-task-info")).querySelector('[data-section="basic"]') as HTMLElement;
  const list = within(card).getByTestId("detail-rows");
  return Object.fromEntries([...list.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
}

describe("the OTA task page", () => {
  it("names the package, not its id, and a finished task is not shown as running", async () => {
    info = task();
    show("zh-cn");
    const zh = await rows();
    expect(zh["升级包"]).toBe("Demo firmware");
    expect(Object.values(zh)).not.toContain("17");
    expect(zh["状态"]).toBe("已完成");
    expect(Object.values(zh)).not.toContain("进行中");
    expect(zh["发布状态"]).toBe("-");
  });

  it("shows a running task's hold, in English too", async () => {
    info = task({ status: 2, hold: 1 });
    show("en");
    const en = await rows();
    expect(en["Upgrade package"]).toBe("Demo firmware");
    expect(en["Status"]).toBe("Upgrading");
    expect(en["Rollout"]).toBe("Paused at the gate");
  });

  it("says what sets a running task's time left: the cap on downloads at once, or the rate", async () => {
    info = task({ status: 2, total: 300 });
    nums = { ...FINISHED, total: 300, toUpgrade: 260, upgrading: 40, success: 0, etaMin: 6, etaBound: "cap" };
    show("en");
    const eta = await screen.findByTestId("ota-num-eta");
    await within(eta).findByText("6 min");
    expect(within(eta).getByTestId("ota-eta-bound").textContent).toBe("set by the download cap");
  });

  it("says it in Chinese when the rate sets the pace", async () => {
    info = task({ status: 2, total: 300 });
    nums = { ...FINISHED, total: 300, toUpgrade: 260, upgrading: 40, success: 0, etaMin: 3.5, etaBound: "rate" };
    show("zh-cn");
    const eta = await screen.findByTestId("ota-num-eta");
    await within(eta).findByText("3.5 分钟");
    expect(within(eta).getByTestId("ota-eta-bound").textContent).toBe("按升级速率");
  });

  it("shows the rollout before the task's settings", async () => {
    info = task({ status: 2 });
    show("en");
    await screen.findByTestId("ota-rollout");
    const sections = [...(await screen.findByTestId("ota-task-info")).querySelectorAll("[data-section]")].map((e) => e.getAttribute("data-section"));
    expect(sections.slice(0, 2)).toEqual(["rollout", "basic"]);
  });

  it("shows a dash for a finished task's time left", async () => {
    info = task();
    show("en");
    const eta = await screen.findByTestId("ota-num-eta");
    expect(eta.querySelector("dd")?.textContent).toBe("-");
    expect(within(eta).queryByTestId("ota-eta-bound")).toBeNull();
  });

  it("shows a device's bytes served readably, the exact count on hover", async () => {
    info = task();
    devices = [{ ...device, bytesServed: 4_194_304 }];
    show("en");
    const row = await screen.findByTestId("ota-device-row");
    const cell = within(row).getByText("4.00 MB");
    expect(cell.getAttribute("title")).toBe("4,194,304");
  });

  it("shows each device as a card too (a phone's layout): its status, versions and actions", async () => {
    info = task();
    devices = [device];
    show("en");
    const card = await screen.findByTestId("ota-device-card");
    expect(card.textContent).toContain("Tilt 7");
    expect(within(card).getByRole("button", { name: "Event log" })).toBeTruthy();
  });

  it("opens a device's event log, whose dialog loads only then", async () => {
    info = task();
    devices = [device];
    show("en");
    const row = await screen.findByTestId("ota-device-row");
    expect(screen.queryByTestId("ota-log")).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Event log" }));
    const log = await screen.findByRole("dialog", { name: "Event log of Tilt 7" });
    expect(await within(log).findByText("upgraded")).toBeTruthy();
  });
});
