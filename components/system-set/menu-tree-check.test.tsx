// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import en from "@/messages/en/system.json";
import { MenuTreeCheck, leavesFromSaved, savedIds, stateOf, toggleNode, type CheckNode } from "./menu-tree-check";

// System ▸ Users ▸ (Add, Edit); System ▸ Roles; Projects (a leaf entry)
const tree: CheckNode[] = [
  {
    id: 1,
    name: "系统",
    nameEn: "System",
    childrens: [
      { id: 2, name: "用户", nameEn: "Users", childrens: [{ id: 3, name: "新增", nameEn: "Add", type: "button" }, { id: 4, name: "修改", nameEn: "Edit", type: "button" }] },
      { id: 5, name: "角色", nameEn: "Roles" },
    ],
  },
  { id: 6, name: "项目", nameEn: "Projects" },
];

describe("tri-state menu tree logic", () => {
  it("ticking a parent ticks its leaves and saves the ancestors as half-checked", () => {
    const ticked = toggleNode(tree[0].childrens![0], new Set(), true);
    expect([...ticked].sort()).toEqual([3, 4]);
    expect(stateOf(tree[0].childrens![0], ticked)).toBe("checked");
    expect(stateOf(tree[0], ticked)).toBe("indeterminate");
    expect(stateOf(tree[1], ticked)).toBe("unchecked");
    expect(savedIds(tree, ticked)).toEqual([1, 2, 3, 4]);
  });

  it("a saved half-checked parent does not tick its other children when read back", () => {
    const ticked = leavesFromSaved(tree, [1, 2, 3]);
    expect([...ticked]).toEqual([3]);
    expect(stateOf(tree[0].childrens![0], ticked)).toBe("indeterminate");
    expect(savedIds(tree, ticked)).toEqual([1, 2, 3]);
  });

  it("unticking the last leaf clears the parents", () => {
    const ticked = toggleNode(tree[0], leavesFromSaved(tree, [1, 5]), false);
    expect(ticked.size).toBe(0);
    expect(savedIds(tree, ticked)).toEqual([]);
  });
});

describe("<MenuTreeCheck>", () => {
  it("reports checked plus half-checked ids when a node is clicked", () => {
    const onChange = vi.fn();
    render(
      <NextIntlClientProvider locale="en" messages={{ system: en }}>
        <MenuTreeCheck nodes={tree} value={[6]} onChange={onChange} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByLabelText("Projects").getAttribute("data-state")).toBe("checked");
    fireEvent.click(screen.getByLabelText("Edit"));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 4, 6]);
    fireEvent.click(screen.getByLabelText("System"));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 3, 4, 5, 6]);
  });
});
