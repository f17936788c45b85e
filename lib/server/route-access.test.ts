import { describe, expect, it } from "vitest";
import type { MenuNode } from "@/lib/shell/menu";
import { closedScreens } from "./route-access";

const entry = (path: string, childrens: MenuNode[] = []): MenuNode => ({ id: 1, name: path, nameEn: path, icon: null, path, frame: 0, framePath: null, type: "menu", childrens });

describe("closedScreens", () => {
  it("closes the screens the cloud reads by menu that the user's menu lacks, never home, messages or detail pages", () => {
    const closed = closedScreens([entry("", [entry("/devices/device"), entry("/alarm/alarmCenter")])]);
    expect(closed).toContain("/OTAUpdate");
    expect(closed).toContain("/systemSet/tenantSet");
    expect(closed).not.toContain("/devices/device");
    expect(closed).not.toContain("/alarm/alarmCenter");
    for (const open of ["/home", "/msg/todo", "/OTATaskInfo", "/devices/viewDevice"]) expect(closed).not.toContain(open);
  });

  it("matches the menu's paths whatever their case, and closes every menu screen of a user with no menu", () => {
    expect(closedScreens([entry("/otaupdate")])).not.toContain("/OTAUpdate");
    expect(closedScreens([]).length).toBeGreaterThan(60);
  });
});
