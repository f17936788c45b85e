import { describe, expect, it } from "vitest";
import { closeAll, closeOthers, closeRight, closeTab, keepAliveList, openTab, parseRecent, parseTabs, rememberRecent, RECENT_MAX, tabUrl, type RouteTab } from "./tabs";

const open = (...urls: string[]) => urls.reduce<RouteTab[]>((tabs, u) => openTab(tabs, u), []);
const paths = (tabs: RouteTab[]) => tabs.map((t) => t.path);

describe("tab list", () => {
  it("opens tabs once each, home first, updating the query of an open one", () => {
    const tabs = open("/systemSet/userSet", "/msg/stationInfo?id=1", "/systemSet/userSet?current=2", "/msg/stationInfo?id=2");
    expect(paths(tabs)).toEqual(["/home", "/systemSet/userSet", "/msg/stationInfo"]);
    expect(tabs.map(tabUrl)).toEqual(["/home", "/systemSet/userSet?current=2", "/msg/stationInfo?id=2"]);
    expect(tabs[1].meta).toEqual({ title: "routes.userSet", keepAlive: true });
    expect(tabs[2].meta.keepAlive).toBe(false);
  });

  it("never opens login, full-screen or unknown routes", () => {
    expect(paths(open("/login?tId=2", "/globalDataScreen?tId=2&projId=1", "/operations/robotControl", "/nope"))).toEqual(["/home"]);
  });

  it("closes a tab, moving to the right neighbour (left at the end) when it was active", () => {
    const tabs = open("/msg/todo", "/msg/station", "/knowledge");
    expect(closeTab(tabs, "/msg/station", "/msg/station")).toMatchObject({ next: "/knowledge" });
    expect(paths(closeTab(tabs, "/msg/station", "/msg/station").tabs)).toEqual(["/home", "/msg/todo", "/knowledge"]);
    expect(closeTab(tabs, "/knowledge", "/knowledge").next).toBe("/msg/station");
    expect(closeTab(tabs, "/knowledge", "/msg/todo").next).toBeNull();
    expect(closeTab(tabs, "/home", "/home")).toEqual({ tabs, next: null });
  });

  it("closes the others, those to the right, or all but home", () => {
    const tabs = open("/msg/todo", "/msg/station", "/knowledge", "/media/library");
    expect(paths(closeOthers(tabs, "/msg/station", "/msg/station").tabs)).toEqual(["/home", "/msg/station"]);
    expect(closeOthers(tabs, "/msg/station", "/knowledge").next).toBe("/msg/station");
    expect(paths(closeRight(tabs, "/msg/station", "/msg/todo").tabs)).toEqual(["/home", "/msg/todo", "/msg/station"]);
    expect(closeRight(tabs, "/msg/station", "/msg/todo").next).toBeNull();
    expect(closeRight(tabs, "/msg/station", "/media/library").next).toBe("/msg/station");
    expect(closeAll(tabs, "/knowledge")).toEqual({ tabs: [tabs[0]], next: "/home" });
    expect(closeAll(tabs, "/home").next).toBeNull();
  });

  it("lists the keep-alive names", () => {
    expect(keepAliveList(open("/msg/todo", "/msg/stationInfo?id=1"))).toEqual(["home", "todo"]);
  });

  it("reads persisted tabs back, dropping garbage, duplicates and stale routes", () => {
    const tabs = open("/msg/todo?current=3", "/knowledge");
    expect(parseTabs(JSON.stringify(tabs))).toEqual(tabs);
    expect(paths(parseTabs("not json"))).toEqual(["/home"]);
    expect(paths(parseTabs('{"a":1}'))).toEqual(["/home"]);
    const dirty = [{ path: "/knowledge" }, null, { path: "/gone" }, { path: "/knowledge", query: "?x=1" }, { path: "/login" }, { path: "/home", query: "javascript:x" }];
    expect(parseTabs(JSON.stringify(dirty)).map(tabUrl)).toEqual(["/home", "/knowledge"]);
  });
});

describe("recent pages", () => {
  it("keeps the newest visit of each route first, tabs only, at most ten", () => {
    let recent: string[] = [];
    for (const u of ["/msg/todo", "/home", "/knowledge", "/login", "/msg/todo?current=2"]) recent = rememberRecent(recent, u);
    expect(recent).toEqual(["/msg/todo?current=2", "/knowledge"]);
    const paths = ["/msg/todo", "/msg/station", "/alarm/alarmCenter", "/alarm/alarmRule", "/alarm/levelSet", "/alarm/alarmLink", "/systemSet/userSet", "/systemSet/roleSet", "/systemSet/menuSet", "/systemSet/dictSet", "/systemSet/pwdMode"];
    expect(paths.reduce(rememberRecent, [])).toHaveLength(RECENT_MAX);
    expect(parseRecent(JSON.stringify(["/knowledge", 3, "/nope"]))).toEqual(["/knowledge"]);
    expect(parseRecent("{")).toEqual([]);
  });
});
