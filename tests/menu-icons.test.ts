import { describe, expect, it } from "vitest";
import { sysMenuTree, tenantMenuTree, type MenuSeed } from "@/cloud/seed/menu-tree";
import { MENU_ICON_NAMES } from "@/components/shell/menu-icon";

const icons = (nodes: MenuSeed[]): string[] => nodes.flatMap((n) => [...(n.icon ? [n.icon] : []), ...icons(n.children ?? [])]);

describe("menu icons", () => {
  it("draws every icon the seeded menus use (none falls back to the dot)", () => {
    const used = [...new Set([...icons(sysMenuTree), ...icons(tenantMenuTree)])];
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((name) => !MENU_ICON_NAMES.includes(name))).toEqual([]);
  });

  it("lists each name once, sorted, in the menu data's kebab-case", () => {
    expect(new Set(MENU_ICON_NAMES).size).toBe(MENU_ICON_NAMES.length);
    expect([...MENU_ICON_NAMES].sort()).toEqual(MENU_ICON_NAMES);
    expect(MENU_ICON_NAMES.filter((n) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(n))).toEqual([]);
  });
});
