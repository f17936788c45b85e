// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SWRConfig, useSWRConfig, type ScopedMutator } from "swr";
import { defaultCompanyInfo } from "@/lib/contract/company";
import { callKey } from "@/lib/api/call";
import { favouriteApi, type CollectEntry } from "@/lib/contract/system/menu-favourites";
import type { MenuNode } from "@/lib/shell/menu";
import { CollapseProvider } from "./collapse";
import { menuIconsOf } from "./menu-icon";
import { ShellProvider, type ShellValue } from "./shell-context";
import { SideMenu } from "./side-menu";

vi.mock("next/navigation", () => ({ usePathname: () => "/systemSet/userSet", useRouter: () => ({ push: vi.fn() }) }));

const entry = (id: number, name: string, path: string): CollectEntry => ({ id, name, nameEn: name, icon: "user-cog", path, frame: 0, framePath: null, type: "menu", childrens: [] });
const users = entry(11, "Users", "/systemSet/userSet");
const roles = entry(12, "Roles", "/systemSet/roleSet");
const system: MenuNode = { ...entry(10, "System", ""), path: null, childrens: [users, roles] };

let served: CollectEntry[];
beforeEach(() => {
  served = [];
  Element.prototype.scrollIntoView = () => undefined;
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ code: 200, msg: "ok", data: served, success: true })),
  );
});

let mutate: ScopedMutator;
function GrabMutate() {
  mutate = useSWRConfig().mutate;
  return null;
}

function ui(favourites: CollectEntry[], collapsed = false) {
  const value: ShellValue = { tenantId: 2, projId: null, menus: [system], favourites, projects: [], company: defaultCompanyInfo, user: { id: 1, name: "a", realname: "A", avatar: null }, menuIcons: menuIconsOf([system, ...favourites], ["house", "star"]) };
  return (
    <SWRConfig value={{ provider: () => new Map() }}>
      <ShellProvider value={value}>
        <CollapseProvider initial={collapsed}>
          <SideMenu />
          <GrabMutate />
        </CollapseProvider>
      </ShellProvider>
    </SWRConfig>
  );
}

const favourites = () => screen.queryAllByTestId("favourite-entry").map((e) => e.getAttribute("data-path"));

describe("SideMenu favourites", () => {
  it("shows the favourites from the first paint as an open folder after home, without refetching", () => {
    renderIntl(ui([roles]));
    const folders = screen.getAllByTestId("menu-folder");
    expect(folders.map((f) => f.textContent)).toEqual(["Favourites", "System"]);
    expect(folders[0].getAttribute("aria-expanded")).toBe("true");
    expect(favourites()).toEqual(["/systemSet/roleSet"]);
    // The tree keeps its own entries; a favourite does not replace them.
    expect(screen.getAllByTestId("menu-entry").map((e) => e.getAttribute("data-path"))).toEqual(["/home", "/systemSet/userSet", "/systemSet/roleSet"]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("has no folder without favourites, and follows a change of the list (starring on menuSet)", async () => {
    renderIntl(ui([]));
    expect(screen.getAllByTestId("menu-folder").map((f) => f.textContent)).toEqual(["System"]);
    served = [users, roles];
    await act(() => mutate(callKey(favouriteApi.collects, {})));
    expect(favourites()).toEqual(["/systemSet/userSet", "/systemSet/roleSet"]);
    // The active page is marked in both places.
    expect(screen.getAllByRole("treeitem", { current: "page" })).toHaveLength(2);
  });

  it("collapsed, the favourites are one icon whose dropdown lists them", async () => {
    renderIntl(ui([users, roles], true));
    // The collapsed menu loads on demand.
    fireEvent.keyDown(await screen.findByRole("button", { name: "Favourites" }, { timeout: 20_000 }), { key: "Enter" });
    expect((await screen.findAllByRole("menuitem")).map((i) => i.textContent)).toEqual(["Users", "Roles"]);
  });
});
