// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { follows, menuEntry, signedIn } from "@/tests/console-render";
import { SWRConfig } from "swr";
import { z } from "zod";
import type { AnyCall } from "@/lib/contract/call";
import { PermissionsProvider } from "../can";
import { nav } from "../fake-router";
import { SessionProvider, type KitSession } from "../session";
import { defineResource, type Resource } from "./define-resource";
import { urlNumber, urlText } from "./url-values";
import { TabStrip } from "@/components/ui/tab-strip";
import { ListFrame, ResourceList, ResourcePage } from "./resource-page";

// The URL is the list state: router.replace rewrites it and every reader renders again.
vi.mock("next/navigation", async () => (await import("../fake-router")).navigationMock());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

type Node = { id: number; name: string; kind: "dept" | "team"; root?: boolean; childrens: Node[] };
const node = (id: number, name: string, kind: Node["kind"], childrens: Node[] = [], root = false): Node => ({ id, name, kind, root, childrens });
const TREE = [node(1, "Acme", "dept", [node(2, "Sales", "dept", [node(4, "Field", "team")]), node(3, "Ops", "dept", [node(5, "Night shift", "team")])], true)];

const MSGS = [{ id: 7, name: "Alarm", channel: 2 }];
const COUNTS = [
  { channel: 1, count: 4 },
  { channel: 2, count: 1 },
  { channel: 3, count: 9 },
];

const notRoot = (n: Node) => !n.root;
const resource = defineResource<Node>({
  ns: "test",
  api: "t/node",
  perm: "t:node",
  endpoints: { page: "t/node/tree", info: false, export: false, import: false, template: false, openOrClose: false },
  query: { name: urlText() },
  schemas: { create: z.object({ parentId: z.number(), name: z.string().min(1) }), update: z.object({ id: z.number(), name: z.string().min(1) }) },
  tree: { addParent: (nodes) => nodes[0] },
  search: { keyword: "name", items: [] },
  columns: [
    { prop: "name", label: "fields.name" },
    { prop: "kind", label: "fields.kind" },
  ],
  rowActions: [{ builtin: "addChild", show: (n) => notRoot(n) && n.kind === "dept" }, { builtin: "edit", show: notRoot }, { builtin: "del", show: notRoot, confirm: "confirmDelete" }],
  inlineActions: 3,
  rowName: (n) => n.name,
  toolbar: ["add"],
  form: {
    defaults: { name: "" },
    fields: [
      { name: "parentId", label: "fields.parent", type: "number" },
      { name: "name", label: "fields.name", required: true },
    ],
  },
});

let calls: { method: string; path: string; body?: unknown }[];
const messages = { test: { entity: "node", confirmDelete: "Delete the node {name}?", fields: { name: "Name", kind: "Kind", parent: "Parent" } } };
beforeEach(() => {
  calls = [];
  window.history.replaceState(null, "", "/org");
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.slice(5).split("?")[0];
      calls.push({ method: init?.method ?? "GET", path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const data = path === "t/node/tree" ? TREE : path === "t/node/add" ? { id: 9, secret: "s3cret" } : path === "t/kind/list" ? [{ code: "dept", label: "Department" }] : path === "t/msg/page" ? { records: MSGS, total: MSGS.length, current: 1, size: 10 } : path === "t/msg/counts" ? COUNTS : null;
      return Response.json({ code: 200, msg: "ok", data, success: true });
    }),
  );
});

const CODES = ["t:node:add", "t:node:upd", "t:node:del"];
/** The page frame reads the session's menu for its breadcrumbs. */
let session: KitSession;
beforeEach(() => void (session = signedIn()));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests show resources of different row types
async function show(codes = CODES, shown: Resource<any> = resource, first = "Acme") {
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider value={session}>
        <PermissionsProvider codes={codes} roles="">
          <ResourcePage resource={shown} />
        </PermissionsProvider>
      </SessionProvider>
    </SWRConfig>,
    { timeZone: "Asia/Shanghai", messages },
  );
  await screen.findByText(first);
}
const bodyRows = () => within(screen.getByTestId("data-table")).getAllByRole("row").slice(1);
const shown = () => bodyRows().map((r) => r.querySelector("td")?.textContent);
const row = (name: string) => bodyRows().find((r) => r.querySelector("td")?.textContent === name)!;
const actionsOf = (name: string) => [...row(name).querySelectorAll("button[data-action]")].map((b) => b.getAttribute("data-action"));
const treeGets = () => calls.filter((c) => c.method === "GET" && c.path === "t/node/tree").length;

