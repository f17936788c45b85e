// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { formatDateTime } from "@/lib/format";
import type { TableColumn } from "../table/data-table";
import { ReadingsTable } from "./readings-table";

type Row = { t: number; temp: number };
const COLUMNS: TableColumn<Row>[] = [{ id: "temp", header: "Temperature", cell: ({ row }) => row.original.temp }];
const T1 = Date.UTC(2026, 0, 2, 3, 4, 5);
const T2 = T1 + 60_000;

const show = (title?: string) =>
  renderIntl(<ReadingsTable title={title} timeHeader="Time" columns={COLUMNS} rows={[{ t: T2, temp: 21.5 }, { t: T1, temp: 20 }]} />, { timeZone: "Asia/Shanghai" });

describe("ReadingsTable", () => {
  it("puts the time column first, formatted, before the screen's columns, a row per reading", () => {
    show();
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Time", "Temperature"]);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getAllByRole("cell").map((c) => c.textContent)).toEqual([formatDateTime(new Date(T2)), "21.5"]);
    expect(within(rows[1]).getAllByRole("cell").map((c) => c.textContent)).toEqual([formatDateTime(new Date(T1)), "20"]);
  });

  it("shows a title only when given", () => {
    show("Last 2 readings");
    expect(screen.getByText("Last 2 readings")).toBeTruthy();
  });
});
