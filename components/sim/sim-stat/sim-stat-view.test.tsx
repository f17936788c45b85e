// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import type { EChartsOption } from "echarts";
import { renderIntl } from "@/tests/intl";
import type { Locale } from "@/lib/contract/locale";
import { SessionProvider } from "@/components/kit/session";
import type { MenuNode } from "@/lib/shell/menu";
import { SimStatView } from "./sim-stat-view";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
const push = vi.hoisted(() => vi.fn());
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push, back: vi.fn() }), usePathname: () => "/sim/simStat", useSearchParams: () => new URLSearchParams() }));
// A fake chart that shows its series' data, and lets a test click its first item.
vi.mock("@/components/charts/echart", () => ({
  EChart: ({ option, onItemClick }: { option: EChartsOption; onItemClick?: (e: { dataIndex: number; value: unknown }) => void }) => (
    <button type="button" data-testid="fake-chart" onClick={() => onItemClick?.({ dataIndex: 0, value: null })}>
      {JSON.stringify((option.series as { data: unknown }[])[0].data)}
    </button>
  ),
}));

let requests: URL[];
const stat = {
  total: 44,
  byStatus: [{ status: "activation", count: 30 }, { status: "deactivation", count: 14 }],
  byCarrier: [{ carrier: "cmcc", count: 24 }, { carrier: "unicom", count: 20 }],
  expiring7: 3,
  expiring30: 9,
  expired: 1,
  overQuota: 5,
  split: 2,
  offlineUsing: 0,
  reconnectLoop: 1,
  pools: [{ id: 7, carrier: "cmcc", poolCode: "CMCC-POOL-1", quotaMb: 16_384, usedMb: 14_417.9, usagePct: 88, thresholdPct: 80, thresholdMb: null, cards: 8, runOutDays: 4 }],
  lastSync: null,
  simulated: true,
};
const chart = (q: URLSearchParams) => ({
  days: [{ day: q.get("startDate")!, usedMb: 1.5 }, { day: q.get("endDate")!, usedMb: 1_200 }],
  months: [{ month: q.get("endDate")!.slice(0, 7), usedMb: 1_201.5 }],
  totalMb: 1_201.5,
  usageAsOf: "2026-11-28",
  runOutDays: null,
  top: q.get("carrier") === "unicom" ? [] : [{ id: 11, iccid: "89860400000000770011", carrier: "cmcc", deviceName: "Tilt 1", usedMb: 1_200 }],
});

beforeEach(() => {
  // The select's list scrolls its chosen option into view; jsdom has no layout.
  Element.prototype.scrollIntoView = () => undefined;
  requests = [];
  push.mockReset();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const u = new URL(url, "http://console");
      requests.push(u);
      const ok = (data: unknown) => Response.json({ code: 200, msg: "ok", data, success: true });
      if (u.pathname.endsWith("device/simCard/stat")) return ok(stat);
      if (u.pathname.endsWith("device/simCard/useChart")) return ok(chart(u.searchParams));
      return ok(null);
    }),
  );
});

const entry = (path: string): MenuNode => ({ id: path.length, name: path, nameEn: path, icon: null, path, frame: 0, framePath: null, type: "menu", childrens: [] });

function show({ locale = "en" as Locale, menus = [entry("/sim/sim"), entry("/sim/simStat")] } = {}) {
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider value={{ tenantId: 2, projId: null, menus, user: { id: 1, name: "a", realname: "A", avatar: null } }}>
        <SimStatView />
      </SessionProvider>
    </SWRConfig>,
    { locale, timeZone: "Asia/Shanghai" },
  );
}
const charts = () => requests.filter((u) => u.pathname.endsWith("useChart"));