const gated = { ...resource, readers: ["/org/nodes"] };

describe("ResourcePage and the user's menu", () => {
  it("says no access and calls nothing when the menu holds none of the screens that read the list", async () => {
    session = signedIn([menuEntry("/elsewhere")]);
    renderIntl(
      <SessionProvider value={session}>
        <ResourcePage resource={gated} />
      </SessionProvider>,
      { messages },
    );
    expect((await screen.findByTestId("no-access")).textContent).toContain("No access to this page");
    expect(calls).toEqual([]);
  });

  it("lists for a holder of one of them (whatever the case of the menu's path), and when the menu could not be read", async () => {
    session = signedIn([menuEntry("/ORG/nodes")]);
    await show(CODES, gated);
    cleanup();
    session = signedIn([]);
    await show(CODES, gated);
  });
});

describe("A page's tabs between its lists", () => {
  // A route of the catalogue, so the frame has a title.
  beforeEach(() => window.history.replaceState(null, "", "/OTAUpdate"));
  const page = () =>
    renderIntl(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <SessionProvider value={session}>
          <PermissionsProvider codes={CODES} roles="">
            <ListFrame readers={gated.readers} tabs={<TabStrip value="nodes" onChange={() => {}} items={[{ name: "nodes", label: "Nodes", testId: "page-tab" }, { name: "other", label: "Other" }]} />}>
              <ResourceList resource={gated} />
            </ListFrame>
          </PermissionsProvider>
        </SessionProvider>
      </SWRConfig>,
      { messages },
    );

  it("sit under the title, in its frame, above the list's search bar", async () => {
    session = signedIn([menuEntry("/org/nodes")]);
    page();
    await screen.findByText("Acme");
    const title = screen.getByTestId("page-title");
    const tabs = screen.getByTestId("page-tab").closest("[role=tablist]")!;
    expect(title.closest("[data-testid=page-frame]")).toBe(tabs.closest("[data-testid=page-frame]"));
    expect(follows(title, tabs)).toBe(true);
    expect(follows(tabs, screen.getByTestId("search-bar"))).toBe(true);
  });

  it("are not shown over no access: the title, then the 403, and no call", async () => {
    session = signedIn([menuEntry("/elsewhere")]);
    page();
    expect(follows(screen.getByTestId("page-title"), await screen.findByTestId("no-access"))).toBe(true);
    expect(screen.queryByRole("tablist")).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe("ResourcePage in tree mode", () => {
  it("opens the default depth, unpaged; a branch toggles; expand and collapse all", async () => {
    await show();
    expect(shown()).toEqual(["Acme", "Sales", "Ops"]);
    expect(screen.queryByTestId("pagination")).toBeNull();
    const toggle = within(row("Sales")).getByRole("button", { name: "Expand" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(shown()).toEqual(["Acme", "Sales", "Field", "Ops"]);
    expect((row("Field").querySelector("td [style*='padding-left']") as HTMLElement).style.paddingLeft).toBe("40px");
    fireEvent.click(within(row("Sales")).getByRole("button", { name: "Collapse" }));
    expect(shown()).toEqual(["Acme", "Sales", "Ops"]);

    const toolbar = screen.getByTestId("toolbar");
    fireEvent.click(within(toolbar).getByRole("button", { name: "Collapse all" }));
    expect(shown()).toEqual(["Acme"]);
    fireEvent.click(within(toolbar).getByRole("button", { name: "Expand all" }));
    expect(shown()).toEqual(["Acme", "Sales", "Field", "Ops", "Night shift"]);
  });

  it("searches in the browser, keeping the ancestors of every match open", async () => {
    await show();
    fireEvent.change(screen.getByTestId("search-keyword"), { target: { value: "NIGHT" } });
    await act(async () => fireEvent.click(screen.getByTestId("search-submit")));
    expect(window.location.search).toBe("?name=NIGHT");
    expect(shown()).toEqual(["Acme", "Ops", "Night shift"]);
    // One tree answer serves every search.
    expect(treeGets()).toBe(1);
    fireEvent.change(screen.getByTestId("search-keyword"), { target: { value: "nobody" } });
    await act(async () => fireEvent.click(screen.getByTestId("search-submit")));
    expect(screen.getByTestId("table-empty")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId("search-reset")));
    expect(shown()).toEqual(["Acme", "Sales", "Ops"]);
  });

  it("hides row actions by each action's rule and by permission", async () => {
    await show();
    // The root takes no buttons at all; a team no "add below".
    expect(actionsOf("Acme")).toEqual([]);
    expect(actionsOf("Sales")).toEqual(["addChild", "edit", "del"]);
    fireEvent.click(screen.getByRole("button", { name: "Expand all" }));
    expect(actionsOf("Field")).toEqual(["edit", "del"]);
    cleanup();
    await show(["t:node:upd"]);
    expect(actionsOf("Sales")).toEqual(["edit"]);
    expect(screen.queryByRole("button", { name: "Add" })).toBeNull();
  });

  it("adds below a node with the parent pre-filled, saves and reloads the tree", async () => {
    await show();
    fireEvent.click(within(row("Ops")).getByRole("button", { name: "Add below" }));
    expect(window.location.search).toBe("?create=1&parent=3");
    // The form dialog loads on first opening (next/dynamic): the first import of its modules takes a while here.
    const dialog = await screen.findByTestId("create-dialog", {}, { timeout: 10_000 });
    expect((within(dialog).getByLabelText("Parent") as HTMLInputElement).value).toBe("3");
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: "Day shift" } });
    const before = treeGets();
    await act(async () => fireEvent.submit(dialog.querySelector("form")!));
    await waitFor(() => expect(screen.queryByTestId("create-dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST")).toEqual({ method: "POST", path: "t/node/add", body: { parentId: 3, name: "Day shift" } });
    expect(treeGets()).toBeGreaterThan(before);
    expect(window.location.search).toBe("");
  });

  it("puts the toolbar's add under the tree's chosen parent", async () => {
    await show();
    fireEvent.click(within(screen.getByTestId("toolbar")).getByRole("button", { name: "Add" }));
    expect(window.location.search).toBe("?create=1&parent=1");
    expect((within(await screen.findByTestId("create-dialog")).getByLabelText("Parent") as HTMLInputElement).value).toBe("1");
  });

  it("opens the edit dialog of a folded node from the URL and deletes with the row's own question", async () => {
    window.history.replaceState(null, "", "/org?edit=5");
    await show();
    const dialog = await screen.findByTestId("edit-dialog");
    expect((within(dialog).getByLabelText(/Name/) as HTMLInputElement).value).toBe("Night shift");
    act(() => nav.replace("/org"));
    await waitFor(() => expect(screen.queryByTestId("edit-dialog")).toBeNull());

    fireEvent.click(within(row("Sales")).getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByTestId("confirm-dialog");
    expect(confirm.textContent).toContain("Delete the node Sales?");
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "OK" })));
    expect(calls.find((c) => c.method === "POST")).toEqual({ method: "POST", path: "t/node/del", body: { ids: [2] } });
  });
  it("asks before Escape throws away what was typed, and names the row a plain delete removes", async () => {
    await show();
    fireEvent.click(within(row("Ops")).getByRole("button", { name: "Add below" }));
    const dialog = await screen.findByTestId("create-dialog", {}, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: "Day shift" } });
    fireEvent.keyDown(dialog, { key: "Escape" });
    const ask = await screen.findByTestId("confirm-dialog");
    expect(ask.textContent).toContain("Discard your unsaved changes?");
    await act(async () => fireEvent.click(within(ask).getByRole("button", { name: "Cancel" })));
    expect((within(screen.getByTestId("create-dialog")).getByLabelText(/Name/) as HTMLInputElement).value).toBe("Day shift");
    fireEvent.keyDown(screen.getByTestId("create-dialog"), { key: "Escape" });
    await act(async () => fireEvent.click(within(await screen.findByTestId("confirm-dialog")).getByRole("button", { name: "OK" })));
    await waitFor(() => expect(screen.queryByTestId("create-dialog")).toBeNull());
    cleanup();

    // Without its own question, a delete names the entity and the row.
    await show(CODES, defineResource<Node>({ ...resource, rowActions: [{ builtin: "del", show: notRoot }] }));
    fireEvent.click(within(row("Sales")).getByRole("button", { name: "Delete" }));
    expect((await screen.findByTestId("confirm-dialog")).textContent).toContain("Delete node “Sales”? This cannot be undone.");
  });
});

