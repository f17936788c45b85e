// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { DataTable, type TableColumn } from "./data-table";

// The virtualiser never arrives here: what a long table shows until it does.
vi.mock("./virtual-rows", () => new Promise(() => {}));
beforeEach(() => vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} }));

type Reading = { t: number; value: number };
const columns: TableColumn<Reading>[] = [{ id: "value", header: "Value", cell: ({ row }) => `v${row.original.value}` }];

describe("a long DataTable before its virtualiser has loaded (issue 41, blocking time)", () => {
  it("renders the window the virtualiser starts with and a spacer for the rest, not every row", async () => {
    const readings = Array.from({ length: 2880 }, (_, i) => ({ t: i * 900_000, value: i }));
    const { container } = renderIntl(<DataTable columns={columns} layout={{}} rows={readings} getRowId={(r) => String(r.t)} height={320} />, { timeZone: "Asia/Shanghai" });
    expect(await screen.findByText("v0")).toBeTruthy();
    const body = container.querySelectorAll("tbody tr");
    // 320 px of 41-px rows and the virtualiser's overscan of 10, then one spacer as tall as the rows left.
    expect(body.length).toBe(Math.ceil(320 / 41) + 10 + 1);
    expect(screen.queryByText("v18")).toBeNull();
    expect((body[body.length - 1] as HTMLElement).style.height).toBe(`${(2880 - 18) * 41}px`);
  });
});
