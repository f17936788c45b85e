// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { renderIntl } from "@/tests/intl";
import type { Locale } from "@/lib/contract/locale";
import { PermissionsProvider } from "@/components/kit/can";
import { SessionProvider } from "@/components/kit/session";
import { SimAlarmSettings } from "./sim-alarm-settings";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }), usePathname: () => "/sim/simSet" }));

type Call = { method: string; path: string; body?: Record<string, unknown> };
let calls: Call[];
let settings: Record<string, unknown>;
let pool: Record<string, unknown>;

const stat = () => ({ total: 44, byStatus: [], byCarrier: [], expiring7: 0, expiring30: 0, expired: 0, overQuota: 0, split: 0, offlineUsing: 0, reconnectLoop: 0, pools: [pool], lastSync: null, simulated: true });

beforeEach(() => {
  calls = [];
  toast.success.mockReset();
  settings = { enableStatus: 1, projectId: null, warnLevelId: null, severeLevelId: null, dailyMb: 1024 };
  pool = { id: 7, carrier: "cmcc", poolCode: "CMCC-POOL-1", quotaMb: 10_240, usedMb: 8_806.4, usagePct: 86, thresholdPct: 80, thresholdMb: null, cards: 8, runOutDays: null };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.slice(5).split("?")[0];
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init?.method ?? "GET", path, body });
      const ok = (data: unknown) => Response.json({ code: 200, msg: "ok", data, success: true });
      if (path === "device/simAlarm/info") return ok(settings);
      if (path === "device/simAlarm/save") return ok((settings = { ...settings, ...body }));
      if (path === "device/simCard/stat") return ok(stat());
      if (path === "device/simAlarm/pool") {
        if (body!.thresholdPct > 100) return Response.json({ code: 400, msg: "At most 100", success: false });
        pool = { ...pool, thresholdPct: body!.thresholdPct, thresholdMb: body!.thresholdMb ?? null };
        return ok({ id: 7, thresholdPct: pool.thresholdPct, thresholdMb: pool.thresholdMb });
      }
      if (path === "device/simAlarm/check") return ok({ pools: 1, cards: 0 });
      // Projects and alarm levels for the pickers.
      return ok({ total: 0, records: [] });
    }),
  );
});

async function show(codes = ["dev:simAlarm:upd"], locale: Locale = "en") {
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider value={{ tenantId: 2, projId: null, menus: [], user: { id: 1, name: "a", realname: "A", avatar: null } }}>
        <PermissionsProvider codes={codes} roles="">
          <SimAlarmSettings />
        </PermissionsProvider>
      </SessionProvider>
    </SWRConfig>,
    { locale, timeZone: "Asia/Shanghai" },
  );
  const card = await screen.findByTestId("sim-alarm");
  const row = await screen.findByTestId("sim-pool");
  return { card, row };
}
const posts = () => calls.filter((c) => c.method === "POST");

