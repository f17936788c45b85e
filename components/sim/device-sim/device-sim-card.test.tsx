// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, renderHook, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { renderIntl } from "@/tests/intl";
import type { Locale } from "@/lib/contract/locale";
import { PermissionsProvider } from "@/components/kit/can";
import { SessionProvider } from "@/components/kit/session";
import type { MenuNode } from "@/lib/shell/menu";
import { DeviceSimCard } from "./device-sim-card";
import { useDeviceSimShown } from "./use-device-sim";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }), usePathname: () => "/devices/viewDevice" }));

type Call = { method: string; path: string; query: URLSearchParams; body?: Record<string, unknown> };
let calls: Call[];
let bound: Record<string, unknown>[];
let owned: boolean;
const CARD = { id: 11, iccid: "89860400000000770011", carrier: "cmcc", status: "activation", prodName: "1 GB a month", quotaMb: 1024, usedMb: 512, usagePct: 50, usageAsOf: "2026-11-28", expireAt: "2027-03-01", deviceId: 5 };

beforeEach(() => {
  calls = [];
  bound = [];
  owned = true;
  toast.success.mockReset();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, "http://console");
      const path = u.pathname.replace(/^\/api\//, "");
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init?.method ?? "GET", path, query: u.searchParams, body });
      const ok = (data: unknown) => Response.json({ code: 200, msg: "ok", data, success: true });
      if (path === "device/simCard/ofDevice") return ok({ owned, cards: bound });
      if (path === "device/simCard/page") {
        const digits = u.searchParams.get("iccid") ?? "";
        const records = CARD.iccid.endsWith(digits) ? [{ ...CARD, deviceId: null }] : [];
        return ok({ total: records.length, records });
      }
      if (path === "device/simCard/upd") {
        bound = body!.deviceId ? [{ ...CARD, deviceId: body!.deviceId }] : [];
        return ok({ ...CARD, deviceId: body!.deviceId });
      }
      return ok(null);
    }),
  );
});

const entry = (path: string): MenuNode => ({ id: path.length, name: path, nameEn: path, icon: null, path, frame: 0, framePath: null, type: "menu", childrens: [] });
const session = (menus: MenuNode[]) => ({ tenantId: 2, projId: null, menus, user: { id: 1, name: "a", realname: "A", avatar: null } });

function wrap(children: React.ReactNode, { codes = ["dev:simCard:upd"], menus = [entry("/sim/sim")] }: { codes?: string[]; menus?: MenuNode[] } = {}) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider value={session(menus)}>
        <PermissionsProvider codes={codes} roles="">
          {children}
        </PermissionsProvider>
      </SessionProvider>
    </SWRConfig>
  );
}
const show = (opts: { codes?: string[]; locale?: Locale } = {}) => renderIntl(wrap(<DeviceSimCard deviceId={5} />, opts), { locale: opts.locale ?? "en", timeZone: "Asia/Shanghai" });
const posts = () => calls.filter((c) => c.method === "POST");

describe("the device page's SIM card", () => {
  it("shows the bound card: ICCID linking to its page, carrier, status, plan, use, as-of date and expiry", async () => {
    bound = [CARD];
    show();
    const card = await screen.findByTestId("device-sim-card");
    expect(within(card).getByTestId("device-sim-link").getAttribute("href")).toBe("/sim/simInfo?id=11");
    expect(card.textContent).toContain("China Mobile");
    expect(card.textContent).toContain("Active");
    expect(card.textContent).toContain("1 GB a month");
    expect(card.textContent).toContain("512 / 1,024 MB · 50.00%");
    expect(within(card).getByTestId("device-sim-as-of").textContent).toContain("2026-11-28");
    expect(card.textContent).toContain("2027-03-01");
  });

  it("binds a card found by the last digits of its ICCID, then shows it", async () => {
    show();
    expect((await screen.findByTestId("device-sim-none")).textContent).toBe("No SIM card is bound to this device.");
    fireEvent.click(screen.getByTestId("device-sim-bind"));
    const dialog = await screen.findByTestId("device-sim-bind-dialog");
    const ok = within(dialog).getByTestId("device-sim-bind-ok") as HTMLButtonElement;
    // Three digits ask nothing; letters are refused.
    fireEvent.change(within(dialog).getByTestId("device-sim-digits"), { target: { value: "011" } });
    fireEvent.change(within(dialog).getByTestId("device-sim-digits"), { target: { value: "0a11" } });
    expect(dialog.textContent).toContain("Digits only");
    expect(calls.filter((c) => c.path === "device/simCard/page")).toEqual([]);
    fireEvent.change(within(dialog).getByTestId("device-sim-digits"), { target: { value: "9999" } });
    expect((await within(dialog).findByTestId("device-sim-no-match")).textContent).toContain("9999");
    expect(ok.disabled).toBe(true);
    // Spaces as printed on the card are dropped; only unbound cards are asked for.
    fireEvent.change(within(dialog).getByTestId("device-sim-digits"), { target: { value: "77 0011" } });
    await within(dialog).findByTestId("device-sim-match");
    const asked = calls.filter((c) => c.path === "device/simCard/page").at(-1)!.query;
    expect([asked.get("iccid"), asked.get("unbound")]).toEqual(["770011", "true"]);
    await waitFor(() => expect(ok.disabled).toBe(false));
    await act(async () => fireEvent.click(ok));
    await waitFor(() => expect(posts()).toEqual([expect.objectContaining({ path: "device/simCard/upd", body: { id: 11, deviceId: 5 } })]));
    expect(toast.success).toHaveBeenCalledWith("Card 89860400000000770011 bound");
    expect(await screen.findByTestId("device-sim-card")).toBeTruthy();
  });

  it("unbinds the card after a confirmation", async () => {
    bound = [CARD];
    show({ locale: "zh-cn" });
    fireEvent.click(await screen.findByTestId("device-sim-unbind"));
    fireEvent.click(await screen.findByRole("button", { name: "确定" }));
    await waitFor(() => expect(posts()).toEqual([expect.objectContaining({ path: "device/simCard/upd", body: { id: 11, deviceId: null } })]));
    expect(await screen.findByTestId("device-sim-none")).toBeTruthy();
    expect(screen.getByTestId("device-sim-bind").textContent).toBe("绑定物联网卡");
  });

  it("offers neither bind nor unbind without the card edit permission", async () => {
    show({ codes: [] });
    await screen.findByTestId("device-sim-none");
    expect(screen.queryByTestId("device-sim-bind")).toBeNull();
  });

  it("is shown to those who may open the SIM list, for a device of their tenant only", async () => {
    const shown = (menus: MenuNode[]) => renderHook(() => useDeviceSimShown(5), { wrapper: ({ children }) => wrap(children, { menus }) });
    const yes = shown([entry("/sim/sim")]);
    await waitFor(() => expect(yes.result.current).toBe(true));
    const none = shown([entry("/devices/device")]);
    expect(none.result.current).toBe(false);
    expect(calls.filter((c) => c.path === "device/simCard/ofDevice")).toHaveLength(1);
    owned = false;
    const other = shown([entry("/sim/sim")]);
    await waitFor(() => expect(calls.filter((c) => c.path === "device/simCard/ofDevice")).toHaveLength(2));
    expect(other.result.current).toBe(false);
  });
});
