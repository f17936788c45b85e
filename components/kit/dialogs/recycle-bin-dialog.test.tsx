// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SWRConfig } from "swr";
import { defineCall, empty, typed } from "@/lib/contract/call";
import { RecycleBinDialog, type RecycledItem } from "./recycle-bin-dialog";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

type Row = RecycledItem & { id: number; base: string };
const rows: Row[] = [
  { id: 4, fileName: "Pier photos", base: "Bridge", deletedBy: "Ann", deletedAt: "2026-11-01T08:00:00Z", purgeAt: "2026-12-01T08:00:00Z" },
  { id: 9, fileName: "Old plan", base: "Tunnel", deletedBy: "Bo", deletedAt: "2026-11-02T08:00:00Z", purgeAt: "2026-12-02T08:00:00Z" },
];
/** A store's bin, declared as the knowledge base's and the media library's are. */
const bin = {
  recycleList: defineCall({ kind: "get", path: "file/store/recycleList", answer: typed<Row[]>(), access: "user" }),
  restore: defineCall({ kind: "post", path: "file/store/restore", answer: empty, access: "user" }),
  delete: defineCall({ kind: "post", path: "file/store/delete", answer: empty, access: "user" }),
};
let posts: { path: string; body: unknown }[];
let listed: Row[];

beforeEach(() => {
  posts = [];
  listed = [...rows];
  Object.values(toast).forEach((f) => f.mockReset());
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, "http://x").pathname.slice(5);
      if (init?.method === "POST") {
        const body = JSON.parse(String(init.body)) as { id: number };
        posts.push({ path, body });
        listed = listed.filter((r) => r.id !== body.id);
        return Response.json({ code: 200, msg: "ok", data: null, success: true });
      }
      return Response.json({ code: 200, msg: "ok", data: path === bin.recycleList.path ? listed : null, success: true });
    }),
  );
});

const show = (props: { canAct?: boolean; onChanged?: () => void } = {}) =>
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RecycleBinDialog<Row>
        calls={bin}
        idOf={(r) => r.id}
        icon={() => <span data-testid="icon" />}
        columns={[{ label: "Base", cell: (r) => r.base }]}
        hint="Kept 30 days"
        confirmPurge={(r) => `Purge ${r.fileName}?`}
        canAct={props.canAct}
        width={800}
        testId="bin"
        rowTestId="bin-row"
        onClose={() => {}}
        onChanged={props.onChanged ?? (() => {})}
      />
    </SWRConfig>,
    { timeZone: "Asia/Shanghai" },
  );

describe("recycle bin dialog", () => {
  it("lists the store's recycled items with the store's own columns", async () => {
    show();
    const items = await screen.findAllByTestId("bin-row");
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText("Pier photos")).toBeTruthy();
    expect(within(items[0]).getByText("Bridge")).toBeTruthy();
    expect(within(items[0]).getByText("Ann")).toBeTruthy();
    expect(screen.getByText("Base")).toBeTruthy();
    expect(screen.getByText("Kept 30 days")).toBeTruthy();
  });

  it("restores through the store's service and reloads the list", async () => {
    const changed = vi.fn();
    show({ onChanged: changed });
    const [first] = await screen.findAllByTestId("bin-row");
    fireEvent.click(within(first).getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(screen.getAllByTestId("bin-row")).toHaveLength(1));
    expect(posts).toEqual([{ path: bin.restore.path, body: { id: 4 } }]);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith("Restored");
  });

  it("deletes for good only after the store's confirmation", async () => {
    show();
    const [, second] = await screen.findAllByTestId("bin-row");
    fireEvent.click(within(second).getByRole("button", { name: "Delete for good" }));
    expect(await screen.findByText("Purge Old plan?")).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it("only shows the bin to a user who may not delete", async () => {
    show({ canAct: false });
    await screen.findAllByTestId("bin-row");
    expect(screen.queryByRole("button", { name: "Restore" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete for good" })).toBeNull();
  });
});