describe("SIM settings: the alarm tab", () => {
  it("shows the settings and each pool's use against its line", async () => {
    const { card, row } = await show();
    expect(card.textContent).toContain("Alarm settings");
    expect((within(card).getByLabelText("Daily limit per card (MB)") as HTMLInputElement).value).toBe("1024");
    expect(row.textContent).toContain("CMCC-POOL-1");
    expect(row.textContent).toContain("China Mobile");
    expect(row.textContent).toContain("86.00%");
    // 80 % of 10,240 MB, passed: marked.
    const line = within(row).getByTestId("sim-pool-line");
    expect(line.textContent).toBe("8,192 MB");
    expect(line.className).toContain("text-destructive");
  });

  it("shows the screen in Chinese", async () => {
    const { card, row } = await show(undefined, "zh-cn");
    expect(card.textContent).toContain("告警设置");
    expect(card.textContent).toContain("单卡单日上限（MB）");
    expect(row.textContent).toContain("中国移动");
    expect(screen.getByTestId("sim-pools").textContent).toContain("告警线");
  });

  it("saves the settings through simAlarm/save, a daily limit kept to at least 1 MB", async () => {
    const { card } = await show();
    const daily = within(card).getByLabelText("Daily limit per card (MB)") as HTMLInputElement;
    fireEvent.change(daily, { target: { value: "0" } });
    fireEvent.blur(daily);
    await waitFor(() => expect(daily.value).toBe("1"));
    expect(posts()).toEqual([]);
    fireEvent.change(daily, { target: { value: "2048" } });
    fireEvent.blur(daily);
    await act(async () => fireEvent.click(screen.getByTestId("sim-alarm-save")));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ path: "device/simAlarm/save", body: { enableStatus: 1, dailyMb: 2048 } });
  });

  it("moves a pool's line (a percent, or an amount instead) through simAlarm/pool and shows the new line", async () => {
    const { row } = await show();
    const save = within(row).getByTestId("sim-pool-save") as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(row).getByTestId("sim-pool-pct"), { target: { value: "90" } });
    await act(async () => fireEvent.click(save));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Alarm line saved"));
    expect(posts()[0]).toEqual({ method: "POST", path: "device/simAlarm/pool", body: { id: 7, thresholdPct: 90, thresholdMb: null } });
    await waitFor(() => expect(within(screen.getByTestId("sim-pool")).getByTestId("sim-pool-line").textContent).toBe("9,216 MB"));
    expect(within(screen.getByTestId("sim-pool")).getByTestId("sim-pool-line").className).not.toContain("text-destructive");

    fireEvent.change(within(screen.getByTestId("sim-pool")).getByTestId("sim-pool-mb"), { target: { value: "5000" } });
    await act(async () => fireEvent.click(within(screen.getByTestId("sim-pool")).getByTestId("sim-pool-save")));
    await waitFor(() => expect(within(screen.getByTestId("sim-pool")).getByTestId("sim-pool-line").textContent).toBe("5,000 MB"));
    expect(posts()[1].body).toEqual({ id: 7, thresholdPct: 90, thresholdMb: 5000 });
  });

  it("keeps a refused line typed in for correcting", async () => {
    const { row } = await show();
    fireEvent.change(within(row).getByTestId("sim-pool-pct"), { target: { value: "150" } });
    await act(async () => fireEvent.click(within(row).getByTestId("sim-pool-save")));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(toast.success).not.toHaveBeenCalled();
    expect((within(screen.getByTestId("sim-pool")).getByTestId("sim-pool-pct") as HTMLInputElement).value).toBe("150");
    expect(within(screen.getByTestId("sim-pool")).getByTestId("sim-pool-line").textContent).toBe("8,192 MB");
  });

  it("checks the pools and cards on demand and tells what was raised", async () => {
    await show();
    await act(async () => fireEvent.click(screen.getByTestId("sim-alarm-check")));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Checked: 1 pool alarm and 0 card alarms raised"));
    expect(posts()[0].path).toBe("device/simAlarm/check");
  });

  it("is read-only without the permission to change the alarms", async () => {
    const { card, row } = await show([]);
    expect(screen.queryByTestId("sim-alarm-save")).toBeNull();
    expect(screen.queryByTestId("sim-pool-save")).toBeNull();
    expect(screen.queryByTestId("sim-alarm-check")).toBeNull();
    expect((within(row).getByTestId("sim-pool-pct") as HTMLInputElement).disabled).toBe(true);
    const daily = within(card).getByLabelText("Daily limit per card (MB)") as HTMLInputElement;
    expect(daily.disabled || daily.readOnly).toBe(true);
  });

  it("shows each pool's run-out forecast: days left, used up, or unknown, in both languages", async () => {
    pool = { ...pool, runOutDays: 12 };
    const { row } = await show();
    expect(within(row).getByTestId("sim-pool-run-out").textContent).toBe("in 12 days");
    expect(screen.getByText("Runs out").getAttribute("title")).toContain("7 reported days");
  });

  it("marks a used-up pool in red", async () => {
    pool = { ...pool, runOutDays: 0 };
    const { row } = await show();
    const cell = within(row).getByTestId("sim-pool-run-out");
    expect(cell.textContent).toBe("Used up");
    expect(cell.innerHTML).toContain("text-destructive");
  });

  it("says a pool's forecast is unknown, in Chinese too", async () => {
    const { row } = await show(["dev:simAlarm:upd"], "zh-cn");
    expect(within(row).getByTestId("sim-pool-run-out").textContent).toBe("未知");
  });
});
