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
});
