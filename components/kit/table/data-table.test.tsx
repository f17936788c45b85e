// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { stubResizeObserver } from "@/tests/resize-observer";
import { KitCell } from "./cells";
import { DataTable, VIRTUAL_THRESHOLD, type TableColumn } from "./data-table";
import { RowActions } from "./row-actions";
import type { KitColumn, ResourceUi } from "../resource/define-resource";

type Row = { id: number; name: string | null; status: number; price: number; time: string };

let layOut: () => void;
beforeEach(() => {
  layOut = stubResizeObserver().layOut;
});

const ui = { t: (k: string) => k, open: vi.fn(), refresh: vi.fn(async () => undefined), toggle: vi.fn(async () => undefined) } as unknown as ResourceUi<Row>;
const kit: KitColumn<Row>[] = [
  { prop: "name", label: "Name", type: "click" },
  { prop: "status", label: "Status", type: "dict", dict: "enableState" },
  { prop: "price", label: "Price", type: "money" },
  { prop: "time", label: "Time", type: "time" },
];
const columns: TableColumn<Row>[] = kit.map((c) => ({ id: c.prop, header: c.label, cell: ({ row }) => <KitCell col={c} row={row.original} ui={ui} allowed /> }));
const texts = { empty: "No data", error: "Failed", retry: "Retry", selectAll: "Select all", selectRow: "Select row" };
const rows: Row[] = [
  { id: 1, name: "Alpha", status: 1, price: 1234.5, time: "2026-03-02T08:00:00Z" },
  { id: 2, name: null, status: 2, price: 0, time: "" },
];

function wrap(node: React.ReactNode) {
  return renderIntl(node, { timeZone: "Asia/Shanghai" });
}

