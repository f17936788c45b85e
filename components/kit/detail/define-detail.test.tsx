// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SWRConfig } from "swr";
import { z } from "zod";
import type { AnyCall } from "@/lib/contract/call";
import { PermissionsProvider } from "../can";
import { DetailDialog } from "../dialogs/detail-dialog";
import { defineResource } from "../resource/define-resource";
import { urlNumber, urlText } from "../resource/url-values";
import { SessionProvider } from "../session";
import { defineEntity } from "@/lib/contract/entity";
import { defineDetail, DetailPage } from "./define-detail";

vi.mock("next/navigation", async () => (await import("../fake-router")).navigationMock());
vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

type Dept = { id: number; name: string; code: string; status: number };
type Person = { id: number; name: string };
let calls: { path: string; query: URLSearchParams }[];
const messages = {
  test: { entity: "Person", basic: "Basic", people: "People", more: "More", note: "Note {name}", fields: { name: "Name", code: "Code" }, actions: { ping: "Ping" }, title: "Departments" },
};
beforeEach(() => {
  calls = [];
  window.history.replaceState(null, "", "/dept?id=4");
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const [path, qs] = url.slice(5).split("?");
      const query = new URLSearchParams(qs);
      calls.push({ path, query });
      const data =
        path === "t/dept/info"
          ? query.get("id") === "4"
            ? { id: 4, name: "Sales", code: "S1", status: 1 }
            : null
          : path === "t/person/info"
            ? { id: 1, name: "Ann" }
            : path === "t/person/page"
            ? { records: query.get("deptId") === "4" ? [{ id: 1, name: "Ann" }] : [{ id: 2, name: "Bob" }], total: 1, current: 1, size: 10 }
            : null;
      return Response.json(data ? { code: 200, msg: "ok", data, success: true } : { code: 404, msg: "gone", data: null, success: false });
    }),
  );
});

const people = defineResource<Person>({
  ns: "test",
  api: "t/person",
  schemas: {},
  query: { deptId: urlNumber, name: urlText() },
  search: { keyword: "name", items: [] },
  columns: [{ prop: "name", label: "fields.name" }],
});
const ping = vi.fn();
const detail = defineDetail<Dept>({
  ns: "test",
  info: { kind: "get", path: "t/dept/info" } as AnyCall,
  back: "/dept",
  title: (d) => `${d.name} (${d.code})`,
  testId: "dept",
  actions: [
    { key: "edit", label: "kit.actions.edit", perm: "t:dept:upd", href: (d) => `/dept?edit=${d.id}` },
    { key: "ping", label: "actions.ping", onClick: (d, ctx) => ping(d.id, ctx.t("note", { name: d.name })) },
    { key: "hidden", label: "actions.ping", show: (d) => d.status === 2, onClick: ping },
  ],
  sections: [{ key: "basic", title: "basic", rows: [{ prop: "name", label: "fields.name" }, { prop: "code", label: "fields.code" }] }],
  tabs: [
    { key: "people", label: "people", list: { resource: people, filter: (d) => ({ deptId: d.id }) } },
    { key: "more", label: "more", render: (d, ctx) => <p data-testid="custom">{ctx.t("note", { name: d.name })}</p> },
  ],
});

const wrap = (node: React.ReactNode, codes: string[] = ["t:dept:upd"]) =>
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider value={{ tenantId: 2, projId: null, menus: [], user: { id: 1, name: "a", realname: "A", avatar: null } }}>
        <PermissionsProvider codes={codes} roles="">
          {node}
        </PermissionsProvider>
      </SessionProvider>
    </SWRConfig>,
    { timeZone: "Asia/Shanghai", messages },
  );

