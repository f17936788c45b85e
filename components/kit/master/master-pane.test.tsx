// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { MasterPane, type MasterPaneProps } from "./master-pane";

type Node = { id: number; name: string; childrens: Node[] };
const n = (id: number, name: string, childrens: Node[] = []): Node => ({ id, name, childrens });
const TREE = [n(1, "Acme", [n(2, "Sales", [n(4, "Field")]), n(3, "Ops")])];

function show(props: Partial<MasterPaneProps<Node>> = {}) {
  const onChange = vi.fn();
  const view = renderIntl(<MasterPane<Node> source={{ nodes: TREE }} childrenKey="childrens" labelOf={(x) => x.name} value={null} onChange={onChange} searchLabel="Find" label="Departments" itemTestId={(x) => `node-${x.id}`} {...props} />);
  return { onChange, view };
}
const names = () => within(screen.getByRole("tree")).queryAllByRole("treeitem").map((li) => li.querySelector("[data-key]")!.textContent);

describe("MasterPane", () => {
  it("shows a foldable tree and reports the choice at once, or clears it when chosen again with toggle", () => {
    const { onChange } = show({ toggle: true });
    expect(names()).toEqual(["Acme", "Sales", "Field", "Ops"]);
    fireEvent.click(within(screen.getByRole("tree")).getAllByRole("button", { name: "Collapse" })[1]);
    expect(names()).toEqual(["Acme", "Sales", "Ops"]);
    fireEvent.click(screen.getByTestId("node-2"));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(screen.getByTestId("node-2").closest("li")!.getAttribute("aria-selected")).toBe("true");
    fireEvent.click(screen.getByTestId("node-2"));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("searches the labels here keeping the ancestors, once typing rests", async () => {
    vi.useFakeTimers();
    show();
    fireEvent.change(screen.getByLabelText("Find"), { target: { value: "fie" } });
    expect(names()).toEqual(["Acme", "Sales", "Field", "Ops"]);
    await act(async () => vi.advanceTimersByTime(300));
    expect(names()).toEqual(["Acme", "Sales", "Field"]);
    fireEvent.change(screen.getByLabelText("Find"), { target: { value: "nobody" } });
    await act(async () => vi.advanceTimersByTime(300));
    expect(screen.getByRole("tree").textContent).toBe("No data");
  });

  it("leaves searching to the server with onSearch, and settles quick choices into one change", async () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const { onChange } = show({ onSearch, settle: 300 });
    await act(async () => vi.advanceTimersByTime(300));
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Find"), { target: { value: "Ops " } });
    await act(async () => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledWith("Ops");
    expect(names()).toEqual(["Acme", "Sales", "Field", "Ops"]);
    fireEvent.click(screen.getByTestId("node-2"));
    fireEvent.click(screen.getByTestId("node-3"));
    expect(onChange).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(300));
    expect(onChange.mock.calls).toEqual([[3]]);
  });

  it("is a flat list without childrenKey, with loading and error states", () => {
    const onRetry = vi.fn();
    show({ childrenKey: undefined, source: { nodes: TREE[0].childrens } });
    expect(within(screen.getByRole("listbox")).getAllByRole("option")).toHaveLength(2);
    cleanup();
    show({ source: { nodes: [], isLoading: true } });
    expect(screen.getByTestId("master-loading")).toBeTruthy();
    cleanup();
    show({ source: { nodes: [], error: new Error("offline"), mutate: onRetry } });
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalled();
  });
});
