// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ConsoleMain } from "./console-main";

const nav = vi.hoisted(() => ({ path: "/home" }));
vi.mock("next/navigation", () => ({ usePathname: () => nav.path }));

afterEach(cleanup);

/** jsdom has no layout: give the container a scroll position the test moves like a browser would. */
function mount() {
  const view = render(<ConsoleMain>page</ConsoleMain>);
  const main = screen.getByTestId("console-main");
  let top = 0;
  Object.defineProperty(main, "scrollTop", { configurable: true, get: () => top, set: (v: number) => void (top = v) });
  const scroll = (to: number) => {
    main.scrollTop = to;
    fireEvent.scroll(main);
  };
  /** Next scrolls the container to the top as it shows the next page. */
  const visit = (path: string) => {
    nav.path = path;
    main.scrollTop = 0;
    view.rerender(<ConsoleMain>page</ConsoleMain>);
  };
  return { main, scroll, visit };
}

/** What the tab bar stores as it opens and closes tabs. */
const openTabs = (...names: string[]) => sessionStorage.setItem("keepAliveList", JSON.stringify(names));

describe("ConsoleMain", () => {
  it("gives a keep-alive page back its scroll position, and starts detail pages at the top", () => {
    openTabs("userSet", "project");
    nav.path = "/systemSet/userSet";
    const { main, scroll, visit } = mount();
    scroll(300);
    visit("/projects/project");
    expect(main.scrollTop).toBe(0);
    scroll(40);
    visit("/systemSet/userSet");
    expect(main.scrollTop).toBe(300);
    visit("/projects/project");
    expect(main.scrollTop).toBe(40);

    visit("/systemSet/userSetInfo");
    scroll(120);
    visit("/systemSet/userSet");
    expect(main.scrollTop).toBe(300);
    visit("/systemSet/userSetInfo");
    expect(main.scrollTop).toBe(0);
  });

  it("starts a page over when its tab was closed in between", () => {
    openTabs("userSet", "project");
    nav.path = "/systemSet/userSet";
    const { main, scroll, visit } = mount();
    scroll(300);
    visit("/projects/project");
    openTabs("project");
    visit("/systemSet/userSet");
    expect(main.scrollTop).toBe(0);
    openTabs("project", "userSet");
    visit("/projects/project");
    visit("/systemSet/userSet");
    expect(main.scrollTop).toBe(0);
  });
});
