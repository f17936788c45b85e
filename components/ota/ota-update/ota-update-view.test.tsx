// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { follows, menuEntry, renderConsole, signedIn } from "@/tests/console-render";
import { OtaUpdateView } from "./ota-update-view";

vi.mock("next/navigation", async () => (await import("@/components/kit/fake-router")).navigationMock());

let calls: string[];
beforeEach(() => {
  calls = [];
  window.history.replaceState(null, "", "/OTAUpdate");
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url.slice(5).split("?")[0]);
      return Response.json({ code: 200, msg: "ok", data: { records: [], total: 0, current: 1, size: 10 }, success: true });
    }),
  );
});

const show = (menu: string) => renderConsole(<OtaUpdateView />, { session: signedIn([menuEntry(menu)]) });

describe("OtaUpdateView", () => {
  it("puts its tabs under the page's title, above each list's search bar", async () => {
    show("/OTAUpdate");
    const title = await screen.findByTestId("page-title");
    expect(follows(title, screen.getByTestId("ota-tab-packages"))).toBe(true);
    expect(follows(screen.getByTestId("ota-tab-packages"), await screen.findByTestId("search-bar"))).toBe(true);
    fireEvent.click(screen.getByTestId("ota-tab-tasks"));
    await waitFor(() => expect(screen.getByTestId("resource-page").getAttribute("data-resource")).toBe("device/otaTask"));
    // One frame for both lists: the title stays first.
    expect(screen.getAllByTestId("page-title")).toHaveLength(1);
    expect(follows(screen.getByTestId("page-title"), screen.getByTestId("ota-tab-tasks"))).toBe(true);
  });

  it("shows a user without the menu the title and no access, without tabs", async () => {
    show("/elsewhere");
    expect(follows(screen.getByTestId("page-title"), await screen.findByTestId("no-access"))).toBe(true);
    expect(screen.queryByTestId("ota-tab-packages")).toBeNull();
    expect(calls).toEqual([]);
  });
});
