import { describe, expect, it } from "vitest";
import { backTarget, pathOnly, ROUTES, routeByName, routeByPath } from "./routes";
import { entryAction, flattenMenu, menuTrail, type MenuNode } from "./menu";

const node = (id: number, path: string | null, childrens: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode => ({
  id,
  name: `n${id}`,
  nameEn: `N${id}`,
  icon: null,
  path,
  frame: 0,
  framePath: null,
  type: "menu",
  childrens,
  ...extra,
});

describe("route catalogue", () => {
  it("has unique names and paths", () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it("gives detail pages (keep-alive off) a parent that is a known list route", () => {
    for (const r of ROUTES.filter((x) => x.parent)) {
      expect(r.keepAlive).toBe(false);
      expect(routeByPath(r.parent!)?.keepAlive, r.name).toBe(true);
    }
    expect(routeByName("userSetInfo")?.parent).toBe("/systemSet/userSet");
  });

  it("looks routes up by path, ignoring query, hash and trailing slash, and by name", () => {
    expect(routeByPath("/msg/stationInfo?id=3")?.name).toBe("stationInfo");
    expect(routeByPath("/systemSet/userSet/")?.name).toBe("userSet");
    expect(routeByPath("/no/such")).toBeUndefined();
    expect(routeByName("alarmCenterInfo")?.path).toBe("/alarm/alarmCenterInfo");
    expect(pathOnly("/?x=1")).toBe("/");
  });

  it("turns keep-alive off for detail pages only", () => {
    expect(routeByName("stationInfo")?.keepAlive).toBe(false);
    expect(routeByName("viewDevice")?.keepAlive).toBe(false);
    expect(routeByName("userSet")?.keepAlive).toBe(true);
  });

  it("keeps login and full-screen routes out of the tab bar", () => {
    expect(ROUTES.filter((r) => !r.tab).map((r) => r.name).sort()).toEqual(
      ["deployRobotControl", "globalDataScreen", "globalDataScreen1", "houseDataScreen", "login", "previewFile", "robotControl"].sort(),
    );
  });

  it("flags exactly the project-required entries of core §2", () => {
    expect(ROUTES.filter((r) => r.needsProject).map((r) => r.name).sort()).toEqual(
      ["houseDataScreen", "globalDataScreen", "globalDataScreen1", "calibrationRules", "reportList", "reportPlan", "reportTemplate", "operation"].sort(),
    );
  });

  it("resolves the back action: path, named route, history, never login", () => {
    expect(backTarget(undefined)).toEqual({ kind: "history" });
    expect(backTarget("/alarm/alarmCenter?tab=2")).toEqual({ kind: "href", href: "/alarm/alarmCenter?tab=2" });
    expect(backTarget("userSet")).toEqual({ kind: "href", href: "/systemSet/userSet" });
    expect(backTarget("/login")).toEqual({ kind: "href", href: "/home" });
    expect(backTarget("login")).toEqual({ kind: "href", href: "/home" });
  });
});

describe("menu entries", () => {
  const ctx = { tenantId: 2, projId: null };
  it("navigates to a catalogued route", () => {
    expect(entryAction(node(1, "/systemSet/userSet"), ctx)).toMatchObject({ kind: "navigate", href: "/systemSet/userSet" });
  });

  it("reports an unknown or full-screen-only route as misconfigured", () => {
    expect(entryAction(node(1, "/systemSet/nothing"), ctx)).toEqual({ kind: "misconfigured" });
    expect(entryAction(node(1, null), ctx)).toEqual({ kind: "misconfigured" });
    expect(entryAction(node(1, "/login"), ctx)).toEqual({ kind: "misconfigured" });
  });

  it("opens an external link in a new window", () => {
    expect(entryAction(node(1, null, [], { frame: 1, framePath: "https://example.com/x" }), ctx)).toEqual({ kind: "window", href: "https://example.com/x" });
    expect(entryAction(node(1, null, [], { frame: 1 }), ctx)).toEqual({ kind: "misconfigured" });
  });

  it("warns without a project and opens data screens in a new window with tId and projId", () => {
    expect(entryAction(node(1, "/reportList"), ctx)).toEqual({ kind: "needsProject" });
    expect(entryAction(node(1, "/globalDataScreen"), ctx)).toEqual({ kind: "needsProject" });
    expect(entryAction(node(1, "/globalDataScreen"), { tenantId: 2, projId: 7 })).toEqual({ kind: "window", href: "/globalDataScreen?tId=2&projId=7" });
    expect(entryAction(node(1, "/reportList"), { tenantId: 2, projId: 7 })).toMatchObject({ kind: "navigate" });
  });

  it("flattens leaves with their folders and finds the trail of a path", () => {
    const tree = [node(1, null, [node(2, "/msg/todo"), node(3, null, [node(4, "/msg/station")])]), node(5, "/knowledge"), node(6, null)];
    expect(flattenMenu(tree).map((e) => [e.node.id, e.trail.map((t) => t.id)])).toEqual([
      [2, [1]],
      [4, [1, 3]],
      [5, []],
    ]);
    expect(menuTrail(tree, "/msg/station").map((n) => n.id)).toEqual([1, 3, 4]);
    expect(menuTrail(tree, "/nowhere")).toEqual([]);
    // A detail page leads to its list's entry (breadcrumbs, the active entry, the open folder).
    expect(menuTrail(tree, "/msg/stationInfo").map((n) => n.id)).toEqual([1, 3, 4]);
  });
});