describe("ResourceUi", () => {
  it("hands callbacks the router and the session, so a definition is a module constant", async () => {
    const withOpen = defineResource<Node>({
      ...resource,
      rowActions: [{ key: "open", label: "fields.name", perm: "t:node:upd", onClick: (n, ui) => ui.navigate(`/nodes/${n.id}?by=${ui.session.user.name}&t=${ui.session.tenantId}`) }],
    });
    await show(CODES, withOpen);
    fireEvent.click(within(row("Sales")).getByRole("button", { name: "Name" }));
    expect(nav.push).toHaveBeenCalledWith("/nodes/2?by=a&t=2");
    cleanup();
    // Without the permission the action is not offered at all.
    await show(["t:node:add"], withOpen);
    expect(actionsOf("Sales")).toEqual([]);
  });
});

describe("Hooks of a definition", () => {
  it("hands a save's answer to form.onSaved, wraps the table in the main slot and reads a select's options from a list endpoint", async () => {
    const saved = vi.fn();
    const hooked = defineResource<Node>({
      ...resource,
      form: {
        ...resource.form!,
        fields: [...resource.form!.fields, { name: "kind", label: "fields.kind", type: "select", remote: { call: { kind: "get", path: "t/kind/list" } as AnyCall, input: {}, labelKey: "label", valueKey: "code" } }],
        onSaved: (answer, mode) => saved(answer, mode),
      },
      slots: { main: (_ui, table) => <section data-testid="main-slot">{table}</section> },
    });
    await show(CODES, hooked);
    expect(within(screen.getByTestId("main-slot")).getByTestId("data-table")).toBeTruthy();
    fireEvent.click(within(screen.getByTestId("toolbar")).getByRole("button", { name: "Add" }));
    const dialog = await screen.findByTestId("create-dialog", {}, { timeout: 10_000 });
    await waitFor(() => expect(calls.some((c) => c.path === "t/kind/list")).toBe(true));
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: "Day shift" } });
    await act(async () => fireEvent.submit(dialog.querySelector("form")!));
    await waitFor(() => expect(saved).toHaveBeenCalledWith({ id: 9, secret: "s3cret" }, "create"));
  });
});

