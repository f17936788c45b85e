// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { renderIntl } from "@/tests/intl";
import type { Locale } from "@/lib/contract/locale";
import { PermissionsProvider } from "@/components/kit/can";
import { SessionProvider } from "@/components/kit/session";
import { SimList } from "./sim-resource";

vi.mock("next/navigation", async () => (await import("@/components/kit/fake-router")).navigationMock());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

const card = (id: number, iccid: string, carrier: string, status: string) => ({ id, iccid, carrier, status, cardType: "SINGLE", usedMb: 10, quotaMb: 100, usagePct: 10, tags: [], renewal: 0, imeiStatus: "NOT_SET" });
const CARDS = [card(1, "89860400000000010006", "cmcc", "activation"), card(2, "89860100000000020007", "unicom", "retired")];

let calls: { method: string; path: string; body?: Record<string, unknown> }[];
let answer: unknown;
beforeEach(() => {
  calls = [];
  Object.values(toast).forEach((f) => f.mockReset());
  window.history.replaceState(null, "", "/sim/sim");
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  answer = { ordered: 1, failed: 0, carriers: [{ carrier: "cmcc", cards: 1, workOrder: "WO-77", error: null }] };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.slice(5).split("?")[0];
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init?.method ?? "GET", path, body });
      const ok = (data: unknown) => Response.json({ code: 200, msg: "ok", data, success: true });
      if (path === "device/simCard/page") return ok({ records: CARDS, total: CARDS.length, current: 1, size: 10 });
      if (path === "device/simCard/setState") return ok(answer);
      if (path === "device/simCard/syncState") return ok(null);
      if (path.endsWith("/list") || path.endsWith("/devices")) return ok([]);
      return ok({ records: [], total: 0, current: 1, size: 10 });
    }),
  );
});

async function show(codes = ["dev:simCard:upd"], locale: Locale = "en") {
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider value={{ tenantId: 2, projId: null, menus: [], user: { id: 1, name: "a", realname: "A", avatar: null } }}>
        <PermissionsProvider codes={codes} roles="">
          <SimList />
        </PermissionsProvider>
      </SessionProvider>
    </SWRConfig>,
    { locale, timeZone: "Asia/Shanghai" },
  );
  await screen.findByText(CARDS[0].iccid);
}
const rowOf = (iccid: string) => screen.getByText(iccid).closest("tr") as HTMLElement;
/** Opens a row's "More" menu: its first click loads it (and opens it); once loaded, Radix's trigger opens from the keyboard. */
function openMenu(more: Element) {
  if (more.hasAttribute("data-state")) fireEvent.keyDown(more, { key: "ArrowDown" });
  else fireEvent.click(more);
}
/** The row's actions, inline and in its "More" menu. */
async function actionsOf(iccid: string) {
  const row = rowOf(iccid);
  const inline = [...row.querySelectorAll("button[data-action]")].map((b) => b.getAttribute("data-action")).filter((a) => a !== "more");
  const more = row.querySelector("button[data-action=more]");
  if (!more) return { inline, menu: [] as string[] };
  openMenu(more);
  const items = await screen.findAllByRole("menuitem");
  const menu = items.map((m) => m.getAttribute("data-action")!);
  fireEvent.keyDown(items[0], { key: "Escape" });
  await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  return { inline, menu };
}

describe("SIM cards: changing a card's state", () => {
  it("offers Change state on a card's row, not on a retired card's, nor without dev:simCard:upd", async () => {
    await show();
    const open = await actionsOf(CARDS[0].iccid);
    expect([...open.inline, ...open.menu]).toContain("state");
    const retired = await actionsOf(CARDS[1].iccid);
    expect([...retired.inline, ...retired.menu]).not.toContain("state");
  });

  it("hides it from a reader", async () => {
    await show([]);
    const a = await actionsOf(CARDS[0].iccid);
    expect([...a.inline, ...a.menu]).not.toContain("state");
  });

  it("orders the chosen action for the row's card through simCard/setState and tells the work order", async () => {
    await show();
    openMenu(rowOf(CARDS[0].iccid).querySelector("button[data-action=more]")!);
    fireEvent.click(await screen.findByRole("menuitem", { name: /Change state/ }));
    await waitFor(() => expect(window.location.search).toBe("?simState=1"));
    const dialog = await screen.findByTestId("sim-state-dialog");
    expect(dialog.textContent).toContain(CARDS[0].iccid);
    fireEvent.click(within(dialog).getByTestId("sim-state-deactivate"));
    fireEvent.click(within(dialog).getByTestId("sim-state-ok"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("1 card ordered at the carrier: work order WO-77"));
    expect(calls.find((c) => c.path === "device/simCard/setState")?.body).toEqual({ ids: [1], iccids: [], action: "deactivate" });
    await waitFor(() => expect(screen.queryByTestId("sim-state-dialog")).toBeNull());
  });

  it("tells a carrier's refusal by carrier, in Chinese", async () => {
    answer = { ordered: 0, failed: 1, carriers: [{ carrier: "unicom", cards: 1, workOrder: null, error: "运营商拒绝了账户凭据" }] };
    await show(["dev:simCard:upd"], "zh-cn");
    const { nav } = await import("@/components/kit/fake-router");
    act(() => nav.replace("/sim/sim?simState=1"));
    const dialog = await screen.findByTestId("sim-state-dialog");
    expect(dialog.textContent).toContain("变更状态");
    fireEvent.click(within(dialog).getByTestId("sim-state-ok"));
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith("中国联通：1 张卡未变更。运营商拒绝了账户凭据"));
    expect(toast.success).not.toHaveBeenCalled();
    expect(calls.find((c) => c.path === "device/simCard/setState")?.body).toMatchObject({ action: "activate" });
  });
});
