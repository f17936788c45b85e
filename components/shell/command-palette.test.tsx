// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { defaultCompanyInfo } from "@/lib/contract/company";
import type { MenuNode } from "@/lib/shell/menu";
import { CommandPalette } from "./command-palette";
import { ShellProvider } from "./shell-context";

const push = vi.hoisted(() => vi.fn());
vi.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

const users: MenuNode = { id: 11, name: "用户管理", nameEn: "Users", icon: "user-cog", path: "/systemSet/userSet", frame: 0, framePath: null, type: "menu", childrens: [] };
const system: MenuNode = { ...users, id: 10, name: "系统设置", nameEn: "System settings", path: null, childrens: [users] };

beforeEach(() => {
  localStorage.clear();
  push.mockReset();
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  Element.prototype.scrollIntoView = () => undefined;
});

/** Ctrl-K; the palette's code loads on this first opening. */
async function open() {
  renderIntl(
    <ShellProvider value={{ tenantId: 2, projId: null, menus: [system], favourites: [], projects: [], company: defaultCompanyInfo, user: { id: 1, name: "a", realname: "A", avatar: null }, menuIcons: {} }}>
      <CommandPalette />
    </ShellProvider>,
  );
  act(() => void fireEvent.keyDown(window, { key: "k", ctrlKey: true }));
  await screen.findByRole("combobox", undefined, { timeout: 20_000 });
}
const search = (q: string) => fireEvent.change(screen.getByRole("combobox"), { target: { value: q } });
const items = () => screen.queryAllByTestId("palette-item").map((i) => i.textContent);

describe("CommandPalette", () => {
  it("offers the home entry first and finds menu entries by either language or pinyin", async () => {
    await open();
    expect(items()[0]).toContain("Home");
    // Pinyin loads when the palette opens; its hits join once it is there.
    search("yhgl");
    await waitFor(() => expect(items()).toEqual(["UsersSystem settings"]));
    search("yonghu");
    expect(items()).toEqual(["UsersSystem settings"]);
    search("users");
    expect(items()).toEqual(["UsersSystem settings"]);
  });

  it("finds a recent page by its menu title in the other language too", async () => {
    localStorage.setItem("recentPages", JSON.stringify(["/systemSet/userSet?current=2"]));
    await open();
    search("用户");
    expect(items()[0]).toBe("Users/systemSet/userSet?current=2");
    fireEvent.click(screen.getAllByTestId("palette-item")[0]);
    expect(push).toHaveBeenCalledWith("/systemSet/userSet?current=2");
  });

  for (const [locale, headings] of [
    ["en", ["Devices", "Measurement points"]],
    ["zh-cn", ["设备", "测点"]],
  ] as const) {
    it(`${locale}: finds the tenant's data with one search call, grouped by kind, and opens a hit`, async () => {
      const asked: string[] = [];
      vi.stubGlobal("fetch", async (url: string) => {
        asked.push(url);
        const data = [
          { kind: "device", id: 7, title: "倾角计 1", hint: "SIM01001 · 滨江", href: "/devices/viewDevice?id=7" },
          { kind: "point", id: 3, title: "沉降监测 1", hint: "Settlement", href: "/pointCorrelation/pointDetails?id=3" },
        ];
        return new Response(JSON.stringify({ code: 200, msg: "ok", data, success: true }), { headers: { "content-type": "application/json" } });
      });
      renderIntl(
        <ShellProvider value={{ tenantId: 2, projId: null, menus: [system], favourites: [], projects: [], company: defaultCompanyInfo, user: { id: 1, name: "a", realname: "A", avatar: null }, menuIcons: {} }}>
          <CommandPalette />
        </ShellProvider>,
        { locale },
      );
      act(() => void fireEvent.keyDown(window, { key: "k", ctrlKey: true }));
      await screen.findByRole("combobox", undefined, { timeout: 20_000 });
      search("cjjc");
      await waitFor(() => expect(items()).toEqual(["倾角计 1SIM01001 · 滨江", "沉降监测 1Settlement"]));
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain("/api/sys/search/global?keyword=cjjc");
      for (const h of headings) expect(screen.getByText(h)).toBeTruthy();
      fireEvent.click(screen.getAllByTestId("palette-item")[1]);
      expect(push).toHaveBeenCalledWith("/pointCorrelation/pointDetails?id=3");
    });
  }
});