describe("Tabs", () => {
  type Msg = (typeof MSGS)[number];
  const messagesOf = defineResource<Msg>({
    ns: "test",
    api: "t/msg",
    schemas: {},
    query: { channel: urlNumber },
    columns: [{ prop: "name", label: "fields.name" }],
    tabs: {
      prop: "channel",
      dict: [
        { value: 1, label: "Site" },
        { value: 2, label: "SMS" },
        { value: 3, label: "Mail" },
      ],
      items: [{ name: "3", disabled: true, hint: "fields.kind" }, { name: "1" }, { name: "2", label: "fields.parent" }],
      countCall: { kind: "get", path: "t/msg/counts" } as AnyCall,
      counts: (data: typeof COUNTS) => Object.fromEntries(data.map((c) => [String(c.channel), c.count])),
    },
  });

  it("reads counts from an array answer, starts on the first enabled tab and never selects a disabled one", async () => {
    await show(CODES, messagesOf, "Alarm");
    await waitFor(() => expect(screen.getByTestId("tab-1").textContent).toBe("Site(4)"));
    // A label key wins over the dictionary; a disabled tab shows no count and explains itself.
    expect(screen.getByTestId("tab-2").textContent).toBe("Parent(1)");
    const mail = screen.getByTestId("tab-3");
    expect(mail.textContent).toBe("Mail");
    expect((mail as HTMLButtonElement).disabled).toBe(true);
    expect(mail.getAttribute("title")).toBe("Kind");
    expect(screen.getByTestId("tab-1").getAttribute("data-state")).toBe("active");
    expect(calls.find((c) => c.path === "t/msg/page")).toBeTruthy();
    cleanup();
    // A disabled tab in the URL falls back to the first enabled one.
    window.history.replaceState(null, "", "/org?channel=3");
    await show(CODES, messagesOf, "Alarm");
    expect(screen.getByTestId("tab-1").getAttribute("data-state")).toBe("active");
  });
});

describe("A project's list", () => {
  it("asks for a project instead of calling when none is chosen, its toolbar off until then", async () => {
    const flat = defineResource<{ id: number; name: string }>({
      ns: "test",
      api: "t/msg",
      needsProject: true,
      schemas: {},
      columns: [{ prop: "name", label: "fields.name" }],
      toolbar: ["add"],
    });
    // The test session has no project (projId null).
    await show(CODES, flat, "Choose a project in the header first");
    expect(calls.some((c) => c.path === "t/msg/page")).toBe(false);
    const add = screen.getByRole("button", { name: /Add/ }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.title).toBe("Choose a project in the header first");
  });
});
