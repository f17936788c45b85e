// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { subtreeIds, TreeSelect } from "./tree-select";

type Dept = { id: number; name: string; childrens?: Dept[] };
const tree: Dept[] = [{ id: 1, name: "Company", childrens: [{ id: 2, name: "Sales", childrens: [{ id: 4, name: "North" }] }, { id: 3, name: "Works" }] }];

beforeEach(() => vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} }));

function ui(value: number | null, onChange: (v: number | null) => void, disabledIds?: number[]) {
  return <TreeSelect id="dept" nodes={tree} value={value} onChange={onChange} labelOf={(d) => d.name} disabledIds={disabledIds} placeholder="Pick one" clearable />;
}
// The popover loads after the page: the first click opens it once it has arrived.
const open = async () => {
  fireEvent.click(screen.getByRole("button", { name: /Pick one|Company|Sales|Works|North/ }));
  await screen.findByRole("tree");
};
const items = () => screen.getAllByRole("treeitem").map((i) => i.querySelector("button:last-child")?.textContent);

describe("TreeSelect", () => {
  it("shows the chosen node, searches by keyword and keeps the ancestors of a match", async () => {
    renderIntl(ui(4, () => {}));
    expect(screen.getByRole("button", { name: "North" })).toBeTruthy();
    await open();
    expect(items()).toEqual(["Company", "Sales", "North", "Works"]);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "nor" } });
    expect(items()).toEqual(["Company", "Sales", "North"]);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "zzz" } });
    expect(screen.queryAllByRole("treeitem")).toEqual([]);
  });

  it("chooses a node, refuses a disabled one (a node cannot move under itself) and clears", async () => {
    const onChange = vi.fn();
    renderIntl(ui(2, onChange, subtreeIds(tree[0].childrens![0])));
    await open();
    // Each node has a fold toggle and then its choice button, both named after it.
    const button = (name: string) => screen.getAllByRole("button", { name }).filter((b) => b.closest("[role=treeitem]")).at(-1)!;
    expect(button("North").hasAttribute("disabled")).toBe(true);
    fireEvent.click(button("Works"));
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(screen.queryByRole("tree")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