describe("defineDetail", () => {
  it("shows the row of ?id= in its cards, titled, with the actions the caller may use", async () => {
    wrap(<DetailPage detail={detail} />);
    const body = await screen.findByTestId("dept");
    expect(screen.getByTestId("page-title").textContent).toBe("Sales (S1)");
    const basic = body.querySelector('[data-section="basic"]') as HTMLElement;
    expect(basic.textContent).toContain("Basic");
    expect(within(basic).getByTestId("detail-rows").textContent).toBe("NameSalesCodeS1");
    expect(screen.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe("/dept?edit=4");
    expect(document.querySelector('[data-action="hidden"]')).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Ping" }));
    expect(ping).toHaveBeenCalledWith(4, "Note Sales");
    cleanup();
    wrap(<DetailPage detail={detail} />, []);
    await screen.findByTestId("dept");
    expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
  });

  it("lists another resource narrowed to the row in a tab, and a custom part in another", async () => {
    wrap(<DetailPage detail={detail} />);
    const list = await screen.findByTestId("detail-list");
    await within(list).findByText("Ann");
    expect(calls.find((c) => c.path === "t/person/page")!.query.get("deptId")).toBe("4");
    // The narrowing is not in the URL: a search keeps it.
    fireEvent.change(within(list).getByTestId("search-keyword"), { target: { value: "A" } });
    await act(async () => fireEvent.click(within(list).getByTestId("search-submit")));
    expect(window.location.search).toBe("?id=4&name=A");
    await waitFor(() => expect(calls.filter((c) => c.path === "t/person/page").at(-1)!.query.get("deptId")).toBe("4"));
    const more = screen.getByTestId("detail-tab-more");
    fireEvent.mouseDown(more);
    fireEvent.click(more);
    expect((await screen.findByTestId("custom")).textContent).toBe("Note Sales");
  });

  it("says so when the id is missing or unknown", async () => {
    window.history.replaceState(null, "", "/dept?id=9");
    wrap(<DetailPage detail={detail} />);
    expect((await screen.findByTestId("dept-missing")).textContent).toBe("The item does not exist or was deleted");
    cleanup();
    window.history.replaceState(null, "", "/dept?id=x");
    wrap(<DetailPage detail={detail} />);
    expect(screen.getByTestId("dept-missing")).toBeTruthy();
    expect(calls.filter((c) => c.query.get("id") === "x")).toEqual([]);
  });

  it("renders a view dialog through the same renderer: rows alone, or cards and tabs", async () => {
    const row = { id: 4, name: "Sales", code: "S1", status: 1 };
    const label = (k: string) => k;
    wrap(<DetailDialog detail={[{ prop: "name", label: "fields.name" }]} row={row} title="View" label={label} onClose={() => {}} onRefresh={async () => {}} />);
    expect(within(screen.getByTestId("view-dialog")).getByTestId("detail-rows").textContent).toBe("fields.nameSales");
    cleanup();
    wrap(<DetailDialog detail={{ sections: detail.sections, tabs: [detail.tabs![1]] }} row={row} title="View" label={label} onClose={() => {}} onRefresh={async () => {}} />);
    const dialog = screen.getByTestId("view-dialog");
    expect(within(dialog).getByText("basic")).toBeTruthy();
    expect(within(dialog).getByTestId("custom").textContent).toBe("note");
  });

  it("leaves out a card whose useShown says no, and shows it once it says yes", async () => {
    const row = { id: 4, name: "Sales", code: "S1", status: 1 };
    const card = (shown: boolean) => ({ sections: [{ key: "extra", title: "more", useShown: (d: Dept) => shown && d.id === 4, render: () => <p>extra</p> }, detail.sections![0]] });
    const open = (shown: boolean) => wrap(<DetailDialog detail={card(shown)} row={row} title="View" label={(k) => k} onClose={() => {}} onRefresh={async () => {}} />);
    open(false);
    expect(document.querySelector('[data-section="extra"]')).toBeNull();
    expect(document.querySelector('[data-section="basic"]')).toBeTruthy();
    cleanup();
    open(true);
    expect(document.querySelector('[data-section="extra"]')?.textContent).toContain("extra");
  });

  it("leaves a nested list's dialogs out when asked: inside a view dialog, ?view= belongs to the list around it", async () => {
    window.history.replaceState(null, "", "/dept?view=1");
    const row = { id: 1, name: "Sales", code: "S1", status: 1 };
    const viewable = { ...people, detail: [{ prop: "name", label: "fields.name" }] };
    const layout = (dialogs?: boolean) => ({ sections: [], tabs: [{ key: "people", label: "people", list: { resource: viewable, filter: () => ({ deptId: 4 }), dialogs } }] });
    const open = (dialogs?: boolean) =>
      wrap(<DetailDialog detail={layout(dialogs)} row={row} title="View" label={(k) => k} onClose={() => {}} onRefresh={async () => {}} />);
    open();
    await within(await screen.findByTestId("detail-list")).findByText("Ann");
    // By default the nested list opens its own row 1 too.
    await waitFor(() => expect(screen.getAllByTestId("view-dialog")).toHaveLength(2));
    cleanup();
    open(false);
    await within(await screen.findByTestId("detail-list")).findByText("Ann");
    expect(screen.getAllByTestId("view-dialog")).toHaveLength(1);
  });

  it("holds back only the card or tab whose code is still loading, not the page", async () => {
    let arrive!: () => void;
    const code = new Promise<void>((r) => (arrive = r));
    let loaded = false;
    // A part whose code has not arrived yet (as next/dynamic without a loading state): it suspends until it has.
    function Late() {
      if (!loaded) throw code.then(() => void (loaded = true));
      return <p data-testid="late">late part</p>;
    }
    const slow = defineDetail<Dept>({
      ...detail,
      sections: [...detail.sections!, { key: "pad", title: "more", render: () => <Late /> }],
      tabs: [{ key: "late", label: "more", render: () => <Late /> }],
    });
    wrap(<DetailPage detail={slow} />);
    const body = await screen.findByTestId("dept");
    expect(within(body.querySelector('[data-section="basic"]') as HTMLElement).getByTestId("detail-rows").textContent).toBe("NameSalesCodeS1");
    expect(body.querySelector('[data-section="pad"]')).toBeTruthy();
    expect(await screen.findByTestId("detail-tab-late")).toBeTruthy();
    expect(screen.queryByTestId("late")).toBeNull();
    await act(async () => arrive());
    await waitFor(() => expect(screen.getAllByTestId("late")).toHaveLength(2));
  });

  it("derives the title, test id and first card from an entity; tabs show counts from the row and hide when the row says so", async () => {
    const dept = defineEntity({ ns: "test", fields: { name: { schema: z.string() }, code: { schema: z.string() }, id: { kind: "id", readOnly: true, detail: false }, status: { kind: "number", readOnly: true } } });
    const counted = defineDetail<Dept>({
      entity: dept,
      info: { kind: "get", path: "t/dept/info" } as AnyCall,
      rows: { status: false },
      tabs: [
        { key: "people", label: "people", count: (d) => d.id * 2, list: { resource: people, filter: (d) => ({ deptId: d.id }) } },
        { key: "more", label: "more", show: (d) => d.status === 0, render: () => <p>hidden</p> },
      ],
    });
    wrap(<DetailPage detail={counted} />);
    const body = await screen.findByTestId("test-info");
    expect(within(body.querySelector('[data-section="basic"]') as HTMLElement).getByTestId("detail-rows").textContent).toBe("NameSalesCodeS1");
    expect(screen.getByTestId("detail-tab-people").textContent).toBe("People(8)");
    expect(screen.queryByTestId("detail-tab-more")).toBeNull();
    await within(await screen.findByTestId("detail-list")).findByText("Ann");
  });
});
