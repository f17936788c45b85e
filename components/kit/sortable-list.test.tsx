// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { reorder, SortableList } from "./sortable-list";
import en from "@/messages/en/widgets.json";

afterEach(cleanup);

describe("reorder", () => {
  it("moves an id onto another's place", () => {
    expect(reorder([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(reorder([1, 2, 3, 4], 4, 1)).toEqual([4, 1, 2, 3]);
  });
  it("keeps the order for a drop outside or onto itself", () => {
    expect(reorder([1, 2, 3], 2, null)).toEqual([1, 2, 3]);
    expect(reorder([1, 2, 3], 2, 2)).toEqual([1, 2, 3]);
    expect(reorder(["a", "b"], "x", "a")).toEqual(["a", "b"]);
  });
});

describe("SortableList", () => {
  it("renders the items with drag handles; a drop onto nothing reports nothing", () => {
    const onSort = vi.fn();
    const items = [
      { id: 1, name: "A" },
      { id: 2, name: "B" },
      { id: 3, name: "C" },
    ];
    render(
      <NextIntlClientProvider locale="en" messages={{ widgets: en }}>
        <SortableList items={items} getId={(i) => i.id} render={(i) => i.name} onSort={onSort} />
      </NextIntlClientProvider>,
    );
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["A", "B", "C"]);
    expect(screen.getAllByRole("button", { name: "Drag to reorder" })).toHaveLength(3);
    // jsdom has no layout, so moves are checked through `reorder`; a drop with nothing under it changes nothing.
    const handle = screen.getAllByRole("button", { name: "Drag to reorder" })[0];
    fireEvent.keyDown(handle, { key: " ", code: "Space" });
    fireEvent.keyDown(handle, { key: " ", code: "Space" });
    expect(onSort).not.toHaveBeenCalled();
  });
});