describe("DataTable", () => {
  it("speaks the kit's words unless told others", () => {
    const { unmount } = wrap(<DataTable columns={columns} layout={{}} rows={[]} getRowId={(r) => String(r.id)} />);
    expect(screen.getByText("No data")).toBeTruthy();
    unmount();
    wrap(<DataTable columns={columns} layout={{}} rows={[]} getRowId={(r) => String(r.id)} texts={{ empty: "Choose a project" }} />);
    expect(screen.getByText("Choose a project")).toBeTruthy();
  });

  it("renders typed cells: click, dictionary, money, time, and '-' when empty", () => {
    wrap(<DataTable columns={columns} layout={{}} rows={rows} getRowId={(r) => String(r.id)} texts={texts} />);
    const [first, second] = screen.getAllByRole("row").slice(1);
    expect(within(first).getByRole("button", { name: "Alpha" })).toBeTruthy();
    expect(first.textContent).toContain("Enabled");
    expect(first.textContent).toContain("1,234.50");
    expect(first.textContent).toContain("2026-03-02 16:00:00");
    expect(second.textContent).toContain("Disabled");
    expect(second.textContent).toContain("0.00");
    expect(within(second).getAllByText("-").length).toBe(2);
    fireEvent.click(within(first).getByRole("button", { name: "Alpha" }));
    expect(ui.open).toHaveBeenCalledWith("view", rows[0]);
  });

  it("sizes columns without a width by kind, clips free text, keeps the first column on phones", () => {
    const layout = { name: { minWidth: 100 }, status: { kind: "dict" }, price: { kind: "money" }, time: { kind: "time" }, __actions: { width: 130, sticky: "right" as const } };
    const withActions: TableColumn<Row>[] = [...columns, { id: "__actions", header: "Actions", cell: () => "View" }];
    wrap(<DataTable columns={withActions} layout={layout} rows={rows} getRowId={(r) => String(r.id)} texts={texts} />);
    const widths = screen.getAllByRole("columnheader").map((th) => [th.textContent, th.style.width, th.style.minWidth]);
    expect(widths).toEqual([
      ["Name", "", "120px"],
      ["Status", "120px", "120px"],
      ["Price", "128px", "128px"],
      ["Time", "176px", "176px"],
      ["Actions", "130px", "130px"],
    ]);
    const [first] = screen.getAllByRole("row").slice(1);
    const cells = within(first).getAllByRole("cell");
    // Free text: one line, ellipsis at 320 px less the padding; the pinned column is not clipped.
    expect((cells[0].firstElementChild as HTMLElement).className).toContain("truncate");
    expect((cells[0].firstElementChild as HTMLElement).style.maxWidth).toBe("296px");
    expect(cells[0].className).toContain("max-md:sticky");
    expect(cells[4].firstElementChild?.className ?? "").not.toContain("truncate");
    // jsdom lays nothing out (a 0 px box): no room to pin the actions column.
    expect(cells[4].className).not.toContain("sticky");
  });

  it("clips free text to the room the sized columns leave, never below its minimum, never past 320 px", () => {
    const layout = { name: { minWidth: 100 }, status: { kind: "dict" }, price: { kind: "money" }, time: { kind: "time" }, __actions: { width: 130, sticky: "right" as const } };
    const withActions: TableColumn<Row>[] = [...columns, { id: "__actions", header: "Actions", cell: () => "View" }];
    const clipOf = (box: number) => {
      const width = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(box);
      try {
        const { unmount } = wrap(<DataTable columns={withActions} layout={layout} rows={rows} getRowId={(r) => String(r.id)} texts={texts} />);
        layOut();
        const [first] = screen.getAllByRole("row").slice(1);
        const max = (within(first).getAllByRole("cell")[0].firstElementChild as HTMLElement).style.maxWidth;
        unmount();
        return max;
      } finally {
        width.mockRestore();
      }
    };
    // Sized: 120 + 128 + 176 + 130 = 554. A 762 px box (754 planned, 8 px kept as slack) leaves 200 for the name (less 24 of padding).
    expect(clipOf(762)).toBe("176px");
    // A narrow box: the name keeps its minimum (120).
    expect(clipOf(600)).toBe("96px");
    // A wide box: at most 320.
    expect(clipOf(1600)).toBe("296px");
  });

  it("pins the actions column only when the box leaves room for the rest", () => {
    const width = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(900);
    try {
      const withActions: TableColumn<Row>[] = [...columns, { id: "__actions", header: "Actions", cell: () => "View" }];
      wrap(<DataTable columns={withActions} layout={{ __actions: { width: 130, sticky: "right" } }} rows={rows} getRowId={(r) => String(r.id)} texts={texts} />);
      layOut();
      const th = screen.getAllByRole("columnheader").at(-1)!;
      expect(th.className).toContain("sticky right-0");
      expect(th.dataset.pinned).toBe("right");
    } finally {
      width.mockRestore();
    }
  });

  it("in a box too narrow for every column, clips free text first, then leaves out the columns with a drop order", () => {
    const layout = { name: { minWidth: 200 }, status: { kind: "dict", dropOrder: 1 }, price: { kind: "money", dropOrder: 2 }, time: { kind: "time" }, __actions: { width: 130, sticky: "right" as const } };
    const withActions: TableColumn<Row>[] = [...columns, { id: "__actions", header: "Actions", cell: () => "View" }];
    const headersIn = (box: number) => {
      const width = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(box);
      try {
        const { unmount } = wrap(<DataTable columns={withActions} layout={layout} rows={rows} getRowId={(r) => String(r.id)} texts={texts} />);
        layOut();
        const heads = screen.getAllByRole("columnheader").map((th) => `${th.textContent} ${th.style.minWidth}`);
        const cells = within(screen.getAllByRole("row")[1]).getAllByRole("cell").length;
        const hidden = screen.getByTestId("data-table").dataset.hiddenColumns;
        unmount();
        return { heads, cells, hidden };
      } finally {
        width.mockRestore();
      }
    };
    // 200 + 120 + 128 + 176 + 130 = 754 px.
    expect(headersIn(800)).toEqual({ heads: ["Name 200px", "Status 120px", "Price 128px", "Time 176px", "Actions 130px"], cells: 5, hidden: undefined });
    // 702 px (694 planned): the name gives 60 px and clips, every column stays.
    expect(headersIn(702).heads).toEqual(["Name 140px", "Status 120px", "Price 128px", "Time 176px", "Actions 130px"]);
    // 600 px: the name at its floor is not enough; the status leaves and the name takes back what it can.
    expect(headersIn(600)).toEqual({ heads: ["Name 158px", "Price 128px", "Time 176px", "Actions 130px"], cells: 4, hidden: "status" });
    // 500 px: the price leaves too.
    expect(headersIn(500)).toEqual({ heads: ["Name 186px", "Time 176px", "Actions 130px"], cells: 3, hidden: "status price" });
  });

  it("selects rows and all rows", () => {
    const onSelectionChange = vi.fn();
    wrap(<DataTable columns={columns} layout={{}} rows={rows} getRowId={(r) => String(r.id)} multiple selection={{}} onSelectionChange={onSelectionChange} texts={texts} />);
    fireEvent.click(screen.getAllByRole("checkbox", { name: "Select row" })[1]);
    expect(onSelectionChange).toHaveBeenLastCalledWith({ "2": true });
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ "1": true, "2": true });
  });

  it("cycles a sortable header through ascending, descending and none", () => {
    const onSortChange = vi.fn();
    const { rerender } = wrap(<DataTable columns={columns} layout={{ name: { sortable: true } }} rows={rows} getRowId={(r) => String(r.id)} onSortChange={onSortChange} texts={texts} />);
    fireEvent.click(screen.getByRole("button", { name: "Name" }));
    expect(onSortChange).toHaveBeenLastCalledWith({ prop: "name", order: "asc" });
    rerender(<DataTable columns={columns} layout={{ name: { sortable: true } }} rows={rows} getRowId={(r) => String(r.id)} sort={{ prop: "name", order: "asc" }} onSortChange={onSortChange} texts={texts} />);
    expect(screen.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(screen.getByRole("button", { name: "Name" }));
    expect(onSortChange).toHaveBeenLastCalledWith({ prop: "name", order: "desc" });
  });

  it("shows the empty, loading and error states", () => {
    const onRetry = vi.fn();
    const { rerender } = wrap(<DataTable columns={columns} layout={{}} rows={[]} getRowId={(r) => String(r.id)} texts={texts} />);
    expect(screen.getByTestId("table-empty").textContent).toContain("No data");
    rerender(<DataTable columns={columns} layout={{}} rows={[]} getRowId={(r) => String(r.id)} loading texts={texts} />);
    expect(screen.getByTestId("data-table").getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByTestId("table-empty")).toBeNull();
    rerender(<DataTable columns={columns} layout={{}} rows={rows} getRowId={(r) => String(r.id)} error onRetry={onRetry} texts={texts} />);
    fireEvent.click(within(screen.getByTestId("table-error")).getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalled();
  });

  it("clips a sized column's values at its minimum when that is more than its width (a bar in a number's column)", () => {
    wrap(<DataTable columns={columns} layout={{ price: { kind: "money", width: 100, minWidth: 230 }, time: { kind: "time", width: 170 } }} rows={rows} getRowId={(r) => String(r.id)} texts={texts} />);
    const clipOf = (text: string) => (screen.getByText(text).closest(".truncate") as HTMLElement).style.maxWidth;
    expect(clipOf("1,234.50")).toBe("206px");
    expect(screen.getByRole("columnheader", { name: "Price" }).style.minWidth).toBe("230px");
  });

  it("says its empty and error states beside the table, not in a cell as wide as the table (off a phone's screen)", () => {
    const { rerender } = wrap(<DataTable columns={columns} layout={{}} rows={[]} getRowId={(r) => String(r.id)} texts={texts} />);
    const empty = screen.getByTestId("table-empty");
    expect(empty.closest("table")).toBeNull();
    expect(empty.className).toContain("sticky");
    expect(screen.getAllByRole("row")).toHaveLength(1);
    rerender(<DataTable columns={columns} layout={{}} rows={rows} getRowId={(r) => String(r.id)} error texts={texts} />);
    expect(screen.getByTestId("table-error").closest("table")).toBeNull();
    expect(screen.getAllByRole("row")).toHaveLength(1);
  });

  it("virtualises a large page: only a window of rows is in the DOM", async () => {
    // jsdom lays nothing out: give the scroll box the size a browser would.
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(560);
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
    const many = Array.from({ length: VIRTUAL_THRESHOLD + 400 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}`, status: 1, price: i, time: "" }));
    wrap(<DataTable columns={columns} layout={{}} rows={many} getRowId={(r) => String(r.id)} texts={texts} />);
    // The virtualiser loads with the first long page; until then the page renders whole.
    await waitFor(() => expect(screen.getAllByRole("row").length - 1).toBeLessThan(many.length), { timeout: 20_000 });
    const rendered = screen.getAllByRole("row").length - 1;
    expect(rendered).toBeLessThan(many.length);
    expect(rendered).toBeGreaterThan(5);
    expect(screen.getByText("Row 1")).toBeTruthy();
    vi.restoreAllMocks();
  });
});

describe("DataTable before TanStack has loaded (a session's first table)", () => {
  it("paints the header and loading rows, then the rows once TanStack is here", async () => {
    // A fresh copy of the module: its TanStack is not loaded (tests/setup-table.ts loads the shared one).
    vi.resetModules();
    const fresh = await import("./data-table");
    const { renderIntl: render } = await import("@/tests/intl");
    expect(fresh.tableModel.current()).toBeNull();
    render(<fresh.DataTable columns={columns} layout={{ name: { sortable: true } }} rows={rows} getRowId={(r) => String(r.id)} multiple selection={{}} texts={texts} />, { timeZone: "Asia/Shanghai" });
    // First paint: every header (the select-all box disabled), the body as loading.
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["", "Name", "Status", "Price", "Time"]);
    expect((screen.getByRole("checkbox", { name: "Select all" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText("Alpha")).toBeNull();
    expect(screen.getAllByRole("row")).toHaveLength(1 + 5);
    // TanStack was asked for as the table mounted: the rows follow.
    await screen.findByRole("button", { name: "Alpha" }, { timeout: 20_000 });
    expect(fresh.tableModel.current()).not.toBeNull();
    expect(screen.getAllByRole("row")).toHaveLength(1 + rows.length);
    expect((screen.getByRole("checkbox", { name: "Select all" }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("RowActions", () => {
  it("shows the first two inline and the rest under more", () => {
    const run = vi.fn();
    wrap(<RowActions moreLabel="More" actions={["a", "b", "c", "d"].map((k) => ({ key: k, label: k.toUpperCase(), run }))} />);
    expect(screen.getByRole("button", { name: "A" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "B" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "C" })).toBeNull();
    expect(screen.getByRole("button", { name: /More/ })).toBeTruthy();
  });

  it("shows '-' without actions", () => {
    const { container } = wrap(<RowActions moreLabel="More" actions={[]} />);
    expect(container.textContent).toBe("-");
  });
});