describe("SIM statistics (/sim/simStat)", () => {
  it("shows the counts, each opening the card list with its filter, and the cards by status and carrier", async () => {
    show();
    const tiles = await screen.findByTestId("sim-stat-tiles");
    expect(within(tiles).getByTestId("sim-stat-total").textContent).toContain("44");
    expect(within(tiles).getByTestId("sim-stat-expiring7").getAttribute("href")).toBe("/sim/sim?expiring=7");
    expect(within(tiles).getByTestId("sim-stat-overQuota").getAttribute("href")).toBe("/sim/sim?overQuota=1");
    expect(within(tiles).getByTestId("sim-stat-split").getAttribute("href")).toBe("/sim/sim?imeiStatus=SPLIT");
    // No list filter for expired cards: a count, not a link.
    expect(within(tiles).getByTestId("sim-stat-expired").tagName).toBe("DIV");
    const status = await within(screen.getByTestId("sim-stat-by-status")).findByTestId("fake-chart");
    expect(status.textContent).toContain('"name":"Active","value":30');
    const carrier = await within(screen.getByTestId("sim-stat-by-carrier")).findByTestId("fake-chart");
    expect(carrier.textContent).toContain('"name":"China Mobile","value":24');
    // A slice opens the list of its cards.
    fireEvent.click(carrier);
    expect(push).toHaveBeenCalledWith("/sim/sim?carrier=cmcc");
    expect(screen.getByTestId("sim-stat-sync").textContent).toContain("Not synced with the carriers yet");
  });

  it("shows the use over the last 30 days up to yesterday, its total and top users, and one carrier's when chosen", async () => {
    show();
    const panel = await screen.findByTestId("sim-stat-usage");
    await waitFor(() => expect(charts()).toHaveLength(1));
    const q = charts()[0].searchParams;
    expect(Math.round((Date.parse(q.get("endDate")!) - Date.parse(q.get("startDate")!)) / 86_400_000) + 1).toBe(30);
    expect(q.has("id")).toBe(false);
    expect((await within(panel).findByTestId("fake-chart")).textContent).toBe("[1.5,1200]");
    const top = await screen.findByTestId("sim-stat-top");
    expect(within(top).getByTestId("sim-stat-use-total").textContent).toBe("Total 1,201.5 MB");
    expect(within(top).getByTestId("sim-stat-as-of").textContent).toContain("2026-11-28");
    const row = within(top).getByTestId("sim-stat-top-row");
    expect(row.textContent).toContain("Tilt 1");
    expect(row.textContent).toContain("1,200 MB");
    expect(within(row).getByRole("link").getAttribute("href")).toBe("/sim/simInfo?id=11");
    // One carrier's cards.
    fireEvent.click(within(panel).getByRole("combobox"));
    fireEvent.click(await screen.findByRole("option", { name: "China Unicom" }));
    await waitFor(() => expect(charts().at(-1)!.searchParams.get("carrier")).toBe("unicom"));
    expect(await within(screen.getByTestId("sim-stat-top")).findByText("No card used data in this range")).toBeTruthy();
  });

  it.each([
    ["en", "Start", "at most 31 days"],
    ["zh-cn", "开始", "最多 31 天"],
  ] as const)("%s: refuses a range over 31 days with the cloud's rule, asking nothing", async (locale, start, text) => {
    show({ locale });
    await waitFor(() => expect(charts()).toHaveLength(1));
    const end = charts()[0].searchParams.get("endDate")!;
    const far = new Date(Date.parse(`${end}T00:00:00Z`) - 39 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(within(screen.getByTestId("sim-stat-usage")).getByLabelText(start), { target: { value: far } });
    expect((await screen.findByTestId("sim-stat-range-error")).textContent).toContain(text);
    expect(charts()).toHaveLength(1);
    expect(screen.queryByTestId("sim-stat-top")).toBeNull();
  });

  it("shows the pools' use and run-out, and no links to those who may not open the card list", async () => {
    show({ locale: "zh-cn", menus: [entry("/sim/simStat")] });
    const pool = await screen.findByTestId("sim-stat-pool");
    expect(pool.textContent).toContain("CMCC-POOL-1");
    expect(pool.textContent).toContain("中国移动");
    expect(pool.textContent).toContain("88.00%");
    expect(within(pool).getByTestId("sim-stat-pool-run-out").textContent).toContain("4");
    expect(screen.getByTestId("sim-stat-expiring7").tagName).toBe("DIV");
    expect(screen.getByTestId("sim-stat-tiles").textContent).toContain("7 天内到期");
    const top = await screen.findByTestId("sim-stat-top");
    expect(within(top).queryByRole("link")).toBeNull();
    fireEvent.click(await within(screen.getByTestId("sim-stat-by-carrier")).findByTestId("fake-chart"));
    expect(push).not.toHaveBeenCalled();
  });
});
