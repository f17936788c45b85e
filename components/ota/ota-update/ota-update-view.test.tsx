// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { renderIntl } from "@/tests/intl";
import { PermissionsProvider } from "@/components/kit/can";
import { SessionProvider, type KitSession } from "@/components/kit/session";
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

const entry = (path: string) => ({ id: 1, name: path, nameEn: path, icon: null, path, frame: 0, framePath: null, type: "menu" as const, childrens: [] });
function show(menu: string) {
  const session: KitSession = { tenantId: 2, projId: null, menus: [entry(menu)], user: { id: 1, name: "a", realname: "A", avatar: null } };
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider value={session}>
        <PermissionsProvider codes={[]} roles="">
          <OtaUpdateView />
        </PermissionsProvider>
      </SessionProvider>
    </SWRConfig>,
  );
}
const follows = (a: Element, b: Element) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

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
