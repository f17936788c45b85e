// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { TabBar } from "./tab-bar";

const nav = vi.hoisted(() => ({ path: "/home", search: "", push: vi.fn() }));
vi.mock("next/navigation", () => ({
  usePathname: () => nav.path,
  useSearchParams: () => new URLSearchParams(nav.search),
  useRouter: () => ({ push: nav.push }),
}));

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  nav.push.mockReset();
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  Element.prototype.scrollIntoView = () => undefined;
});

const visit = (path: string, search = "") => {
  nav.path = path;
  nav.search = search;
};
const tabs = () => screen.getAllByTestId("tab").map((t) => t.getAttribute("data-path"));
const stored = (key: string) => JSON.parse(sessionStorage.getItem(key) ?? "null");

describe("TabBar", () => {
  it("restores the tabs of the browser session and stores them under the core §3 names", async () => {
    sessionStorage.setItem("routeTags", JSON.stringify([{ path: "/systemSet/userSet", query: "?current=2" }]));
    visit("/projects/project");
    renderIntl(<TabBar />);
    expect(await screen.findAllByTestId("tab")).toHaveLength(3);
    expect(tabs()).toEqual(["/home", "/systemSet/userSet", "/projects/project"]);
    // Clicking a tab brings back its whole URL (list state lives in the query).
    expect(screen.getByRole("tab", { name: "Users" }).getAttribute("href")).toBe("/systemSet/userSet?current=2");
    expect(stored("routeTags").map((t: { path: string }) => t.path)).toEqual(["/home", "/systemSet/userSet", "/projects/project"]);
    expect(stored("keepAliveList")).toEqual(["home", "userSet", "project"]);
  });

  it("keeps detail pages off the keep-alive list and never opens full-screen routes", async () => {
    visit("/systemSet/userSetInfo", "id=3");
    const { rerender } = renderIntl(<TabBar />);
    await screen.findAllByTestId("tab");
    visit("/globalDataScreen", "tId=2&projId=1");
    rerender(<TabBar />);
    visit("/login");
    rerender(<TabBar />);
    expect(tabs()).toEqual(["/home", "/systemSet/userSetInfo"]);
    expect(stored("keepAliveList")).toEqual(["home"]);
  });

  it("closes the others from a tab's context menu", async () => {
    sessionStorage.setItem("routeTags", JSON.stringify([{ path: "/systemSet/userSet", query: "" }, { path: "/systemSet/roleSet", query: "" }]));
    visit("/systemSet/userSet");
    renderIntl(<TabBar />);
    await screen.findAllByTestId("tab");
    expect(tabs()).toEqual(["/home", "/systemSet/userSet", "/systemSet/roleSet"]);
    // The context menus load after the page (when the browser is idle): radix marks the tab its trigger.
    await waitFor(() => expect(screen.getAllByTestId("tab")[1].getAttribute("data-state")).toBe("closed"));
    fireEvent.contextMenu(screen.getAllByTestId("tab")[1]);
    fireEvent.click(await screen.findByTestId("tab-closeOthers"));
    expect(tabs()).toEqual(["/home", "/systemSet/userSet"]);
    expect(nav.push).not.toHaveBeenCalled();
  });
});
